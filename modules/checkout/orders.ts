// Making an order: the one batch of its creation, shared by the counter sale (actions/pos-sale.ts), the
// website's order (actions/website-orders.ts) and the orders an approved quotation or an arrived booking makes.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CheckoutInput, CreatedOrder, Payload } from "../../contract/actions";
import type { LANGUAGES, ORDER_STATUSES, OrderPaymentMethod, PAYMENT_STATUSES } from "../../contract/options";
import type { Caller } from "../../backend/caller";
import { cashDollarStatements, rethrowCashDollarRefused } from "../../backend/cash-dollar";
import {
  computeOrderAmount,
  type CheckoutOptions,
  type CheckoutReads,
  type OrderChannel,
  type PricedOrder,
} from "../../backend/checkout";
import { couponRedemptionStatements, rethrowCouponRefused } from "../../backend/coupons";
import type { StoreScope } from "../../backend/db/scope";
import {
  addOnProducts,
  orderLines,
  orderPayments,
  orders,
  orderStatusHistory,
  products,
  productVariants,
  stockLevels,
} from "../../backend/db/schema";
import { fulfilmentLocation, isStockShort, pickupLocation, updateStockAt } from "../product/stock-levels";
import { ActionError, found } from "../../backend/errors";
import { isRateLimitRefusal, rateLimitedError } from "../../backend/rate-limit";
import { chunks } from "../../backend/db/chunks";
import { errorText } from "../../backend/unique";
import { paidOrderRewards, SYSTEM_ACTOR, type PaidOrderRules } from "../../backend/order-workflow";
import { isStoredValueRefusal, redemptionStatements } from "./stored-value";
import { issueSoldGiftCards, type SoldGiftCard, type SoldGiftCardRecipient } from "../gift-card/sold";

export type OrderStatus = (typeof ORDER_STATUSES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
type Language = (typeof LANGUAGES)[number];
export type OrderRow = typeof orders.$inferSelect;

type CreatedRow = Pick<OrderRow, "id" | "orderNumber" | "status" | "paymentStatus" | "totalCents">;

export const toCreated = (row: CreatedRow) => ({
  id: row.id,
  order_number: row.orderNumber,
  status: row.status,
  payment_status: row.paymentStatus,
  total_cents: row.totalCents,
});

export const createdFields = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  totalCents: orders.totalCents,
};

/** The order of a submission, for a replay: the idempotency key is unique per store. */
/** The log entry of a counter sale made in the caller's batch, named by its number (#1001), found by its key. */
export const counterSaleLog = (store: StoreScope, caller: Caller, now: Date, idempotencyKey: string) =>
  store.log(caller, now, {
    action: "add",
    dataType: "order_data",
    recordId: sql`(select ${orders.orderNumber} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, idempotencyKey))})`,
    // The order's lines and amounts are its own page.
    recordName: null,
    before: null,
    after: null,
  });

export const orderOfSubmission = (store: StoreScope, idempotencyKey: string) =>
  store.selectFields(orders, createdFields, eq(orders.idempotencyKey, idempotencyKey)).limit(1);

export function priceOrThrow(reads: CheckoutReads, input: CheckoutInput, now: Date, options: CheckoutOptions) {
  const outcome = computeOrderAmount(reads, input, now, options);
  if (!outcome.ok) throw new ActionError(outcome.status, outcome.message, outcome.fields);
  return outcome;
}

export function refuseChangedTotal(expected: number | undefined, priced: PricedOrder) {
  if (expected !== undefined && expected !== priced.amount.total_cents) {
    throw new ActionError(409, "totals-not-matching");
  }
}

/** What a checkout paid as it is made earns by: the plan and the setting it was priced with. */
export function paidOrderRules([, , , , , , , [setting], , [plan]]: CheckoutReads): PaidOrderRules {
  return {
    plan,
    cashDollar: setting && { enabled: setting.cashDollarEnabled, earnRate: setting.cashDollarEarnRate },
    vip: setting && {
      enabled: setting.vipEnabled,
      upgradeSpendCents: setting.vipUpgradeSpendCents,
      upgradeDays: setting.vipUpgradeDays,
    },
  };
}

/** Who the order's cash-dollar ledger rows name, and what it earns by when it is paid as it is made. */
interface OrderContext {
  cashDollarActor: Pick<Caller, "email">;
  rules: PaidOrderRules;
  now: Date;
}

/** What of a submission an order keeps: its idempotency key, delivery and note. */
type OrderSubmission = Pick<Payload<"add_pos_order_data">, "idempotency_key" | "delivery" | "note">;

export interface NewOrder {
  channel: OrderChannel;
  input: OrderSubmission;
  priced: PricedOrder;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: OrderPaymentMethod | null;
  customer: { name: string; email: string | null; phone: string | null };
  payments: {
    method: OrderPaymentMethod;
    amountCents: number;
    /** Cash handed over beyond the amount, the difference given back as change. */
    tenderedCents?: number;
    status: PaymentStatus;
    gatewayReference?: string;
    /** The card a gift-card payment redeems. */
    giftCardId?: number;
  }[];
  /** Who made it: the staff at the counter, or nobody (the customer) on the website. */
  actorEmail: string | null;
  /** The website's customer's language; zh-HK otherwise. */
  customerLanguage?: Language;
  /** Who the gift cards it sells go to, when not its customer as recorded (a counter sale's member). */
  giftCardRecipient?: SoldGiftCardRecipient;
  /** When it was made and paid, for a sale an offline device made earlier (ISO, UTC); the database's clock otherwise. */
  madeAt?: string;
  /**
   * A sale made already (offline): it takes its stock down to 0 at most, whatever is short, after `noteShort`,
   * which sees the stock as it was (modules/pos/actions/offline.ts records what was short).
   */
  soldAlready?: { noteShort: BatchItem<"sqlite">[] };
  /** The counter's location a POS sale is made at, which it takes every unit from (checked by the caller). */
  counterLocationId?: number | SQL<number>;
}

/** `stock − units`, or down to 0 at most for a sale made already; an unlimited item keeps its stock. */
const stockAfter = (stock: SQL, unlimited: SQL, units: number, soldAlready: boolean) =>
  soldAlready
    ? sql`case when ${unlimited} then ${stock} else max(${stock} - ${units}, 0) end`
    : sql`case when ${unlimited} then ${stock} else ${stock} - ${units} end`;

/** Order lines per insert: 17 bound values each (the order's id is a subquery), and D1 binds at most 100. */
const ORDER_LINES_PER_INSERT = 5;

/**
 * Every statement of an order's creation, for one batch: the order (numbered after the store's last, from
 * 1001), its lines, payments and first status-history row, the stock it takes (the stock CHECKs refuse
 * what is not there; unlimited items keep theirs), the coupon's redemption and the cash dollar spent, and
 * when it is paid already what the payment earns (`paidOrderRewards`, as staff marking an order paid). The
 * rows after the order find it by its idempotency key, so the whole order is one atomic write.
 */
function orderStatements(store: StoreScope, order: NewOrder, { cashDollarActor, rules, now }: OrderContext) {
  const { input, priced } = order;
  const { amount } = priced;
  const delivery = input.delivery;
  const orderId = sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, input.idempotency_key))})`;
  const member = priced.member;
  const rewards =
    order.paymentStatus === "succeeded"
      ? paidOrderRewards(
          store,
          cashDollarActor,
          // Gift cards earn nothing: the money is spent when the card is.
          { id: orderId, memberId: member?.id ?? null, totalCents: amount.total_cents - amount.gift_card_cents },
          rules,
          now,
        )
      : { earnedCents: 0, statements: [] };
  const lastNumber = sql`(select coalesce(max(${orders.orderNumber}), 1000) from ${orders} where ${store.where(orders)})`;
  const pickupPoint = delivery?.method === "self_pickup" ? pickupLocation(store, delivery.pickup_address) : undefined;
  const use = order.channel === "pos" ? "counter" : "online";
  const lineOf = (variantId: number) => and(eq(orderLines.orderId, orderId), eq(orderLines.variantId, variantId));
  return [
    store
      .insert(orders, [
        {
          orderNumber: sql`${lastNumber} + 1`,
          idempotencyKey: input.idempotency_key,
          channel: order.channel,
          status: order.status,
          paymentStatus: order.paymentStatus,
          memberId: member?.id ?? null,
          customerName: order.customer.name,
          customerEmail: order.customer.email,
          customerPhone: order.customer.phone,
          subtotalCents: amount.subtotal_cents,
          couponId: priced.coupon?.id ?? null,
          couponCode: priced.coupon?.code ?? null,
          couponDiscountCents: amount.coupon_discount_cents,
          cashDollarSpentCents: amount.cash_dollar_spent_cents,
          cashDollarDiscountCents: amount.cash_dollar_discount_cents,
          deliveryChargeCents: amount.delivery_charge_cents,
          cardFeeCents: amount.card_fee_cents,
          totalCents: amount.total_cents,
          cashDollarEarnedCents: rewards.earnedCents,
          paymentMethod: order.paymentMethod,
          deliveryMethod: delivery?.method ?? null,
          receiverName: delivery?.receiver_name ?? null,
          receiverPhone: delivery?.receiver_phone ?? null,
          deliveryAddress:
            delivery?.method === "self_pickup" ? (delivery.pickup_address ?? null) : (delivery?.address ?? null),
          deliveryDistrict: delivery?.method === "self_pickup" ? null : (delivery?.district ?? null),
          deliveryRemark: delivery?.remark ?? null,
          note: input.note ?? null,
          paidAt:
            order.paymentStatus === "succeeded" ? (order.madeAt ?? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`) : null,
          createdAt: order.madeAt,
          customerLanguage: order.customerLanguage,
          locationId: order.counterLocationId ?? pickupPoint ?? null,
        },
      ])
      .returning(createdFields),
    ...chunks(amount.lines, ORDER_LINES_PER_INSERT).map((lines) =>
      store.insert(
        orderLines,
        lines.map((line) => ({
          orderId,
          kind: line.kind,
          productId: line.product_id,
          variantId: line.variant_id,
          variantNameZhHk: line.variant_name_zh_hk,
          variantNameEn: line.variant_name_en,
          addOnProductId: line.add_on_product_id,
          parentPosition: line.parent_position,
          position: line.position,
          nameZhHk: line.name_zh_hk,
          nameEn: line.name_en,
          unitPriceCents: line.unit_price_cents,
          quantity: line.quantity,
          lineTotalCents: line.line_total_cents,
          giftCard: line.gift_card,
          giftCardValidMonths: priced.giftCardLines.get(line.position)?.validMonths ?? null,
        })),
      ),
    ),
    store.insert(orderStatusHistory, [
      { orderId, fromStatus: null, toStatus: order.status, actorEmail: order.actorEmail, createdAt: order.madeAt },
    ]),
    ...(order.payments.length > 0
      ? [
          store.insert(
            orderPayments,
            order.payments.map((payment) => ({
              orderId,
              method: payment.method,
              amountCents: payment.amountCents,
              tenderedCents: payment.tenderedCents ?? null,
              status: payment.status,
              gatewayReference: payment.gatewayReference ?? null,
              giftCardId: payment.giftCardId ?? null,
            })),
          ),
        ]
      : []),
    ...(order.soldAlready?.noteShort ?? []),
    // Each variant's lines name the location its units come from, then its stock there is taken.
    ...[...priced.variantUnits].flatMap(([id, units]) => [
      store.update(
        orderLines,
        { locationId: order.counterLocationId ?? fulfilmentLocation(store, use, id, units, pickupPoint) },
        lineOf(id),
      ),
      updateStockAt(
        store,
        id,
        sql`(select ${orderLines.locationId} from ${orderLines} where ${store.where(orderLines, lineOf(id))} limit 1)`,
        stockAfter(
          sql`${stockLevels.stock}`,
          sql`(${store.selectFields(productVariants, { unlimited: productVariants.unlimitedInventory }, eq(productVariants.id, id))})`,
          units,
          order.soldAlready !== undefined,
        ),
      ),
    ]),
    ...[...priced.productUnits].map(([id, units]) =>
      store.update(products, { soldQuantity: sql`${products.soldQuantity} + ${units}` }, eq(products.id, id)),
    ),
    // An add-on's stock is a field of its form: taking some makes an open form stale, as any other change does.
    ...[...priced.addOnUnits].map(([id, units]) =>
      store.update(
        addOnProducts,
        {
          stock: stockAfter(
            sql`${addOnProducts.stock}`,
            sql`${addOnProducts.unlimitedInventory}`,
            units,
            order.soldAlready !== undefined,
          ),
          version: sql`case when ${addOnProducts.unlimitedInventory} then ${addOnProducts.version} else ${addOnProducts.version} + 1 end`,
        },
        eq(addOnProducts.id, id),
      ),
    ),
    ...(priced.coupon
      ? couponRedemptionStatements(store, {
          coupon: priced.coupon,
          memberId: member?.id ?? null,
          discountCents: amount.coupon_discount_cents,
          orderId,
        })
      : []),
    ...redemptionStatements(store, order.payments, {
      memberId: member?.id,
      orderId,
      actorEmail: cashDollarActor.email,
    }),
    ...(member && amount.cash_dollar_spent_cents > 0
      ? cashDollarStatements(store, cashDollarActor, {
          memberId: member.id,
          amountCents: -amount.cash_dollar_spent_cents,
          action: "order",
          orderId,
        })
      : []),
    ...rewards.statements,
  ] as const;
}

/**
 * The statements of an order made for the customer to pay later, for the caller's batch: an approved
 * quotation's (modules/quotation/conversion.ts; by staff, or by the customer approving through the link, `actor`
 * null) or a product booking's once its stock arrived (modules/product-booking/actions.ts). It is made like a
 * counter sale (`pos`) but waits for its payment: the unpaid-order job cancels website orders only, so it stays
 * until it is paid or staff cancel it. Its idempotency key is its source's, so a quotation or a booking makes
 * one order.
 */
export function awaitingPaymentOrderStatements(
  store: StoreScope,
  actor: Caller | null,
  now: Date,
  rules: PaidOrderRules,
  order: { idempotencyKey: string; priced: PricedOrder; customer: NewOrder["customer"]; note: string },
) {
  return orderStatements(
    store,
    {
      channel: "pos",
      input: { idempotency_key: order.idempotencyKey, delivery: undefined, note: order.note },
      priced: order.priced,
      status: "awaiting_payment",
      paymentStatus: "no_payment_record",
      paymentMethod: null,
      customer: order.customer,
      payments: [],
      actorEmail: actor?.email ?? null,
    },
    { cashDollarActor: actor ?? { email: SYSTEM_ACTOR }, rules, now },
  );
}

/** A refusal of the order's batch in the catalogue's words, or the error itself. */
export function rethrowOrderRefused(error: unknown): never {
  const text = errorText(error);
  if (isStockShort(text) || text.includes("add_on_product_stock_not_negative")) {
    throw new ActionError(409, "inventory-not-enough");
  }
  if (/coupon_usage_within_limit|UNIQUE constraint failed: coupon_redemption\./.test(text)) rethrowCouponRefused(error);
  if (isStoredValueRefusal(error)) throw new ActionError(409, "stored-value-changed");
  if (/member_cash_dollar_not_negative|cash_dollar_record\.balance_after_cents/.test(text)) {
    rethrowCashDollarRefused(error);
  }
  if (isRateLimitRefusal(error)) throw rateLimitedError();
  if (/NOT NULL constraint failed: pos_cart\.version/.test(text)) throw new ActionError(409, "edited-elsewhere");
  throw error;
}

const isReplay = (error: unknown) =>
  /UNIQUE constraint failed: store_order\.application_key, store_order\.idempotency_key/.test(errorText(error));

/**
 * The gift cards an order paid as it is made issues (one per unit of its gift-card lines), after its lines in
 * the batch, which they find by the order's idempotency key and their position.
 */
function paidGiftCards(store: StoreScope, order: NewOrder, actorEmail: string, now: Date) {
  if (order.paymentStatus !== "succeeded" || order.priced.giftCardLines.size === 0) {
    return { cards: [], statements: [] };
  }
  const orderId = sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, order.input.idempotency_key))})`;
  const lines = order.priced.amount.lines.filter((line) => line.gift_card);
  return issueSoldGiftCards(store, actorEmail, {
    orderId,
    lines: lines.map((line) => ({
      lineId: sql`(select ${orderLines.id} from ${orderLines} where ${store.where(orderLines, eq(orderLines.orderId, orderId), eq(orderLines.position, line.position))})`,
      unitPriceCents: line.unit_price_cents,
      quantity: line.quantity,
      validMonths: order.priced.giftCardLines.get(line.position)?.validMonths ?? null,
    })),
    recipient: order.giftCardRecipient ?? {
      name: order.customer.name,
      email: order.customer.email ?? "",
      language: order.customerLanguage ?? "zh-HK",
    },
    now,
  });
}

/**
 * Writes the order in one batch with the caller's own statements (its log entry, its rate-limit hit), and
 * the gift cards it issues when paid. A submission that raced its replay finds the order the other one made
 * (the unique idempotency key let only one in) by `submission` (what the caller answers a replay from) and
 * answers it, `replayed` that row: nothing of this submission was written, no card issued.
 */
export async function createOrder<Row extends CreatedRow>(
  store: StoreScope,
  order: NewOrder,
  context: OrderContext,
  alongside: BatchItem<"sqlite">[],
  submission: (store: StoreScope, idempotencyKey: string) => PromiseLike<Row[]>,
): Promise<{ order: CreatedOrder; replayed: Row | null; giftCards: SoldGiftCard[]; alongside: unknown[] }> {
  const [insertOrder, ...rest] = orderStatements(store, order, context);
  const sold = paidGiftCards(store, order, context.cashDollarActor.email, context.now);
  try {
    const [[created], ...results] = await store.batch([insertOrder, ...rest, ...sold.statements, ...alongside]);
    return {
      order: toCreated(created),
      replayed: null,
      giftCards: sold.cards,
      alongside: results.slice(results.length - alongside.length),
    };
  } catch (error) {
    if (!isReplay(error)) rethrowOrderRefused(error);
    const made = found(await submission(store, order.input.idempotency_key));
    return { order: toCreated(made), replayed: made, giftCards: [], alongside: [] };
  }
}
