import * as z from "zod";
import { deliveryFields, MAX_IDEMPOTENCY_KEY_LENGTH } from "#modules/checkout/contract";
import { hkdAsCents, MAX_CENTS, multilineText, nullable, optional, phone, text } from "#contract/field-rules";
import { PAYMENT_METHODS } from "#contract/options";
import { withValue } from "#contract/messages";
import { id, wholeNumber } from "#contract/parts";
import { giftCardCode } from "#modules/gift-card/contract";
import { MAX_HELD_CART_NOTE, MAX_SCAN_LENGTH, posCart } from "#modules/pos/contract";

/** The version of the seller's cart the page showed (0 before its first change): every cart form posts it. */
const version = z.int().min(0);
const position = wholeNumber(1, 100);

/** What a gift card or store credit pays: more than HK$0. */
const storedValueAmount = hkdAsCents().refine((cents) => cents > 0, { error: withValue("minimum-number", 0) });

/** The cart the page showed, posted whole by the checkout form so the sale is exactly what was on screen. */
const shownCart = z
  .string()
  .transform((value, payload) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      payload.issues.push({ code: "custom", message: "format-not-match", input: value });
      return z.NEVER;
    }
  })
  .pipe(posCart);

/** Every form of the POS page by its `intent`; each posts the cart version it was rendered with. */
export const posForms = {
  scan: z.object({ version, code: text({ max: MAX_SCAN_LENGTH }) }),
  /** `amount`: an open-amount gift card's, in HK$. */
  add: z.object({ version, product_code: text({ max: 64 }), variant_id: optional(id), amount: optional(hkdAsCents()) }),
  quantity: z.object({ version, position, quantity: wholeNumber(0, 9_999) }),
  "line-add-ons": z.object({ version, position, add_on_product_ids: z.array(id).max(20).default([]) }),
  "order-add-on": z.object({ version, add_on_product_id: id, quantity: wholeNumber(0, 9_999) }),
  "remove-member": z.object({ version }),
  discount: z.object({
    version,
    coupon_code: nullable(text({ max: 20 })),
    cash_dollar: optional(hkdAsCents()),
  }),
  // The receiver's phone by the one Hong Kong phone rule, beside its box: the checkout refuses any other.
  delivery: z.object({ version, ...deliveryFields.shape, receiver_phone: phone() }),
  "no-delivery": z.object({ version }),
  "payment-method": z.object({ version, payment_method: nullable(z.enum(PAYMENT_METHODS)) }),
  "gift-card": z.object({ version, code: giftCardCode, amount: storedValueAmount }),
  "remove-gift-card": z.object({ version }),
  /** Blank: the store credit pays nothing. */
  "store-credit": z.object({ version, amount: optional(storedValueAmount) }),
  clear: z.object({ version }),
  "remove-exchange": z.object({ version }),
  hold: z.object({ version, note: nullable(multilineText({ max: MAX_HELD_CART_NOTE })) }),
  recall: z.object({ version, id }),
  discard: z.object({ id }),
  checkout: z.object({
    version: z.int().min(1),
    idempotency_key: text({ max: MAX_IDEMPOTENCY_KEY_LENGTH }),
    cart: shownCart,
    expected_total_cents: wholeNumber(0, MAX_CENTS),
    /** One amount per method the store takes; blank ones are not paid. */
    payments: z
      .array(z.object({ method: z.enum(PAYMENT_METHODS), amount: optional(hkdAsCents()) }))
      .max(PAYMENT_METHODS.length)
      .default([]),
  }),
};

export type PosIntent = keyof typeof posForms;
export const POS_INTENTS = Object.keys(posForms) as PosIntent[];
