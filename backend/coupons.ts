import { eq, sql, type SQL } from "drizzle-orm";
import type { CouponStatus } from "../modules/promotion/contract";
import type { MessageKey } from "../contract/messages";
import { couponDiscountCents } from "../contract/coupon-discount";
import type { StoreScope } from "./db/scope";
import { couponMembers, couponRedemptions, coupons } from "./db/schema";
import { ActionError } from "./errors";
import { errorText } from "./unique";

export type CouponRow = typeof coupons.$inferSelect;

/** A coupon's state now: disabled, used up, not started, expired, else active. */
export function couponStatus(
  row: Pick<CouponRow, "disabled" | "startsAt" | "expiresAt" | "usageLimit" | "timesUsed">,
  now: Date,
): CouponStatus {
  const at = now.toISOString();
  if (row.disabled) return "disabled";
  if (row.startsAt > at) return "scheduled";
  if (row.expiresAt <= at) return "expired";
  if (row.usageLimit !== null && row.timesUsed >= row.usageLimit) return "used_up";
  return "active";
}

export interface CouponUse {
  /** The member the order is for; null for a guest. */
  memberId: number | null;
  /** The member is one of the coupon's (always true for audience 'all'): `couponMemberQuery`. */
  memberAllowed: boolean;
  /** The member redeemed this coupon before: `couponRedeemedByQuery`. */
  alreadyUsedByMember: boolean;
  subtotalCents: number;
  /** The order spends cash dollar too. */
  usesCashDollar: boolean;
  now: Date;
}

export type CouponCheckResult = { ok: true; discountCents: number } | { ok: false; message: MessageKey };

/**
 * Whether a coupon (as `couponByCodeQuery` read it) can be used on an order, with the discount it gives,
 * or the catalogue's reason why not. Limits are checked here for the message and held by the database
 * when the order redeems it (`couponRedemptionStatements`).
 */
export function couponCheck(row: CouponRow | undefined, use: CouponUse): CouponCheckResult {
  const refuse = (message: MessageKey): CouponCheckResult => ({ ok: false, message });
  if (!row) return refuse("coupon-not-found");
  if (row.disabled) return refuse("coupon-disabled");
  const at = use.now.toISOString();
  if (row.startsAt > at) return refuse("coupon-not-started");
  if (row.expiresAt <= at) return refuse("coupon-expired");
  if (row.usageLimit !== null && row.timesUsed >= row.usageLimit) return refuse("coupon-used-up");
  if (use.usesCashDollar) return refuse("coupon-or-cash-dollar-only");
  if (use.memberId === null && (row.usage === "once" || row.audience === "specific")) {
    return refuse("coupon-must-select-user");
  }
  if (row.audience === "specific" && !use.memberAllowed) return refuse("coupon-user-not-allowed");
  if (row.usage === "once" && use.alreadyUsedByMember) return refuse("coupon-used");
  if (use.subtotalCents < row.minimumSubtotalCents) return refuse("minimum-subtotal-not-met");
  return { ok: true, discountCents: couponDiscountCents(row, use.subtotalCents) };
}

const byCode = (code: string) => sql`${coupons.code} = ${code.trim()} COLLATE NOCASE`;
const couponIdOfCode = (store: StoreScope, code: string) =>
  sql`(select ${coupons.id} from ${coupons} where ${store.where(coupons, byCode(code))})`;

/** The store's coupon with this code, any case (through the NOCASE unique index). */
export const couponByCodeQuery = (store: StoreScope, code: string) => store.select(coupons, byCode(code)).limit(1);

/** One row when the member is named on the coupon of this code (what audience 'specific' needs). */
export const couponMemberQuery = (store: StoreScope, code: string, memberId: number) =>
  store
    .selectFields(
      couponMembers,
      { memberId: couponMembers.memberId },
      eq(couponMembers.couponId, couponIdOfCode(store, code)),
      eq(couponMembers.memberId, memberId),
    )
    .limit(1);

/** One row when the member already redeemed the coupon of this code. */
export const couponRedeemedByQuery = (store: StoreScope, code: string, memberId: number) =>
  store
    .selectFields(
      couponRedemptions,
      { id: couponRedemptions.id },
      eq(couponRedemptions.memberId, memberId),
      eq(couponRedemptions.couponId, couponIdOfCode(store, code)),
    )
    .limit(1);

export interface CouponRedemption {
  coupon: Pick<CouponRow, "id" | "usage">;
  memberId: number | null;
  discountCents: number;
  /** The order's id, or an SQL expression giving it (an order inserted earlier in the same batch). */
  orderId?: number | SQL | null;
}

/**
 * The statements that redeem a coupon, for the caller's own batch (an order puts them beside its rows):
 * one more use, which the coupon's CHECK refuses past its usage limit, and the redemption row, whose
 * unique (coupon_id, once_key) refuses a member's second use of a once-coupon. Either refusal aborts the
 * whole batch; end it with `.catch(rethrowCouponRefused)`.
 */
export function couponRedemptionStatements(store: StoreScope, redemption: CouponRedemption) {
  const { coupon, memberId } = redemption;
  if (coupon.usage === "once" && memberId === null) throw new ActionError(400, "coupon-must-select-user");
  return [
    store.update(coupons, { timesUsed: sql`${coupons.timesUsed} + 1` }, eq(coupons.id, coupon.id)),
    store.insert(couponRedemptions, [
      {
        couponId: coupon.id,
        memberId,
        onceKey: coupon.usage === "once" ? memberId : null,
        orderId: redemption.orderId ?? null,
        discountCents: redemption.discountCents,
      },
    ]),
  ] as const;
}

/** A redemption the database refused: a once-coupon the member used (409 coupon-used), or no uses left (409 coupon-used-up). */
export function rethrowCouponRefused(error: unknown): never {
  const text = errorText(error);
  if (text.includes("coupon_usage_within_limit")) throw new ActionError(409, "coupon-used-up");
  if (/UNIQUE constraint failed: coupon_redemption\.coupon_id, coupon_redemption\.once_key/.test(text)) {
    throw new ActionError(409, "coupon-used");
  }
  throw error;
}
