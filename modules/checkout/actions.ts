import { eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CheckoutInput, CreatedOrder, Payload, PosSale } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import {
  EXCHANGE_PAYMENT_METHOD,
  isSettingPaymentMethod,
  isStoredValueMethod,
  type LANGUAGES,
  type ORDER_STATUSES,
  type OrderPaymentMethod,
  type PAYMENT_STATUSES,
  type PaymentMethod,
} from "../../contract/options";
import type { Caller } from "../../backend/caller";
import { cashDollarStatements, rethrowCashDollarRefused } from "../../backend/cash-dollar";
import {
  checkoutReads,
  computeOrderAmount,
  paymentMethodRefusal,
  type CheckoutOptions,
  type CheckoutReads,
  type OrderChannel,
  type PricedOrder,
  tenderOf,
} from "../../backend/checkout";
import { couponRedemptionStatements, rethrowCouponRefused } from "../../backend/coupons";
import { toStoreModules } from "../../backend/current-plan";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  addOnProducts,
  members,
  orderLines,
  orderPayments,
  orders,
  orderStatusHistory,
  products,
  productVariants,
  storeSettings,
} from "../../backend/db/schema";
import { ActionError, found } from "../../backend/errors";
import {
  bucketHitsRead,
  isAnyFull,
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineAction, type PublicClient } from "../../backend/registry";
import { chunks } from "../../backend/db/chunks";
import { errorText } from "../../backend/unique";
import {
  historyStatement,
  orderMoveStatement,
  paidOrderRewards,
  rethrowOrderChanged,
  SYSTEM_ACTOR,
  type PaidOrderRules,
} from "../../backend/order-workflow";
import { paymentMethodsOf } from "../setting/actions";
import { soldCartStatement } from "../pos/actions";
import { cartStoredValueOf } from "../pos/contract";
import { refundLog } from "../order/actions";
import { planOf, rethrowReturnRefused, returnReads, returnStatements, type ReturnReads } from "../order/returns";
import { storeUpload } from "../upload/actions";
import {
  checkedStoredValue,
  isStoredValueRefusal,
  redemptionStatements,
  storedValueReads,
  type CheckedStoredValue,
} from "./stored-value";
import {
  issueSoldGiftCards,
  mailSoldGiftCards,
  type SoldGiftCard,
  type SoldGiftCardRecipient,
} from "../gift-card/sold";

type OrderStatus = (typeof ORDER_STATUSES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
type Language = (typeof LANGUAGES)[number];
type OrderRow = typeof orders.$inferSelect;

/**
 * Website orders per store and per store and client address, within the rate-limit window (an hour).
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const ONLINE_ORDERS_PER_STORE = 3000;
export const ONLINE_ORDERS_PER_CLIENT = 30;

const toCreated = (row: Pick<OrderRow, "id" | "orderNumber" | "status" | "paymentStatus" | "totalCents">) => ({
  id: row.id,
  order_number: row.orderNumber,
  status: row.status,
  payment_status: row.paymentStatus,
  total_cents: row.totalCents,
});

const createdFields = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  totalCents: orders.totalCents,
};

/** The order of a submission, for a replay: the idempotency key is unique per store. */
const orderOfSubmission = (store: StoreScope, idempotencyKey: string) =>
  store.selectFields(orders, createdFields, eq(orders.idempotencyKey, idempotencyKey)).limit(1);

export function priceOrThrow(reads: CheckoutReads, input: CheckoutInput, now: Date, options: CheckoutOptions) {
  const outcome = computeOrderAmount(reads, input, now, options);
  if (!outcome.ok) throw new ActionError(outcome.status, outcome.message, outcome.fields);
  return outcome;
}

function refuseChangedTotal(expected: number | undefined, priced: PricedOrder) {
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

interface NewOrder {
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
}

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
          paidAt: order.paymentStatus === "succeeded" ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : null,
          customerLanguage: order.customerLanguage,
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
      { orderId, fromStatus: null, toStatus: order.status, actorEmail: order.actorEmail },
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
    ...[...priced.variantUnits].map(([id, units]) =>
      store.update(
        productVariants,
        {
          stock: sql`case when ${productVariants.unlimitedInventory} then ${productVariants.stock} else ${productVariants.stock} - ${units} end`,
        },
        eq(productVariants.id, id),
      ),
    ),
    ...[...priced.productUnits].map(([id, units]) =>
      store.update(products, { soldQuantity: sql`${products.soldQuantity} + ${units}` }, eq(products.id, id)),
    ),
    // An add-on's stock is a field of its form: taking some makes an open form stale, as any other change does.
    ...[...priced.addOnUnits].map(([id, units]) =>
      store.update(
        addOnProducts,
        {
          stock: sql`case when ${addOnProducts.unlimitedInventory} then ${addOnProducts.stock} else ${addOnProducts.stock} - ${units} end`,
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
  if (/product_variant_stock_not_negative|add_on_product_stock_not_negative/.test(text)) {
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
 * (the unique idempotency key let only one in) and answers it, `replayed`: nothing of this submission was
 * written, no card issued.
 */
async function createOrder(
  store: StoreScope,
  order: NewOrder,
  context: OrderContext,
  alongside: BatchItem<"sqlite">[],
): Promise<{ order: CreatedOrder; replayed: boolean; giftCards: SoldGiftCard[] }> {
  const [insertOrder, ...rest] = orderStatements(store, order, context);
  const sold = paidGiftCards(store, order, context.cashDollarActor.email, context.now);
  try {
    const [[created]] = await store.batch([insertOrder, ...rest, ...sold.statements, ...alongside]);
    return { order: toCreated(created), replayed: false, giftCards: sold.cards };
  } catch (error) {
    if (!isReplay(error)) rethrowOrderRefused(error);
    const made = toCreated(found(await orderOfSubmission(store, order.input.idempotency_key)));
    return { order: made, replayed: true, giftCards: [] };
  }
}

/**
 * POS payments as applied: cash beyond the total is the customer's change, taken off the cash paid; the cash
 * handed over stays beside it (`tendered_cents`) for the receipt.
 */
function appliedPayments<T extends Payload<"add_pos_order_data">["payments"][number]>(
  payments: T[],
  totalCents: number,
) {
  const { paid_cents, remaining_cents, change_cents } = tenderOf(payments, totalCents);
  const cashAt = payments.findIndex((payment) => payment.method === "cash");
  if (remaining_cents > 0 && cashAt >= 0) {
    throw new ActionError(400, "cash-not-enough", { [`payments.${cashAt}.amount_cents`]: ["cash-not-enough"] });
  }
  // Short of the total, or another method paying beyond it (only cash gives change).
  if (remaining_cents > 0 || paid_cents - totalCents > change_cents) {
    throw new ActionError(400, "invalid-payment-amount");
  }
  let left = change_cents;
  return payments
    .map((payment) => {
      const taken = payment.method === "cash" ? Math.min(left, payment.amount_cents) : 0;
      left -= taken;
      const tendered_cents = taken > 0 ? payment.amount_cents : undefined;
      return { ...payment, amount_cents: payment.amount_cents - taken, tendered_cents };
    })
    .filter((payment) => payment.amount_cents > 0);
}

/** What the returned lines of an exchange give back, over the version of the sold order the counter showed. */
function exchangeOf(returned: ReturnReads, exchange: NonNullable<Payload<"add_pos_order_data">["exchange"]>) {
  if (found(returned[0]).version !== exchange.version) throw new ActionError(409, "order-status-changed");
  return planOf(returned, exchange.lines);
}

/** The counter sale's payment: what the card pays beside the others, and each method allowed. */
function posPaymentOptions(input: Payload<"add_pos_order_data">, setting: CheckoutReads[7][number] | undefined) {
  const card = input.payments.some((payment) => payment.method === "credit_card");
  if (setting) {
    for (const { method } of input.payments) {
      const refusal = isSettingPaymentMethod(method) && paymentMethodRefusal(setting, method, "pos");
      if (refusal) throw new ActionError(refusal.status, refusal.message);
    }
  }
  const nonCardPaidCents = input.payments
    .filter((payment) => payment.method !== "credit_card")
    .reduce((sum, payment) => sum + payment.amount_cents, 0);
  const paymentMethod: OrderPaymentMethod | undefined = card
    ? "credit_card"
    : (input.payments[0]?.method ?? input.payment_method);
  return { paymentMethod, nonCardPaidCents };
}

/** The online order's rate-limit buckets: the store's, and the store's for the client's address. */
const onlineOrderBuckets = (applicationKey: string, client: PublicClient) =>
  publicRequestBuckets("online_order", applicationKey, client, {
    perStore: ONLINE_ORDERS_PER_STORE,
    perClient: ONLINE_ORDERS_PER_CLIENT,
  });

/** The member a website order names, with the e-mail that confirms it is theirs. */
const memberContactQuery = (store: StoreScope, memberId: number) =>
  store.selectFields(members, { email: members.email, phone: members.phone }, eq(members.id, memberId)).limit(1);

/** A website can order only for a store that is open, with a current plan that sells. */
function refuseClosedStore(reads: CheckoutReads, now: Date) {
  const [, , , , , , , , [account], [plan]] = reads;
  if (!account || account.disabled) throw new ActionError(404, "store-account-not-found-or-disabled");
  if (!plan) throw new ActionError(409, "store-has-no-purchased-plan");
  const selling = plan.expiryDate >= hongKongDate(now) && !account.enquiryOnly;
  if (!selling || !toStoreModules([account], [plan]).has("order")) throw new ActionError(409, "order-cannot-finish");
}

export const checkoutActions = [
  defineAction("get_order_amount_data_by_application_key", "store:order:read", {
    reads: (input, { store, now }) => checkoutReads(store, input, now),
    handler: async (input, { now }, reads) => priceOrThrow(reads, input, now, { channel: "pos" }).amount,
  }),

  /**
   * A counter sale: paid in full at once, so it is `completed` when taken away and `preparing` when it is
   * to be delivered; its payments succeeded. It is the POS's checkout, so it asks for POS write permission:
   * a plan with the POS but not the orders module sells too, and its orders are the order list's all the same.
   */
  defineAction("add_pos_order_data", "store:pos:write", {
    reads: (input, { store, now }) =>
      [
        orderOfSubmission(store, input.idempotency_key),
        ...storedValueReads(store, input.payments, input.member_id),
        ...returnReads(store, input.exchange?.order_id ?? 0),
        ...checkoutReads(store, input, now),
      ] as const,
    handler: async (
      input,
      { store, caller, now, mailer, afterReply },
      [
        [existing],
        cards,
        credit,
        returnedOrder,
        returnedLines,
        returnedMember,
        returnedPayments,
        returnedSetting,
        returnedGiftCards,
        ...reads
      ],
    ): Promise<PosSale> => {
      const returned: ReturnReads = [
        returnedOrder,
        returnedLines,
        returnedMember,
        returnedPayments,
        returnedSetting,
        returnedGiftCards,
      ];
      // The cash handed over and the change, from the total the sale was (or, replayed, had been) made at.
      const sale = (order: CreatedOrder, exchange: PosSale["exchange"] = null) => {
        const { cash_cents, change_cents } = tenderOf(input.payments, order.total_cents - (exchange?.paid_cents ?? 0));
        return { ...order, cash_tendered_cents: cash_cents, change_cents, exchange };
      };
      if (existing) return sale(toCreated(existing));
      const exchange = input.exchange && exchangeOf(returned, input.exchange);
      const { paymentMethod, nonCardPaidCents } = posPaymentOptions(input, reads[7][0]);
      const cardFeeMethod = paymentMethod && isSettingPaymentMethod(paymentMethod) ? paymentMethod : undefined;
      const priced = priceOrThrow(reads, { ...input, payment_method: cardFeeMethod }, now, {
        channel: "pos",
        nonCardPaidCents: nonCardPaidCents + (exchange?.amount_cents ?? 0),
      });
      const checked = checkedStoredValue(input.payments, [cards, credit], {
        giftCards: toStoreModules(reads[8], reads[9]).has("gift_card"),
        buysGiftCards: priced.giftCardLines.size > 0,
        memberId: priced.member?.id,
        now,
      });
      refuseChangedTotal(input.expected_total_cents, priced);
      const total = priced.amount.total_cents;
      // The returned goods pay what they can of the sale; the usual methods pay the rest.
      const exchangePaid = Math.min(exchange?.amount_cents ?? 0, total);
      const owed = total - exchangePaid;
      if (input.payments.length === 0 && owed > 0) throw new ActionError(400, "missing-payment-data");
      const cardPaid = input.payments
        .filter((payment) => payment.method === "credit_card")
        .reduce((sum, payment) => sum + payment.amount_cents, 0);
      // A card pays exactly what the other methods leave, with its fee: only cash gives change.
      if (paymentMethod === "credit_card" && cardPaid !== owed - nonCardPaidCents) {
        throw new ActionError(400, "invalid-payment-amount");
      }
      const payments = [
        ...(exchangePaid > 0
          ? [
              {
                method: EXCHANGE_PAYMENT_METHOD,
                amount_cents: exchangePaid,
                tendered_cents: undefined,
                gift_card_id: undefined,
              },
            ]
          : []),
        ...appliedPayments(checked, owed),
      ];
      const refund =
        input.exchange &&
        returnStatements(
          store,
          caller,
          returned,
          { lines: input.exchange.lines, note: null, refundTo: input.exchange.refund_to },
          {
            orderId: sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, input.idempotency_key))})`,
            cents: exchangePaid,
          },
        );
      const status: OrderStatus = input.delivery ? "preparing" : "completed";
      const member = priced.member;
      const made = await createOrder(
        store,
        {
          channel: "pos",
          input,
          priced,
          status,
          paymentStatus: "succeeded",
          paymentMethod: paymentMethod ?? (exchangePaid > 0 ? EXCHANGE_PAYMENT_METHOD : null),
          customer: {
            name: member?.name ?? input.delivery?.receiver_name ?? "",
            email: null,
            phone: input.delivery?.receiver_phone ?? null,
          },
          payments: payments.map((payment) => ({
            method: payment.method,
            amountCents: payment.amount_cents,
            tenderedCents: payment.tendered_cents,
            status: "succeeded",
            giftCardId: payment.gift_card_id,
          })),
          actorEmail: caller.email,
          giftCardRecipient: {
            name: member?.name ?? input.delivery?.receiver_name ?? "",
            email: member?.email ?? "",
            language: "zh-HK",
          },
        },
        { cashDollarActor: caller, rules: paidOrderRules(reads), now },
        [
          ...(input.pos_cart_version === undefined
            ? []
            : [
                soldCartStatement(store, caller, input.pos_cart_version, {
                  ...input,
                  ...cartStoredValueOf(input.payments),
                }),
              ]),
          store.log(caller, now, {
            action: "add",
            dataType: "order_data",
            recordId: sql`(select ${orders.orderNumber} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, input.idempotency_key))})`,
            // The order's number (#1001) names it; its lines and amounts are the order's own page.
            recordName: null,
            before: null,
            after: null,
          }),
          ...(refund ? [refundLog(store, caller, now, refund), ...refund.statements] : []),
        ],
      ).catch(rethrowReturnRefused);
      await mailSoldGiftCards({ mailer, afterReply }, made.giftCards, reads[8][0]?.storeName ?? "");
      return sale(
        made.order,
        refund && !made.replayed
          ? {
              returned_cents: refund.plan.amount_cents,
              paid_cents: exchangePaid,
              refund_to: input.exchange!.refund_to,
              refunded_cents: refund.plan.amount_cents - exchangePaid,
              gift_card_code: refund.giftCardCode,
            }
          : null,
      );
    },
  }),

  /**
   * An order from the store's website. It waits for its payment (`awaiting_payment`; the customer uploads
   * a proof where the method asks for one) unless a card pays it at once (`paid`); a declined card's order
   * waits too, its payment `failed`. The log records staff's
   * changes, and there is no staff here: the order's first status-history row (no actor) records it.
   */
  defineAction("add_online_order_data", "public", {
    reads: (input, { db, now }) => {
      const store = forStore(db, input.application_key);
      return [
        orderOfSubmission(store, input.idempotency_key),
        memberContactQuery(store, input.member_id ?? 0),
        ...storedValueReads(store, input.stored_value, input.member_id),
        ...checkoutReads(store, input, now),
      ] as const;
    },
    handler: async (
      input,
      { db, now, clientAddress, websiteKeyed, paymentGateway, mailer, afterReply },
      [[existing], [contact], cards, credit, ...reads],
    ) => {
      if (existing) return toCreated(existing);
      const store = forStore(db, input.application_key);
      refuseClosedStore(reads, now);
      const hits = rateLimitHitStatements(
        db,
        onlineOrderBuckets(input.application_key, { clientAddress, websiteKeyed }),
        now,
      );
      const refuseCounted = (error: unknown) => refuseCountedAgainst(db, hits, error);

      let order: NewOrder;
      try {
        const nonCardPaidCents = input.stored_value.reduce((sum, payment) => sum + payment.amount_cents, 0);
        const priced = priceOrThrow(reads, input, now, { channel: "online", nonCardPaidCents });
        const storedValue = checkedStoredValue(input.stored_value, [cards, credit], {
          giftCards: toStoreModules(reads[8], reads[9]).has("gift_card"),
          buysGiftCards: priced.giftCardLines.size > 0,
          memberId: priced.member?.id,
          now,
          listName: "stored_value",
        });
        order = onlineOrder(input, contact, priced, storedValue);
      } catch (error) {
        return refuseCounted(error);
      }
      const total = order.priced.amount.total_cents;
      const paidByStoredValue = order.payments.filter((payment) => isStoredValueMethod(payment.method));
      const owed = total - paidByStoredValue.reduce((sum, payment) => sum + payment.amountCents, 0);
      const card = order.paymentMethod === "credit_card" && owed > 0;
      if (card) {
        const charge = await paymentGateway.charge({
          cardToken: input.card_token!,
          amountCents: owed,
          reference: `${input.application_key}:${input.idempotency_key}`,
        });
        // A declined card leaves the order awaiting its payment, the failed charge on record, for the customer to pay again.
        order = charge.ok
          ? {
              ...order,
              status: "paid",
              paymentStatus: "succeeded",
              payments: [
                ...paidByStoredValue,
                { method: "credit_card", amountCents: owed, status: "succeeded", gatewayReference: charge.reference },
              ],
            }
          : {
              ...order,
              paymentStatus: "failed",
              payments: [...paidByStoredValue, { method: "credit_card", amountCents: owed, status: "failed" }],
            };
      }
      const reference = order.payments.find((payment) => payment.gatewayReference)?.gatewayReference;
      /**
       * A charge that does not pay the order made goes back: the write was refused (stock ran out since the
       * charge), or a replay racing this submission (both past the read above before either wrote) made the
       * order with its own charge. Charges are not keyed by the submission so that the gateway could refuse
       * the second: a retry after a refused write would then get the first, refunded, charge back as paid.
       */
      const giveBack = async () => {
        if (reference) await paymentGateway.refund({ reference, amountCents: owed });
      };
      const context = { cashDollarActor: { email: input.customer_email }, rules: paidOrderRules(reads), now };
      const made = await createOrder(store, order, context, hits).catch(async (error: unknown) => {
        await giveBack();
        throw error;
      });
      if (made.replayed) await giveBack();
      await mailSoldGiftCards({ mailer, afterReply }, made.giftCards, reads[8][0]?.storeName ?? "");
      return made.order;
    },
  }),

  /**
   * The customer's proof of payment, from the store's website: the order moves from `awaiting_payment` to
   * `unverified_payment` (a compare-and-set, as every move) for staff to verify, with a history row without
   * an actor. A rejected payment goes back to `awaiting_payment`, its payment `failed` with the proof it had,
   * and the customer's new proof comes as a new payment of what is owed.
   */
  defineAction("update_order_payment_proof_data_by_application_key_and_idempotency_key", "public", {
    reads: (input, { db, now, clientAddress, websiteKeyed }) => {
      const store = forStore(db, input.application_key);
      const orderId = store.selectFields(orders, { id: orders.id }, eq(orders.idempotencyKey, input.idempotency_key));
      return [
        store.select(orders, eq(orders.idempotencyKey, input.idempotency_key)).limit(1),
        store.select(storeSettings).limit(1),
        bucketHitsRead(db, onlineOrderBuckets(input.application_key, { clientAddress, websiteKeyed }), now),
        store.select(orderPayments, inArray(orderPayments.orderId, orderId)),
      ] as const;
    },
    handler: async (input, { db, env, now, clientAddress, websiteKeyed }, [[order], [setting], counted, payments]) => {
      const store = forStore(db, input.application_key);
      const buckets = onlineOrderBuckets(input.application_key, { clientAddress, websiteKeyed });
      const hits = rateLimitHitStatements(db, buckets, now);
      // Refused before the files are stored, so a flood past the limit puts nothing in R2.
      if (isAnyFull(buckets, counted)) return refuseCountedAgainst(db, hits, rateLimitedError());
      if (!order || !setting) return refuseCountedAgainst(db, hits, new ActionError(404, "not-found"));
      if (order.status !== "awaiting_payment") {
        return refuseCountedAgainst(db, hits, new ActionError(409, "order-transition-not-allowed"));
      }
      const method = order.paymentMethod;
      if (!method || !isSettingPaymentMethod(method) || !paymentMethodsOf(setting)[method].requires_proof) {
        return refuseCountedAgainst(db, hits, new ActionError(400, "invalid-payment-method"));
      }
      const owed = owedCents(order, payments);
      const pending = payments.some((row) => row.status === "no_payment_record");
      if (!pending && owed <= 0) {
        return refuseCountedAgainst(db, hits, new ActionError(409, "order-transition-not-allowed"));
      }
      let stored: Awaited<ReturnType<typeof storeUpload>>[];
      try {
        stored = await Promise.all(input.proof_images.map((image) => storeUpload(env, store, image, "image")));
      } catch (error) {
        return refuseCountedAgainst(db, hits, error);
      }
      await store
        .batch([...orderProofStatements(store, order, { method, stored, payments }), ...hits])
        .catch((error: unknown) => {
          if (isRateLimitRefusal(error)) throw rateLimitedError();
          return rethrowOrderChanged(error);
        });
      return toCreated({ ...order, status: "unverified_payment", paymentStatus: "no_payment_record" });
    },
  }),
];

/**
 * A customer's proof of payment of an order awaiting it, for the caller's batch: the order moves to
 * `unverified_payment` by `method` over the version it was read at (rethrowOrderChanged reads a refusal), with a
 * history row without an actor. The payment waiting for its proof (a website order's) takes it; without one (an
 * order staff made to pay later, or one whose last proof was rejected: that payment `failed`) a new payment of
 * what is owed carries it.
 */
export function orderProofStatements(
  store: StoreScope,
  order: OrderRow,
  {
    method,
    stored,
    payments,
  }: {
    method: PaymentMethod;
    stored: Awaited<ReturnType<typeof storeUpload>>[];
    payments: Pick<typeof orderPayments.$inferSelect, "status" | "amountCents">[];
  },
) {
  const proofImageUrls = stored.map((upload) => upload.url);
  const pending = payments.some((row) => row.status === "no_payment_record");
  return [
    orderMoveStatement(store, order, {
      status: "unverified_payment",
      paymentStatus: "no_payment_record",
      paymentMethod: method,
    }),
    historyStatement(store, {
      orderId: order.id,
      from: "awaiting_payment",
      to: "unverified_payment",
      actorEmail: null,
      note: null,
    }),
    pending
      ? store.update(
          orderPayments,
          { method, proofImageUrls },
          eq(orderPayments.orderId, order.id),
          eq(orderPayments.status, "no_payment_record"),
        )
      : store.insert(orderPayments, [
          {
            orderId: order.id,
            method,
            amountCents: owedCents(order, payments),
            status: "no_payment_record",
            proofImageUrls,
          },
        ]),
    ...stored.map((upload) => upload.statement),
  ] as const;
}

/** What an order still owes: its total less its payments that succeeded. */
export const owedCents = (
  order: Pick<OrderRow, "totalCents">,
  payments: Pick<typeof orderPayments.$inferSelect, "status" | "amountCents">[],
) =>
  order.totalCents -
  payments.filter((row) => row.status === "succeeded").reduce((sum, row) => sum + row.amountCents, 0);

/** A website order before its payment: who orders (a member confirmed by e-mail, or a guest) and how it pays. */
function onlineOrder(
  input: Payload<"add_online_order_data">,
  contact: { email: string | null; phone: string | null } | undefined,
  priced: PricedOrder,
  storedValue: CheckedStoredValue<Payload<"add_online_order_data">["stored_value"][number]>[],
): NewOrder {
  const { member } = priced;
  if (member && contact?.email?.toLowerCase() !== input.customer_email) {
    throw new ActionError(404, "user-not-found-or-disabled");
  }
  const total = priced.amount.total_cents;
  const storedCents = storedValue.reduce((sum, payment) => sum + payment.amount_cents, 0);
  if (storedCents > total) {
    const last = storedValue.length - 1;
    throw new ActionError(400, "invalid-payload", {
      [`stored_value.${last}.amount_cents`]: [withValue("amount-above-owed", formatHkd(total))],
    });
  }
  const owed = total - storedCents;
  const method = input.payment_method;
  if (owed > 0 && (!method || (method === "credit_card" && !input.card_token))) {
    throw new ActionError(400, "missing-payment-data");
  }
  refuseChangedTotal(input.expected_total_cents, priced);
  const paid = owed === 0;
  const paidByStoredValue = storedValue.map((payment) => ({
    method: payment.method,
    amountCents: payment.amount_cents,
    status: "succeeded" as const,
    giftCardId: payment.gift_card_id,
  }));
  return {
    channel: "online",
    input,
    priced,
    status: paid ? "paid" : "awaiting_payment",
    paymentStatus: paid ? "succeeded" : "no_payment_record",
    paymentMethod: paid ? (storedValue[0]?.method ?? method ?? null) : (method ?? null),
    customer: {
      name: member?.name ?? input.customer_name!,
      email: input.customer_email,
      phone: input.customer_phone ?? contact?.phone ?? null,
    },
    payments: [
      ...paidByStoredValue,
      ...(paid ? [] : [{ method: method!, amountCents: owed, status: "no_payment_record" as const }]),
    ],
    actorEmail: null,
    customerLanguage: input.language,
  };
}
