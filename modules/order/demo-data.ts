import { hongKongDate } from "../../contract/dates";
import { DISTRICTS, type ORDER_STATUSES } from "../../contract/options";
import { cashDollarQuote, earnedCashDollarCents } from "../../backend/cash-dollar";
import { cardFeeCents } from "../../backend/checkout";
import { couponDiscountCents } from "../../contract/coupon-discount";
import { DEMO_ADDRESSES } from "../member/demo-data";
import { DEMO_PRODUCTS, VARIANT_PRODUCTS } from "../product/demo-data";
import { DEMO_COUPONS, couponMinimumCents } from "../promotion/demo-data";
import {
  quote,
  addDays,
  DEMO_SHOP_CARD_FEE_BASIS_POINTS,
  DEMO_SHOP_DELIVERY,
  DEMO_SHOP_PROMOTION,
  DEMO_STAFF,
  type ModuleDemoData,
} from "../../scripts/demo-sql";
import { returnDrafts, returnsSql } from "./returns-demo";

const DEMO_ORDER_DAYS = 90;

/** Demo Shop's generated members who order: member-1@demo-shop.example to member-40@…. */
const ORDERING_MEMBERS = 40;

type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What a demo line sells: a product without options, or a variant of a product with options (its SKU, and its
 * option values as the line keeps them).
 */
export interface DemoSellable {
  code: string;
  price: number;
  variant?: { sku: string; zh: string; en: string };
}

/** The variants on the shelf, each a sellable: every fifth order adds one at the counter or online. */
export const VARIANT_SALES: DemoSellable[] = VARIANT_PRODUCTS.flatMap((product) =>
  product.variants
    .filter((variant) => variant.stock > 0)
    .map((variant) => {
      const values = variant.values.map((position, option) => product.options[option].values[position - 1]);
      return {
        code: product.code,
        price: variant.price,
        variant: {
          sku: variant.sku,
          zh: values.map(([zh]) => zh).join(" / "),
          en: values.map(([, en]) => en).join(" / "),
        },
      };
    }),
);

/** An order as first drawn: who, what and how, before its discount and amounts. */
export interface DemoOrderDraft {
  /** Its idempotency key, which makes seeding again skip it. */
  key: string;
  /** Numbers the guest's name and phone and the SF waybill. */
  n: number;
  createdAt: string;
  channel: "pos" | "online";
  status: OrderStatus;
  memberEmail: string | null;
  method: "cash" | "credit_card" | "fps" | "payme" | "exchange";
  lines: { product: DemoSellable; quantity: number }[];
  delivery: { method: "sf_store" | "shop_delivery"; district: (typeof DISTRICTS)[number] } | null;
  /** The coupon it uses; without one, a member's order may pay part with the cash dollar earned so far. */
  coupon: string | null;
  spendsCashDollar: boolean;
  /** One unit of its last line is refunded later. */
  partlyRefunded: boolean;
}

interface DemoOrder extends DemoOrderDraft {
  subtotal: number;
  couponCents: number;
  cashDollarSpent: number;
  cashDollarCents: number;
  deliveryCents: number;
  cardFeeCents: number;
  total: number;
  earned: number;
  paidAt: string | null;
  /** Its status history: [from, to, who, when]. */
  moves: [OrderStatus | null, OrderStatus, string | null, string][];
  refund: { at: string; amount: number; fees: number; refundedUnits: number[]; note: string } | null;
}

/** The way an order goes; each status is reached this many hours after the order was made. */
const ORDER_PATH: [OrderStatus, number][] = [
  ["awaiting_payment", 0],
  ["unverified_payment", 2],
  ["paid", 4],
  ["preparing", 20],
  ["delivering", 26],
  ["completed", 50],
  ["refunded", 72],
];

/**
 * The state of the last week's website orders and shop deliveries by their day (today first). Unpaid website
 * orders are cancelled after two days, so only today's and yesterday's still wait for payment.
 */
const WEBSITE_OPEN_STATUSES: OrderStatus[] = [
  "awaiting_payment",
  "awaiting_payment",
  "unverified_payment",
  "paid",
  "preparing",
  "delivering",
  "delivering",
];

const SHOP_DELIVERY_STATUSES: OrderStatus[] = [
  "preparing",
  "preparing",
  "delivering",
  "delivering",
  "completed",
  "completed",
];

/** Unpaid website orders are cancelled after the payment setting's 48 hours; a partial refund comes after 60. */
const CANCEL_HOURS = 48;

const PARTIAL_REFUND_HOURS = 60;

export const hoursLater = (at: string, hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();

/**
 * Three or four orders a day between 10:00 and 21:00 Hong Kong time, made up but the same every time: two in
 * three at the counter (cash, card, FPS, PayMe; a few delivered by the shop), one in three from the website (SF
 * store delivery, paid by card or by FPS with a proof), one in four for a member. Older orders are completed,
 * some refunded in full or by a line, some website orders cancelled unpaid; the last week holds every open
 * state. Some use the summer coupon while it ran or the welcome coupon this week; some members pay part with
 * their cash dollar.
 */
function generatedOrderDrafts(now: Date): DemoOrderDraft[] {
  const today = hongKongDate(now);
  const forSale = DEMO_PRODUCTS.filter((product) => product.number % 9 !== 0);
  const drafts: DemoOrderDraft[] = [];
  let n = 0;
  for (let day = DEMO_ORDER_DAYS - 1; day >= 0; day--) {
    const date = addDays(today, -day);
    const count = 3 + (day % 2);
    for (let k = 0; k < count; k++) {
      n++;
      const hour = 10 + ((n * 5) % 11);
      const minute = (n * 17) % 60;
      // The database writes UTC; Hong Kong is 8 hours ahead.
      const createdAt = new Date(
        Date.parse(`${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00+08:00`),
      ).toISOString();
      if (Date.parse(createdAt) > now.getTime()) continue;
      const channel = n % 3 === 0 ? "online" : "pos";
      const member = n % 4 === 0 ? `member-${1 + ((n * 7) % ORDERING_MEMBERS)}@demo-shop.example` : null;
      const lines = [
        ...Array.from({ length: 1 + (n % 3) }, (_, index) => ({
          product: forSale[(n * 7 + index * 11) % forSale.length] as DemoSellable,
          quantity: 1 + ((n + index) % 2),
        })),
        ...(n % 5 === 3 ? [{ product: VARIANT_SALES[(n * 3) % VARIANT_SALES.length], quantity: 1 }] : []),
      ].filter((line, index, all) => all.findIndex((other) => other.product === line.product) === index);
      // One counter sale a day is delivered by the shop this week; the last week's orders are still open, by age.
      const delivered = channel === "pos" && day < 6 && n % 3 === 1;
      const status: OrderStatus =
        channel === "online" && day < WEBSITE_OPEN_STATUSES.length
          ? WEBSITE_OPEN_STATUSES[day]
          : delivered
            ? SHOP_DELIVERY_STATUSES[day]
            : channel === "online" && n % 13 === 0
              ? "cancelled"
              : n % 17 === 0 && day > 5 && !member
                ? "refunded"
                : "completed";
      const unpaid = ["awaiting_payment", "unverified_payment", "cancelled"].includes(status);
      drafts.push({
        key: `demo-order-${n}`,
        n,
        createdAt,
        channel,
        status,
        memberEmail: member,
        method:
          channel === "online"
            ? n % 2 === 0 && !unpaid
              ? "credit_card"
              : "fps"
            : (["cash", "credit_card", "fps", "payme", "cash"] as const)[n % 5],
        lines,
        delivery:
          channel === "online"
            ? { method: "sf_store", district: DISTRICTS[Math.floor(n / 3) % DISTRICTS.length] }
            : delivered
              ? { method: "shop_delivery", district: DISTRICTS[n % DISTRICTS.length] }
              : null,
        coupon:
          status === "cancelled"
            ? null
            : day >= 31 && day <= 59 && n % 5 === 2
              ? "SUMMR"
              : day <= 6 && member
                ? "WELC0"
                : null,
        spendsCashDollar: n % 8 === 4,
        partlyRefunded:
          status === "completed" && !member && day > 4 && n % 23 === 5 && lines.some((line) => line.quantity > 1),
      });
    }
  }
  return drafts;
}

/** FIRST's three uses: counter sales to three members ten, nine and eight days ago, [e-mail, product codes]. */
const FIRST_COUPON_SALES = [
  ["taiman.chan@example.com", ["DEMO-016", "DEMO-022"]],
  ["kayan.lee@example.com", ["DEMO-017", "DEMO-023"]],
  ["meiling.cheung@example.com", ["DEMO-015", "DEMO-024"]],
] as const;

function firstCouponDrafts(now: Date): DemoOrderDraft[] {
  const today = hongKongDate(now);
  return FIRST_COUPON_SALES.map(([email, codes], index) => ({
    key: `demo-order-first-${index + 1}`,
    n: 1000 + index,
    createdAt: new Date(Date.parse(`${addDays(today, index - 10)}T15:00:00+08:00`)).toISOString(),
    channel: "pos",
    status: "completed",
    memberEmail: email,
    method: "cash",
    lines: codes.map((code) => ({ product: DEMO_PRODUCTS.find((product) => product.code === code)!, quantity: 1 })),
    delivery: null,
    coupon: "FIRST",
    spendsCashDollar: false,
    partlyRefunded: false,
  }));
}

/** The moves that bring an order to its status, squeezed into the time since it was made when it is recent. */
function movesOf(draft: DemoOrderDraft, now: Date): DemoOrder["moves"] {
  const first: OrderStatus =
    draft.channel === "pos"
      ? draft.delivery
        ? "preparing"
        : "completed"
      : draft.method === "credit_card"
        ? "paid"
        : "awaiting_payment";
  const statuses = ORDER_PATH.map(([status]) => status);
  const path: [OrderStatus, number][] =
    draft.status === "cancelled"
      ? [
          ["awaiting_payment", 0],
          ["cancelled", CANCEL_HOURS],
        ]
      : ORDER_PATH.slice(statuses.indexOf(first), statuses.indexOf(draft.status) + 1);
  const last = path[path.length - 1][1];
  const hoursSince = (now.getTime() - Date.parse(draft.createdAt)) / 3_600_000;
  const squeeze = last > hoursSince ? (0.9 * hoursSince) / last : 1;
  return path.map(([to, hours], index) => {
    const customers = index === 0 ? draft.channel === "online" : to === "unverified_payment" || to === "cancelled";
    return [
      index === 0 ? null : path[index - 1][0],
      to,
      customers ? null : DEMO_STAFF,
      index === 0 ? draft.createdAt : hoursLater(draft.createdAt, hours * squeeze),
    ];
  });
}

/** The coupon's discount on a subtotal, or none when the coupon asks for more (the checkout engine's rules). */
function couponDiscount(code: string, subtotal: number) {
  const [, , , , type, value] = DEMO_COUPONS.find(([coupon]) => coupon === code)!;
  return subtotal < couponMinimumCents(type)
    ? 0
    : couponDiscountCents({ discountType: type, discountValue: value }, subtotal);
}

/**
 * Prices each order as the checkout engine does (coupon or cash dollar, delivery free over the method's
 * amount, the card fee on what the card pays), in the order they were made, so each member spends only the
 * cash dollar their paid orders had earned by then (the earn rate on what they paid), at most half an order.
 */
function pricedOrders(drafts: DemoOrderDraft[], now: Date): DemoOrder[] {
  const { cash_dollar_earn_rate: earnRate, cash_dollar_redeem_rate: redeemRate } = DEMO_SHOP_PROMOTION;
  const earnings = new Map<string, { at: string; cents: number }[]>();
  const spent = new Map<string, number>();
  const onceUsed = new Set<string>();
  return drafts.map((draft): DemoOrder => {
    const member = draft.memberEmail;
    const subtotal = draft.lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
    const once = draft.coupon && member && DEMO_COUPONS.find(([code]) => code === draft.coupon)![3] === "once";
    const couponCents =
      draft.coupon && !(once && onceUsed.has(`${draft.coupon}:${member}`)) ? couponDiscount(draft.coupon, subtotal) : 0;
    if (once && couponCents > 0) onceUsed.add(`${draft.coupon}:${member}`);
    let cashDollar = { discountCents: 0, spendCents: 0 };
    if (member && couponCents === 0 && draft.spendsCashDollar) {
      const earned = (earnings.get(member) ?? []).filter(({ at }) => at <= draft.createdAt);
      const balance = earned.reduce((sum, { cents }) => sum + cents, 0) - (spent.get(member) ?? 0);
      const quote = cashDollarQuote({ balanceCents: balance, redeemRate, payableCents: Math.floor(subtotal / 2) });
      if (!("error" in quote) && quote.discountCents > 0) cashDollar = quote;
      spent.set(member, (spent.get(member) ?? 0) + cashDollar.spendCents);
    }
    const goods = subtotal - couponCents - cashDollar.discountCents;
    const delivery = draft.delivery && DEMO_SHOP_DELIVERY[draft.delivery.method];
    const deliveryCents =
      !draft.delivery || !delivery || goods >= delivery.free_delivery_amount_cents
        ? 0
        : delivery.charge_cents[draft.delivery.district];
    const cardFee =
      draft.method === "credit_card" ? cardFeeCents(goods + deliveryCents, DEMO_SHOP_CARD_FEE_BASIS_POINTS) : 0;
    const total = goods + deliveryCents + cardFee;
    const moves = movesOf(draft, now);
    const paidMove = moves.find(([, to]) => ["paid", "preparing", "completed"].includes(to));
    const paidAt = paidMove ? paidMove[3] : null;
    const earned = member && paidAt ? earnedCashDollarCents(total, earnRate) : 0;
    if (member && earned > 0) earnings.set(member, [...(earnings.get(member) ?? []), { at: paidAt!, cents: earned }]);
    const refundMove = moves.find(([, to]) => to === "refunded");
    const lastLine = draft.lines.length - 1;
    const refund = refundMove
      ? {
          at: refundMove[3],
          amount: total,
          fees: deliveryCents + cardFee,
          refundedUnits: draft.lines.map((line) => line.quantity),
          note: "客人退貨",
        }
      : draft.partlyRefunded
        ? {
            at: hoursLater(draft.createdAt, PARTIAL_REFUND_HOURS),
            // A line is worth what was paid for it: its price's share of the goods after the discount.
            amount: Math.floor((draft.lines[lastLine].product.price * (total - deliveryCents - cardFee)) / subtotal),
            fees: 0,
            refundedUnits: draft.lines.map((_, index) => (index === lastLine ? 1 : 0)),
            note: "部分退貨",
          }
        : null;
    return {
      ...draft,
      subtotal,
      couponCents,
      coupon: couponCents > 0 ? draft.coupon : null,
      cashDollarSpent: cashDollar.spendCents,
      cashDollarCents: cashDollar.discountCents,
      deliveryCents,
      cardFeeCents: cardFee,
      total,
      earned,
      paidAt,
      moves,
      refund,
    };
  });
}

/**
 * Demo Shop's last three months of orders (`generatedOrderDrafts`, and FIRST's three uses), written as the
 * checkout, the order workflow and refunds would have left them: the coupon's redemption, the cash dollar
 * spent and earned in the members' ledgers (each row with the balance it left, in time order), card fees,
 * refunds in full or by line. The catalogue's stock is what is on the shelf today, after these sales; each
 * product's sold count and each coupon's use count are counted again from the orders. Skipped when there,
 * and an order whose coupon is used up or whose member lacks the cash dollar is left out, so seeding again
 * (another day, over older demo data) never breaks a limit.
 */
export function demoOrdersSql(now: Date, proofImageUrl: string): string {
  const key = quote("demo-shop");
  const drafts = [...generatedOrderDrafts(now), ...firstCouponDrafts(now), ...returnDrafts(now)].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const timeline = pricedOrders(drafts, now).flatMap((order) => orderStatements(order, proofImageUrl));
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return [
    ...timeline.map(({ sql }) => sql),
    `UPDATE coupon SET times_used = (SELECT count(*) FROM coupon_redemption r
        WHERE r.application_key = coupon.application_key AND r.coupon_id = coupon.id)
      WHERE application_key = ${key};`,
    `UPDATE product SET sold_quantity = (SELECT coalesce(sum(l.quantity), 0) FROM order_line l
        WHERE l.application_key = product.application_key AND l.product_id = product.id)
      WHERE application_key = ${key};`,
    returnsSql(),
  ].join("\n");
}

/** An order's statements, at the moment each happened: the order with all its rows, and a verified payment's earning. */
/** The store's first location (by position) of a use, else its first. */
const firstLocation = (key: ReturnType<typeof quote>, use: "sells_at_counter" | "ships_online_orders", offset = 0) =>
  `coalesce((SELECT id FROM location WHERE application_key = ${key} AND ${use} ORDER BY position LIMIT 1 OFFSET ${offset}),
    (SELECT id FROM location WHERE application_key = ${key} ORDER BY position LIMIT 1))`;

/** The counter a demo sale was made at: Demo Shop's sales alternate between its two shops. */
const counterOf = (key: ReturnType<typeof quote>, n: number) => firstLocation(key, "sells_at_counter", n % 2);

function orderStatements(order: DemoOrder, proofImageUrl: string): { at: string; sql: string }[] {
  const key = quote("demo-shop");
  const orderOf = `(SELECT id FROM store_order WHERE application_key = ${key} AND idempotency_key = ${quote(order.key)})`;
  // The order is there (the checkout's refusals below may leave it out) without rows of this table yet.
  const fresh = (table: string) =>
    `${orderOf} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${table} WHERE application_key = ${key} AND order_id = ${orderOf})`;
  const memberColumn = (column: string) =>
    order.memberEmail
      ? `(SELECT ${column} FROM member WHERE application_key = ${key} AND email = ${quote(order.memberEmail)})`
      : "NULL";
  const online = order.channel === "online";
  const guestPhone = quote(`6${String(1000000 + order.n * 37).slice(-7)}`);
  const name = order.memberEmail
    ? memberColumn("name")
    : quote(online ? `網上客人 ${order.n}` : order.delivery ? `門市客人 ${order.n}` : "");
  const phone = order.memberEmail ? `coalesce(${memberColumn("phone")}, ${guestPhone})` : guestPhone;
  const delivery = order.delivery;
  const paymentStatus = order.status === "refunded" ? "refunded" : order.paidAt ? "succeeded" : "no_payment_record";
  const coupon =
    order.coupon && `(SELECT id FROM coupon WHERE application_key = ${key} AND code = ${quote(order.coupon)})`;
  // What the checkout would have refused: a coupon with no uses left (or used once by the member), too little cash dollar.
  const allowed = [
    coupon &&
      `EXISTS (SELECT 1 FROM coupon c WHERE c.id = ${coupon}
        AND (c.usage_limit IS NULL OR (SELECT count(*) FROM coupon_redemption r WHERE r.coupon_id = c.id) < c.usage_limit)
        AND (c.usage <> 'once' OR NOT EXISTS (SELECT 1 FROM coupon_redemption r WHERE r.coupon_id = c.id AND r.once_key = ${memberColumn("id")})))`,
    order.cashDollarSpent > 0 && `${memberColumn("cash_dollar_cents")} >= ${order.cashDollarSpent}`,
  ].filter(Boolean);
  const made = `INSERT INTO store_order (application_key, order_number, idempotency_key, channel, status, payment_status, member_id,
      customer_name, customer_email, customer_phone, subtotal_cents, coupon_id, coupon_code, coupon_discount_cents,
      cash_dollar_spent_cents, cash_dollar_discount_cents, delivery_charge_cents, card_fee_cents, total_cents, refunded_cents,
      cash_dollar_earned_cents, payment_method, delivery_method, receiver_name, receiver_phone, delivery_address,
      delivery_district, delivery_number, created_at, paid_at, location_id)
    SELECT ${key}, (SELECT coalesce(max(order_number), 1000) + 1 FROM store_order WHERE application_key = ${key}),
      ${quote(order.key)}, ${quote(order.channel)}, ${quote(order.status)}, ${quote(paymentStatus)}, ${memberColumn("id")},
      coalesce(${name}, ''), ${online ? (order.memberEmail ? quote(order.memberEmail) : quote(`customer-${order.n}@demo-shop.example`)) : "NULL"},
      ${online || delivery ? phone : "NULL"}, ${order.subtotal}, ${coupon ?? "NULL"}, ${quote(order.coupon)}, ${order.couponCents},
      ${order.cashDollarSpent}, ${order.cashDollarCents}, ${order.deliveryCents}, ${order.cardFeeCents}, ${order.total},
      ${order.refund?.amount ?? 0}, ${order.earned}, ${quote(order.method)}, ${quote(delivery?.method ?? null)},
      ${delivery ? name : "NULL"}, ${delivery ? phone : "NULL"},
      ${delivery ? quote(delivery.method === "sf_store" ? `順豐站 ${852 + (order.n % 40)}` : DEMO_ADDRESSES[delivery.district]) : "NULL"},
      ${quote(delivery?.district ?? null)},
      ${delivery?.method === "sf_store" && ["delivering", "completed", "refunded"].includes(order.status) ? quote(`SF${7_000_000_000 + order.n}`) : "NULL"},
      ${quote(order.createdAt)}, ${quote(order.paidAt)}, ${online ? "NULL" : counterOf(key, order.n)}
    WHERE NOT EXISTS (SELECT 1 FROM store_order WHERE application_key = ${key} AND idempotency_key = ${quote(order.key)})${allowed.map((condition) => `\n      AND ${condition}`).join("")};`;
  // A line names its variant by SKU; a product without options has one variant, which it sells.
  const lines = `INSERT INTO order_line (application_key, order_id, kind, product_id, variant_id, variant_name_zh_hk,
      variant_name_en, position, name_zh_hk, name_en, unit_price_cents, quantity, line_total_cents, refunded_quantity,
      location_id)
    SELECT ${key}, ${orderOf}, 'product', p.id, pv.id, v.column5, v.column6, v.column1, p.name_zh_hk, p.name_en,
      pv.price_cents, v.column3, pv.price_cents * v.column3, v.column4,
      coalesce((SELECT location_id FROM store_order WHERE id = ${orderOf}), ${firstLocation(key, "ships_online_orders")})
    FROM (VALUES ${order.lines
      .map((line, index) =>
        [
          index + 1,
          quote(line.product.code),
          line.quantity,
          order.refund?.refundedUnits[index] ?? 0,
          quote(line.product.variant?.zh ?? null),
          quote(line.product.variant?.en ?? null),
          quote(line.product.variant?.sku ?? null),
        ].join(", "),
      )
      .map((row) => `(${row})`)
      .join(", ")}) v
      JOIN product p ON p.application_key = ${key} AND p.product_code = v.column2
      JOIN product_variant pv ON pv.product_id = p.id AND (v.column7 IS NULL OR pv.sku = v.column7)
    WHERE ${fresh("order_line")};`;
  const proof = order.method === "fps" && online && order.status !== "awaiting_payment" && order.status !== "cancelled";
  const payment = `INSERT INTO order_payment (application_key, order_id, method, amount_cents, status, proof_image_urls, created_at)
    SELECT ${key}, ${orderOf}, ${quote(order.method)}, ${order.total}, ${quote(paymentStatus)},
      ${quote(JSON.stringify(proof ? [proofImageUrl] : []))}, ${quote(order.createdAt)}
    WHERE ${fresh("order_payment")};`;
  const history = `INSERT INTO order_status_history (application_key, order_id, from_status, to_status, actor_email, note, created_at)
    SELECT ${key}, ${orderOf}, v.column1, v.column2, v.column3, NULL, v.column4
    FROM (VALUES ${order.moves.map((move) => `(${move.map(quote).join(", ")})`).join(", ")}) v
    WHERE ${fresh("order_status_history")};`;
  // iif, not CASE: wrangler's file splitter reads `END,` as a CASE still open and runs the rest as one statement.
  const redemption =
    order.coupon &&
    `INSERT INTO coupon_redemption (application_key, coupon_id, member_id, once_key, order_id, discount_cents, created_at)
    SELECT ${key}, o.coupon_id, o.member_id, iif(c.usage = 'once', o.member_id, NULL), o.id, o.coupon_discount_cents, o.created_at
    FROM store_order o JOIN coupon c ON c.id = o.coupon_id
    WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(order.key)} AND ${fresh("coupon_redemption")};`;
  // The refund of the order as written: an order the seed did not make (an older demo's) has its own.
  const refund =
    order.refund &&
    `INSERT INTO order_refund (application_key, order_id, amount_cents, fees_cents, actor_email, note, created_at)
    SELECT ${key}, o.id, o.refunded_cents, ${order.refund.fees}, ${quote(DEMO_STAFF)}, ${quote(order.refund.note)},
      ${quote(order.refund.at)}
    FROM store_order o
    WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(order.key)} AND o.refunded_cents > 0
      AND ${fresh("order_refund")};`;
  const actor = online ? order.memberEmail! : DEMO_STAFF;
  const spending =
    order.cashDollarSpent > 0 && cashDollarSql(order.key, "-o.cash_dollar_spent_cents", actor, order.createdAt);
  // Paid when made, it earns with the checkout; else when staff verify its payment.
  const earnedAtOnce = order.paidAt === order.createdAt;
  const earning =
    order.earned > 0 &&
    cashDollarSql(order.key, "o.cash_dollar_earned_cents", earnedAtOnce ? actor : DEMO_STAFF, order.paidAt!);
  return [
    {
      at: order.createdAt,
      sql: [made, lines, payment, history, redemption, refund, spending, earnedAtOnce && earning]
        .filter(Boolean)
        .join("\n"),
    },
    ...(earning && !earnedAtOnce ? [{ at: order.paidAt!, sql: earning }] : []),
  ];
}

/**
 * A demo order's cash dollar (its `amount`, an SQL expression over the order `o`, spent or earned) as
 * `cashDollarStatements` writes it: the member's balance, then the ledger row with the balance it left.
 * Only for an order the seed has just made with that amount, and once.
 */
function cashDollarSql(orderKey: string, amount: string, actor: string, at: string) {
  const key = quote("demo-shop");
  const order = `store_order o WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(orderKey)} AND ${amount} <> 0`;
  const written = `EXISTS (SELECT 1 FROM cash_dollar_record r WHERE r.application_key = ${key} AND r.order_id = o.id
      AND r.action = 'order' AND (r.amount_cents < 0) = (${amount} < 0))`;
  return `UPDATE member SET cash_dollar_cents = cash_dollar_cents + (SELECT ${amount} FROM ${order})
    WHERE application_key = ${key} AND id = (SELECT o.member_id FROM ${order} AND NOT ${written});
  INSERT INTO cash_dollar_record (application_key, member_id, action, amount_cents, balance_after_cents, order_id, actor_email, created_at)
    SELECT ${key}, m.id, 'order', ${amount}, m.cash_dollar_cents, o.id, ${quote(actor)}, ${quote(at)}
    FROM store_order o JOIN member m ON m.id = o.member_id
    WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(orderKey)} AND ${amount} <> 0 AND NOT ${written};`;
}

export const orderDemoData: ModuleDemoData = { rank: 20, sql: ({ now, images }) => demoOrdersSql(now, images.bag) };
