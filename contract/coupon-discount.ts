import type { COUPON_DISCOUNT_TYPES } from "./options";

/** Without drizzle: the checkout engine and the POS's offline cart price a coupon with the same function. */

export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/**
 * The discount on a subtotal: a percentage (in basis points) rounds half up to the cent, cash never exceeds
 * the subtotal.
 */
export function couponDiscountCents(
  coupon: { discountType: CouponDiscountType; discountValue: number },
  subtotalCents: number,
) {
  if (coupon.discountType === "percentage") return Math.round((subtotalCents * coupon.discountValue) / 10_000);
  return Math.min(coupon.discountValue, subtotalCents);
}
