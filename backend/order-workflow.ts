import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { OrderStatus } from "../contract/order-states";
import type { Caller } from "./caller";
import { cashDollarOn, cashDollarStatements, earnedCashDollarCents } from "./cash-dollar";
import type { Db } from "./db/client";
import { forStore, type StoreScope } from "./db/scope";
import { notMoving } from "./db/store-moving";
import {
  addOnProducts,
  couponRedemptions,
  coupons,
  orderLines,
  orderStatusHistory,
  orders,
  stockLevels,
  storeSettings,
} from "./db/schema";
import { nextVersion } from "./db/version";
import { ActionError } from "./errors";
import { vipOn, vipUpgradeStatement, type VipSetting } from "./member-checkout";
import { errorText } from "./unique";
import { defaultLocationFor, levelOfLimitedVariant } from "../modules/product/stock-levels";

/**
 * The order workflow's writes, shared by the staff actions (modules/order/actions.ts) and the hourly job
 * that cancels unpaid online orders. Every status move is a compare-and-set on the order's `version` (which
 * every order write raises): `nextVersion` turns a move over a version that has moved on into NULL, which
 * NOT NULL refuses, aborting the move's whole batch (history row, stock, coupon, cash dollar and log too).
 * So of two staff moving the same order at once exactly one succeeds, and a refund submitted twice
 * refunds (and reclaims) once.
 */

export type OrderRow = typeof orders.$inferSelect;

/** Statuses an order counts as bought in (the VIP upgrade's spending). */
export const PAID_STATUSES: readonly OrderStatus[] = ["paid", "preparing", "delivering", "completed"];

/** The job's caller in the cash-dollar ledger, whose rows need an actor. */
export const SYSTEM_ACTOR = "system";

/** What a paid order earns by: the store's current plan and its promotion setting's cash-dollar and VIP parts. */
export interface PaidOrderRules {
  plan: { hasCashDollar: boolean; hasVip: boolean } | undefined;
  cashDollar: { enabled: boolean; earnRate: number } | undefined;
  vip: VipSetting | undefined;
}

/**
 * What an order's payment gives its member, for the batch that records the payment: staff verifying it or
 * marking it paid, and a checkout paid as it is made (a counter sale, a card on the website), so both earn
 * alike. Cash dollar at the earn rate on the money paid (`total_cents`; ledger `order`): the caller keeps
 * `earnedCents` on the order as `cash_dollar_earned_cents`, which a refund reclaims. Then the VIP upgrade,
 * counting the member's orders in paid states (this one too: the batch has it paid) made within the
 * setting's days. A guest's order earns nothing.
 */
export function paidOrderRewards(
  store: StoreScope,
  actor: Pick<Caller, "email">,
  order: { id: number | SQL; memberId: number | null; totalCents: number },
  { plan, cashDollar, vip }: PaidOrderRules,
  now: Date,
): { earnedCents: number; statements: BatchItem<"sqlite">[] } {
  const { memberId } = order;
  if (memberId === null) return { earnedCents: 0, statements: [] };
  const earnedCents = cashDollarOn(plan, cashDollar)
    ? earnedCashDollarCents(order.totalCents, cashDollar!.earnRate)
    : 0;
  const upgrade = vip
    ? vipUpgradeStatement(store, vip, vipOn(plan, vip), {
        memberId,
        spentCents: (days) =>
          sql`(select coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0) from ${orders} where ${store.where(
            orders,
            eq(orders.memberId, memberId),
            inArray(orders.status, [...PAID_STATUSES]),
            sql`${orders.createdAt} >= strftime('%Y-%m-%dT%H:%M:%fZ', ${now.toISOString()}, ${`-${days} days`})`,
          )})`,
      })
    : null;
  return {
    earnedCents,
    statements: [
      ...(earnedCents > 0
        ? cashDollarStatements(store, actor, { memberId, amountCents: earnedCents, action: "order", orderId: order.id })
        : []),
      ...(upgrade ? [upgrade] : []),
    ],
  };
}

/** The order's status (and other columns) set only over the version the caller read. */
export function orderMoveStatement(
  store: StoreScope,
  order: Pick<OrderRow, "id" | "version">,
  values: { [K in keyof typeof orders.$inferInsert]?: (typeof orders.$inferInsert)[K] | SQL },
) {
  return store.update(
    orders,
    { ...values, version: nextVersion(orders.version, order.version) },
    eq(orders.id, order.id),
  );
}

export function historyStatement(
  store: StoreScope,
  change: {
    orderId: number;
    from: OrderStatus | null;
    to: OrderStatus;
    actorEmail: string | null;
    note: string | null;
  },
) {
  return store.insert(orderStatusHistory, [
    {
      orderId: change.orderId,
      fromStatus: change.from,
      toStatus: change.to,
      actorEmail: change.actorEmail,
      note: change.note,
      createdAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    },
  ]);
}

/** What is left of a line's quantity for a variant or add-on id, summed over the order's lines. */
const unreturned = (store: StoreScope, orderId: number, column: "variant_id" | "add_on_product_id", id: string) =>
  sql`(select coalesce(sum(${orderLines.quantity} - ${orderLines.refundedQuantity}), 0) from ${orderLines}
    where ${orderLines.applicationKey} = ${store.applicationKey} and ${orderLines.orderId} = ${orderId}
    and ${sql.raw(`"order_line"."${column}"`)} = ${sql.raw(id)})`;

/**
 * Cancelling an unpaid order gives back what its checkout took: the stock of its products and add-ons
 * (unlimited ones untouched), its coupon use (one use less, the redemption row gone), and the cash dollar
 * it spent (ledger `refund_order`). Only the move's own batch runs these, so they happen once.
 */
export function releaseStatements(store: StoreScope, caller: Pick<Caller, "email">, order: OrderRow) {
  const lineIds = (column: typeof orderLines.variantId | typeof orderLines.addOnProductId) =>
    store.selectFields(orderLines, { id: column }, eq(orderLines.orderId, order.id));
  return [
    store.update(
      stockLevels,
      { stock: sql`${stockLevels.stock} + ${unreturned(store, order.id, "variant_id", '"stock_level"."variant_id"')}` },
      // Where each variant's line was taken from (lines made before locations: the default one).
      eq(
        stockLevels.locationId,
        sql`coalesce((select ${orderLines.locationId} from ${orderLines} where ${store.where(
          orderLines,
          eq(orderLines.orderId, order.id),
          eq(orderLines.variantId, stockLevels.variantId),
        )} limit 1), ${defaultLocationFor(store, order.channel === "pos" ? "counter" : "online")})`,
      ),
      inArray(stockLevels.variantId, lineIds(orderLines.variantId)),
      levelOfLimitedVariant(),
    ),
    store.update(
      addOnProducts,
      {
        stock: sql`${addOnProducts.stock} + ${unreturned(store, order.id, "add_on_product_id", '"add_on_product"."id"')}`,
      },
      eq(addOnProducts.unlimitedInventory, false),
      inArray(addOnProducts.id, lineIds(orderLines.addOnProductId)),
    ),
    ...(order.couponId === null
      ? []
      : [
          store.update(
            coupons,
            { timesUsed: sql`${coupons.timesUsed} - 1` },
            eq(coupons.id, order.couponId),
            sql`exists (select 1 from ${couponRedemptions} where ${store.where(
              couponRedemptions,
              eq(couponRedemptions.orderId, order.id),
            )})`,
          ),
          store.delete(couponRedemptions, eq(couponRedemptions.orderId, order.id)),
        ]),
    ...(order.memberId === null || order.cashDollarSpentCents === 0
      ? []
      : cashDollarStatements(store, caller as Caller, {
          memberId: order.memberId,
          amountCents: order.cashDollarSpentCents,
          action: "refund_order",
          orderId: order.id,
        })),
  ];
}

/** The cancel's whole batch: the move, its history row and the release. */
export function cancelStatements(
  store: StoreScope,
  caller: Pick<Caller, "email">,
  order: OrderRow,
  actor: { email: string | null; note: string | null },
) {
  return [
    orderMoveStatement(store, order, { status: "cancelled" }),
    historyStatement(store, {
      orderId: order.id,
      from: order.status,
      to: "cancelled",
      actorEmail: actor.email,
      note: actor.note,
    }),
    ...releaseStatements(store, caller, order),
  ];
}

/** A batch refused by the order's compare-and-set: someone moved or edited the order first. */
export function rethrowOrderChanged(error: unknown): never {
  if (/NOT NULL constraint failed: store_order\.version\b/.test(errorText(error))) {
    throw new ActionError(409, "order-status-changed");
  }
  throw error;
}

/** At most this many orders per run; the next hour's run takes the rest. */
const AUTO_CANCEL_BATCH = 200;

/**
 * The hourly job: online orders still awaiting payment longer than their store's
 * `unpaid_order_cancel_hours` are cancelled, each in its own batch (stock, coupon and cash dollar back,
 * a history row without an actor and the note "auto"). An order paid meanwhile fails its compare-and-set
 * and is left alone. Returns how many were cancelled.
 */
export async function cancelUnpaidOrders(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(storeSettings, eq(storeSettings.applicationKey, orders.applicationKey))
    .where(
      and(
        eq(orders.status, "awaiting_payment"),
        eq(orders.channel, "online"),
        notMoving(orders.applicationKey),
        sql`${orders.createdAt} <= strftime('%Y-%m-%dT%H:%M:%fZ', ${now.toISOString()}, '-' || ${storeSettings.unpaidOrderCancelHours} || ' hours')`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(AUTO_CANCEL_BATCH);
  let cancelled = 0;
  for (const { order } of due) {
    const store = forStore(db, order.applicationKey);
    const statements = cancelStatements(store, { email: SYSTEM_ACTOR }, order, { email: null, note: "auto" });
    await store
      .batch(statements as [(typeof statements)[number], ...typeof statements])
      .then(() => cancelled++)
      .catch(rethrowOrderChanged)
      .catch((error: unknown) => {
        if (!(error instanceof ActionError)) throw error;
      });
  }
  return cancelled;
}
