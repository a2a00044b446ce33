// Offline sales (issue 39): a device that lost its connection kept selling for cash and the manual methods; when
// it is online again it sends each sale here, with the time it was made and what it charged. The sale is made
// once (by its idempotency key) at its own time; what the server now prices differently does not refuse it: it is
// recorded as the device sold it and flagged on the review list (`pos_offline_review`).
import { and, count, eq, gt, isNotNull, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CheckoutInput, Payload, PosSale } from "../../../contract/actions";
import {
  CHECKOUT_READ,
  checkoutReads,
  computeOrderAmount,
  type CheckoutReads,
  type PricedOrder,
} from "../../../backend/checkout";
import { tenderOf } from "../../checkout/tender";
import { addOnProducts, orders, posOfflineReviews, posShifts, productVariants } from "../../../backend/db/schema";
import type { StoreScope } from "../../../backend/db/scope";
import { ActionError, found } from "../../../backend/errors";
import { oneName } from "../../../backend/log";
import { defineAction } from "../../../backend/registry";
import { errorText } from "../../../backend/unique";
import { pagedList } from "../../../backend/db/sort";
import { defaultLocationFor, stockAt } from "../../product/stock-levels";
import { counterLocationsRead, counterFor } from "../counter-location";
import { withValue } from "../../../contract/messages";
import { appliedPayments } from "../../checkout/actions/pos-sale";
import { counterSaleLog, createdFields, createOrder, paidOrderRules, toCreated } from "../../checkout/orders";
import { mailSoldGiftCards } from "../../gift-card/sold";
import type { PosOfflineReview, PosOfflineSale } from "../contract";
import {
  OFFLINE_CLOCK_SKEW_MINUTES,
  OFFLINE_SALE_MAX_AGE_HOURS,
  POS_OFFLINE_REVIEW_SORTS,
  type OfflineDifference,
} from "../options";

type OfflineSale = Payload<"add_pos_offline_order_data">;

const MINUTE = 60_000;

/** The sale's time: up to the clock skew ahead of the server's is now; further ahead or too old is refused. */
function offlineSaleTime(madeAt: string, now: Date): string {
  const made = Date.parse(madeAt);
  if (made > now.getTime() + OFFLINE_CLOCK_SKEW_MINUTES * MINUTE) {
    const message = withValue("offline-sale-in-future", OFFLINE_CLOCK_SKEW_MINUTES);
    throw new ActionError(400, message, { made_at: [message] });
  }
  if (made < now.getTime() - OFFLINE_SALE_MAX_AGE_HOURS * 60 * MINUTE) {
    const message = withValue("offline-sale-too-old", OFFLINE_SALE_MAX_AGE_HOURS);
    throw new ActionError(400, message, { made_at: [message] });
  }
  return new Date(Math.min(made, now.getTime())).toISOString();
}

/** What the engine prices: the device's lines without its prices. A counter sale taken away, no card fee. */
const engineInput = (input: OfflineSale): CheckoutInput => ({
  application_key: input.application_key,
  lines: input.lines.map((line) => ({
    product_code: line.product_code,
    variant_id: line.variant_id,
    quantity: line.quantity,
    add_on_product_ids: line.add_ons.map((addOn) => addOn.add_on_product_id),
  })),
  order_add_ons: input.order_add_ons.map(({ add_on_product_id, quantity }) => ({ add_on_product_id, quantity })),
  member_id: input.member_id,
  coupon_code: input.coupon_code,
});

/** The device's unit prices in the engine's line order: each line, its add-ons, then the order's add-ons. */
const chargedUnitPrices = (input: OfflineSale) => [
  ...input.lines.flatMap((line) => [line.unit_price_cents, ...line.add_ons.map((addOn) => addOn.unit_price_cents)]),
  ...input.order_add_ons.map((addOn) => addOn.unit_price_cents),
];

/**
 * The engine's reads as the sale found the catalogue: no stock limit (stock short is a difference to review,
 * counted by the batch itself, `reviewStatements`), what has been taken off sale since still sold (a difference
 * too, `unavailableDifferences`), and no purchase limit or minimum (the device held the sale to those it had).
 * The sale was made already: refusing it would lose it.
 */
function asTheDeviceSawIt(reads: CheckoutReads): CheckoutReads {
  const copy: unknown[] = [...reads];
  const { products, addOns, variants } = CHECKOUT_READ;
  copy[products] = reads[products].map((row) => ({
    ...row,
    publish: true,
    purchaseLimit: null,
    minimumOrderQuantity: 1,
  }));
  copy[addOns] = reads[addOns].map((row) => ({ ...row, publish: true, unlimitedInventory: true }));
  copy[variants] = reads[variants].map((row) => ({ ...row, sellable: true, unlimitedInventory: true }));
  return copy as unknown as CheckoutReads;
}

/** The lines whose product, variant or add-on is no longer on sale. */
function unavailableDifferences(
  [productRows, addOnRows, , , , , , , , , variantRows]: CheckoutReads,
  now: PricedOrder,
) {
  const off = (line: PricedOrder["amount"]["lines"][number]) =>
    line.kind === "product"
      ? productRows.some((row) => row.id === line.product_id && !row.publish) ||
        variantRows.some((row) => row.id === line.variant_id && !row.sellable)
      : addOnRows.some((row) => row.id === line.add_on_product_id && !row.publish);
  return now.amount.lines.filter(off).map(({ position, name_zh_hk, name_en }): OfflineDifference => ({
    kind: "unavailable",
    position,
    name_zh_hk,
    name_en,
  }));
}

/** The sale as the engine prices it now; a coupon it refuses is left off, its reason kept. */
function pricedNow(reads: CheckoutReads, input: OfflineSale, madeAt: Date) {
  const unlimited = asTheDeviceSawIt(reads);
  const sale = engineInput(input);
  const outcome = computeOrderAmount(unlimited, sale, madeAt, { channel: "pos" });
  if (outcome.ok) return { priced: outcome, couponRefusal: null };
  if (input.coupon_code !== undefined) {
    const withoutCoupon = computeOrderAmount(unlimited, { ...sale, coupon_code: undefined }, madeAt, {
      channel: "pos",
    });
    if (withoutCoupon.ok) return { priced: withoutCoupon, couponRefusal: outcome.message };
  }
  throw new ActionError(outcome.status, outcome.message, outcome.fields);
}

/**
 * The order as the device sold it: the engine's lines (names, variants, stock taken) at the device's prices,
 * the device's discount and total. A coupon the engine refused redeems nothing: its discount stays an order
 * discount, since the customer paid the total.
 */
function asSold(now: PricedOrder, input: OfflineSale, couponRefused: boolean): PricedOrder {
  const charged = chargedUnitPrices(input);
  const lines = now.amount.lines.map((line, at) => ({
    ...line,
    unit_price_cents: charged[at]!,
    line_total_cents: charged[at]! * line.quantity,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  if (subtotal - input.coupon_discount_cents !== input.total_cents) {
    throw new ActionError(400, "totals-not-matching", { total_cents: ["totals-not-matching"] });
  }
  const coupon = couponRefused ? null : now.coupon;
  return {
    ...now,
    coupon,
    amount: {
      ...now.amount,
      lines,
      subtotal_cents: subtotal,
      gift_card_cents: lines.filter((line) => line.gift_card).reduce((sum, line) => sum + line.line_total_cents, 0),
      coupon_code: coupon?.code ?? null,
      coupon_discount_cents: input.coupon_discount_cents,
      total_cents: input.total_cents,
    },
  };
}

/** Price, coupon and availability differences, known before the write; the stock's are counted by the batch. */
function knownDifferences(
  reads: CheckoutReads,
  now: PricedOrder,
  sold: PricedOrder,
  input: OfflineSale,
  couponRefusal: string | null,
): OfflineDifference[] {
  const prices = now.amount.lines.flatMap((line, at): OfflineDifference[] => {
    const charged = sold.amount.lines[at]!.unit_price_cents;
    if (charged === line.unit_price_cents) return [];
    const { position, name_zh_hk, name_en } = line;
    return [{ kind: "price", position, name_zh_hk, name_en, charged_cents: charged, now_cents: line.unit_price_cents }];
  });
  const coupon: OfflineDifference[] =
    couponRefusal === null ? [] : [{ kind: "coupon", code: input.coupon_code ?? "", reason: couponRefusal }];
  const total: OfflineDifference[] =
    now.amount.total_cents === input.total_cents
      ? []
      : [{ kind: "total", charged_cents: input.total_cents, now_cents: now.amount.total_cents }];
  return [...prices, ...unavailableDifferences(reads, now), ...coupon, ...total];
}

const orderIdOf = (store: StoreScope, idempotencyKey: string) =>
  sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, idempotencyKey))})`;

/**
 * The review row's statements, before the order takes its stock: the known differences, then for each variant
 * and add-on with less stock than the sale took, a stock difference added to the row (made if none yet) in the
 * same transaction that takes the stock, so two devices selling the last unit count their shortfall exactly.
 */
function reviewStatements(
  store: StoreScope,
  sold: PricedOrder,
  input: OfflineSale,
  soldBy: string,
  known: OfflineDifference[],
  location: number | SQL<number>,
): BatchItem<"sqlite">[] {
  const orderId = orderIdOf(store, input.idempotency_key);
  const lineOf = (match: (line: PricedOrder["amount"]["lines"][number]) => boolean) =>
    found(sold.amount.lines.filter(match));
  const short = (
    table: typeof productVariants | typeof addOnProducts,
    id: number,
    units: number,
    line: PricedOrder["amount"]["lines"][number],
  ) => {
    // A variant's stock is the counter's location's, which the sale takes from.
    const stock =
      table === productVariants ? stockAt(store, productVariants.id, location) : sql<number>`${table.stock}`;
    return store
      .insertFrom(posOfflineReviews, (qb) =>
        qb
          // Every column, in the table's order (drizzle's rule for INSERT … SELECT); the id is the table's to give.
          .select({
            id: sql`null`.as("id"),
            applicationKey: table.applicationKey,
            orderId: sql`${orderId}`.as("order_id"),
            soldBy: sql`${soldBy}`.as("sold_by"),
            differences:
              sql`json_array(json_object('kind', 'stock', 'position', ${line.position}, 'name_zh_hk', ${line.name_zh_hk}, 'name_en', ${line.name_en}, 'short', ${units} - ${stock}))`.as(
                "differences",
              ),
            reviewedAt: sql`null`.as("reviewed_at"),
            reviewedBy: sql`null`.as("reviewed_by"),
            createdAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
          })
          .from(table)
          .where(store.where(table, eq(table.id, id), eq(table.unlimitedInventory, false), lt(stock, units))),
      )
      .onConflictDoUpdate({
        target: [posOfflineReviews.applicationKey, posOfflineReviews.orderId],
        set: {
          differences: sql`json_insert(${posOfflineReviews.differences}, '$[#]', json(json_extract(excluded.differences, '$[0]')))`,
        },
      });
  };
  return [
    ...(known.length > 0 ? [store.insert(posOfflineReviews, [{ orderId, soldBy, differences: known }])] : []),
    ...[...sold.variantUnits].map(([id, units]) =>
      short(
        productVariants,
        id,
        units,
        lineOf((line) => line.kind === "product" && line.variant_id === id),
      ),
    ),
    ...[...sold.addOnUnits].map(([id, units]) =>
      short(
        addOnProducts,
        id,
        units,
        lineOf((line) => line.add_on_product_id === id),
      ),
    ),
  ];
}

const flaggedOf = (store: StoreScope, idempotencyKey: string) =>
  store.selectFields(
    posOfflineReviews,
    { id: posOfflineReviews.id },
    eq(posOfflineReviews.orderId, orderIdOf(store, idempotencyKey)),
  );

/**
 * The cash a sale took, into the expected cash of the shift it was made in at its location when that shift closed
 * before the sale reached the server: the cash went into that drawer and was counted at the close, so the expected
 * cash the close froze takes it in, as the shift's report (which reads its location's sales by the orders' times)
 * does. A shift still open counts the sale by its time anyway, and a close after the sale arrived counted it.
 */
const intoClosedShift = (store: StoreScope, location: number | SQL<number>, madeAt: string, cashCents: number) =>
  store.update(
    posShifts,
    { expectedCashCents: sql`${posShifts.expectedCashCents} + ${cashCents}` },
    eq(posShifts.locationId, location),
    lte(posShifts.openedAt, madeAt),
    gt(posShifts.closedAt, madeAt),
  );

const isCouponRace = (error: unknown) => error instanceof ActionError && /^coupon-/.test(error.message);

const reviewFields = {
  id: posOfflineReviews.id,
  orderId: posOfflineReviews.orderId,
  soldBy: posOfflineReviews.soldBy,
  differences: posOfflineReviews.differences,
  reviewedAt: posOfflineReviews.reviewedAt,
  reviewedBy: posOfflineReviews.reviewedBy,
  orderNumber: sql<number>`${orders.orderNumber}`.as("order_number"),
  madeAt: sql<string>`${orders.createdAt}`.as("made_at"),
  totalCents: sql<number>`${orders.totalCents}`.as("total_cents"),
};

/** A review row with its order's number, time and total (drizzle's types lose the selection once joined). */
type ReviewRow = Pick<
  typeof posOfflineReviews.$inferSelect,
  "id" | "orderId" | "soldBy" | "differences" | "reviewedAt" | "reviewedBy"
> & { orderNumber: number; madeAt: string; totalCents: number };

const toReview = (row: unknown): PosOfflineReview => {
  const review = row as ReviewRow;
  return {
    id: review.id,
    order_id: review.orderId,
    order_number: review.orderNumber,
    made_at: review.madeAt,
    sold_by: review.soldBy,
    total_cents: review.totalCents,
    differences: review.differences,
    reviewed_at: review.reviewedAt,
    reviewed_by: review.reviewedBy,
  };
};

/** Recorded order, which is the order the sales reached the server in; their own times are the orders'. */
const SORT_COLUMNS: Record<(typeof POS_OFFLINE_REVIEW_SORTS)[number], typeof posOfflineReviews.id> = {
  created_at: posOfflineReviews.id,
};

/** A review's order, of the same store. */
const ofItsOrder = (store: StoreScope) =>
  and(eq(orders.id, posOfflineReviews.orderId), eq(orders.applicationKey, store.applicationKey));

export const posOfflineActions = [
  /**
   * An offline sale, sent when the device is online again. Made once by its key (a replay answers the first
   * sale); at its own time within limits; as an ordinary counter sale when the engine prices it as the device
   * did, else as the device sold it and flagged for review. Two round trips: the reads, then one batch (a third
   * only when a racing sale used up its coupon between them: it is then written with the coupon refused).
   */
  defineAction("add_pos_offline_order_data", "store:pos:offline", {
    reads: (input, { store, now }) =>
      [
        store.selectFields(orders, createdFields, eq(orders.idempotencyKey, input.idempotency_key)).limit(1),
        flaggedOf(store, input.idempotency_key),
        counterLocationsRead(store),
        ...checkoutReads(store, engineInput(input), now, undefined, input.location_id),
      ] as const,
    handler: async (input, { store, caller, now, mailer, afterReply }, [[existing], flagged, counters, ...reads]) => {
      const answer = (order: PosSale | ReturnType<typeof toCreated>, isFlagged: boolean): PosOfflineSale => {
        const { cash_cents, change_cents } = tenderOf(input.payments, order.total_cents);
        return { ...order, cash_tendered_cents: cash_cents, change_cents, exchange: null, flagged: isFlagged };
      };
      if (existing) return answer(toCreated(existing), flagged.length > 0);
      const location = counterFor(caller, counters, input.location_id) ?? defaultLocationFor(store, "counter");
      const madeAt = offlineSaleTime(input.made_at, now);
      const { priced, couponRefusal } = pricedNow(reads, input, new Date(madeAt));
      if (input.payments.length === 0 && input.total_cents > 0) throw new ActionError(400, "missing-payment-data");
      const payments = appliedPayments(input.payments, input.total_cents);
      const cashCents = payments
        .filter((payment) => payment.method === "cash")
        .reduce((sum, payment) => sum + payment.amount_cents, 0);

      const record = async (refusal: string | null) => {
        const sold = asSold(priced, input, refusal !== null);
        const known = knownDifferences(reads, priced, sold, input, refusal);
        const member = sold.member;
        return createOrder(
          store,
          {
            channel: "pos",
            input: { idempotency_key: input.idempotency_key, delivery: undefined, note: input.note },
            priced: sold,
            status: "completed",
            paymentStatus: "succeeded",
            paymentMethod: input.payments[0]?.method ?? null,
            customer: { name: member?.name ?? "", email: null, phone: null },
            payments: payments.map((payment) => ({
              method: payment.method,
              amountCents: payment.amount_cents,
              tenderedCents: payment.tendered_cents,
              status: "succeeded",
            })),
            actorEmail: caller.email,
            giftCardRecipient: { name: member?.name ?? "", email: member?.email ?? "", language: "zh-HK" },
            madeAt,
            counterLocationId: location,
            soldAlready: { noteShort: reviewStatements(store, sold, input, caller.email, known, location) },
          },
          { cashDollarActor: caller, rules: paidOrderRules(reads), now },
          [
            ...(cashCents > 0 ? [intoClosedShift(store, location, madeAt, cashCents)] : []),
            counterSaleLog(store, caller, now, input.idempotency_key),
            flaggedOf(store, input.idempotency_key),
          ],
          (scope, key) => scope.selectFields(orders, createdFields, eq(orders.idempotencyKey, key)).limit(1),
        );
      };
      const made = await record(couponRefusal).catch((error: unknown) => {
        if (couponRefusal === null && priced.coupon && isCouponRace(error)) {
          return record((error as ActionError).message);
        }
        throw error;
      });
      await mailSoldGiftCards({ mailer, afterReply }, made.giftCards, reads[CHECKOUT_READ.account][0]?.storeName ?? "");
      const review = made.replayed
        ? await flaggedOf(store, input.idempotency_key)
        : (made.alongside.at(-1) as { id: number }[]);
      return answer(made.order, review.length > 0);
    },
  }),

  /** The flagged offline sales, newest first, with their orders' numbers and times. */
  defineAction(
    "get_pos_offline_review_data_and_total_number_by_sorting_and_limit",
    "store:pos:admin",
    async (input, { store }) => {
      const matching =
        input.state === undefined
          ? undefined
          : input.state === "reviewed"
            ? isNotNull(posOfflineReviews.reviewedAt)
            : isNull(posOfflineReviews.reviewedAt);
      return pagedList(
        store,
        input,
        {
          rows: store.selectFields(posOfflineReviews, reviewFields, matching).innerJoin(orders, ofItsOrder(store)),
          count: store.selectFields(posOfflineReviews, { total: count() }, matching),
          sortBy: SORT_COLUMNS[input.sorting],
          id: posOfflineReviews.id,
        },
        toReview,
      );
    },
  ),

  /**
   * Marks one reviewed, once, with its log entry: the update clears `reviewed_at` of a row reviewed meanwhile,
   * which the CHECK pairing it with `reviewed_by` refuses, so a second mark writes nothing (409).
   */
  defineAction("update_pos_offline_review_data_by_application_key_and_id", "store:pos:admin", {
    reads: ({ id }, { store }) =>
      [
        store
          .selectFields(posOfflineReviews, reviewFields, eq(posOfflineReviews.id, id))
          .innerJoin(orders, ofItsOrder(store)),
      ] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const review = toReview(found(rows));
      if (review.reviewed_at !== null) throw new ActionError(409, "offline-sale-reviewed");
      const at = now.toISOString();
      await store
        .batch([
          store.update(
            posOfflineReviews,
            {
              reviewedAt: sql`case when ${posOfflineReviews.reviewedAt} is null then ${at} end`,
              reviewedBy: caller.email,
            },
            eq(posOfflineReviews.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: "pos_offline_review",
            recordId: id,
            recordName: oneName(`#${review.order_number}`),
            before: { reviewed: false },
            after: { reviewed: true },
          }),
        ])
        .catch((error: unknown) => {
          if (errorText(error).includes("pos_offline_review_reviewed_together")) {
            throw new ActionError(409, "offline-sale-reviewed");
          }
          throw error;
        });
      return { ...review, reviewed_at: at, reviewed_by: caller.email };
    },
  }),
];
