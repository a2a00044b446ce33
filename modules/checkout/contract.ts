import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { email, MAX_CENTS, MAX_QUANTITY, multilineText, optional, phone, text } from "../../contract/field-rules";
import {
  DELIVERY_METHODS,
  DISTRICTS,
  LANGUAGES,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STORED_VALUE_METHODS,
} from "../../contract/options";
import { applicationKey, id } from "../../contract/parts";
import { giftCardCode } from "../gift-card/contract";
import { ADDRESS_MAX } from "../setting/contract";
import { LOCATION_ADDRESS_MAX } from "../location/contract";
import { posExchange } from "../order/contract";
import type { RefundDestination } from "../order/options";

/**
 * Checkout (module `order`): what the POS and the store's website send to price an order and to make it.
 * The backend computes every amount itself (backend/checkout.ts); the client only says what is bought.
 */

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_ADD_ONS = 20;
export const MAX_ORDER_ADD_ONS = 50;
/** A POS order may be paid by several methods (cash and card, say). */
export const MAX_PAYMENTS = 5;
/**
 * A website's submission key also names its order for the payment proof (the only secret the upload needs),
 * so it must be too long to guess: a UUID has 36 characters.
 */
export const MIN_IDEMPOTENCY_KEY_LENGTH = 16;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 64;
export const DELIVERY_REMARK_MAX = 500;
export const ORDER_NOTE_MAX = 500;
/** Screenshots or photos of one payment the customer sends at once. */
export const MAX_PROOF_IMAGES = 3;

const quantity = z.int().min(1).max(MAX_QUANTITY);
const money = z.int().min(0).max(MAX_CENTS);

const posPaymentFields = {
  method: z.enum(ORDER_PAYMENT_METHODS),
  amount_cents: z.int().min(1).max(MAX_CENTS),
  gift_card_code: optional(giftCardCode),
};

function requireGiftCardCode(payment: { method: string; gift_card_code?: string }, context: z.core.$RefinementCtx) {
  if (payment.method === "gift_card" && payment.gift_card_code === undefined) {
    context.addIssue({ code: "custom", message: "force-input", path: ["gift_card_code"] });
  }
}

/** What one method paid of a counter sale; a gift card's payment names the card by its code. */
export const posPayment = z.object(posPaymentFields).superRefine(requireGiftCardCode);

/** Stored value paying part of a website order: a gift card by its code, or the member's store credit. */
const storedValuePayment = z
  .object({ ...posPaymentFields, method: z.enum(STORED_VALUE_METHODS) })
  .superRefine(requireGiftCardCode);

/** A payment typed at the counter before the sale: any method but the card, which pays what they leave. */
export const typedPosPayment = z
  .object({ ...posPaymentFields, method: z.enum(ORDER_PAYMENT_METHODS).exclude(["credit_card"]) })
  .superRefine(requireGiftCardCode);

/**
 * A product line. Each chosen add-on comes once per unit of the line: two coffees with an extra shot are
 * two extra shots. Products are named by their `product_code`, the product module's own key, and a product
 * with options by the variant sold too (`variant_id`; a product without options has one, found without it).
 */
const checkoutLine = z.object({
  product_code: text({ max: 64 }),
  variant_id: id.optional(),
  /**
   * The amount of an open-amount gift card (modules/gift-card), each unit's; the engine holds it to the
   * product's range (`gift-card-amount-range`). Only for such a product.
   */
  amount_cents: z.int().min(0).max(MAX_CENTS).optional(),
  quantity,
  add_on_product_ids: z
    .array(id)
    .max(MAX_LINE_ADD_ONS)
    .refine((ids) => new Set(ids).size === ids.length)
    .default([]),
});

/** An add-on for the whole order (a gift box), with its own quantity. */
const orderAddOn = z.object({ add_on_product_id: id, quantity });

/**
 * Where the order goes. Every method but self pickup needs an address and a district (its charge); self
 * pickup names one of the setting's pickup addresses. The phone is checked by the engine
 * (`invalid-delivery-phone`), so a website gets the catalogue's message rather than a field error.
 */
export const deliveryFields = z.object({
  method: z.enum(DELIVERY_METHODS),
  receiver_name: text(),
  receiver_phone: text({ max: 20 }),
  address: optional(multilineText({ max: ADDRESS_MAX })),
  district: optional(z.enum(DISTRICTS)),
  remark: optional(multilineText({ max: DELIVERY_REMARK_MAX })),
  pickup_address: optional(text({ max: LOCATION_ADDRESS_MAX })),
});

/** What is bought and how: the quote's payload, and the base of both creations. */
export const checkoutFields = {
  application_key: applicationKey,
  lines: z.array(checkoutLine).max(MAX_ORDER_LINES).default([]),
  order_add_ons: z.array(orderAddOn).max(MAX_ORDER_ADD_ONS).default([]),
  member_id: optional(id),
  coupon_code: optional(text({ max: 20 })),
  /** Cash-dollar cents the member wants to use (at the store's redeem rate); coupon and cash dollar never both. */
  cash_dollar_cents: optional(money),
  /** None: a counter sale taken away at once. */
  delivery: optional(deliveryFields),
  /** The method the card fee depends on (credit_card); a quote may leave it out. */
  payment_method: optional(z.enum(PAYMENT_METHODS)),
};

/** A client-made id (a UUID) for one submission: a replay answers the first order and changes nothing. */
export const idempotencyKey = z
  .string()
  .trim()
  .min(MIN_IDEMPOTENCY_KEY_LENGTH)
  .max(MAX_IDEMPOTENCY_KEY_LENGTH)
  .regex(/^[\w-]+$/);

const orderFields = {
  ...checkoutFields,
  idempotency_key: idempotencyKey,
  note: optional(multilineText({ max: ORDER_NOTE_MAX })),
  /** The total the customer was shown: a different total now (prices changed) is `totals-not-matching`. */
  expected_total_cents: optional(money),
};

/** A guest gives a name and a phone beside the e-mail; a member's come from their record. */
function requireGuestContact(
  value: { member_id?: number; customer_name?: string; customer_phone?: string },
  context: z.core.$RefinementCtx,
) {
  if (value.member_id !== undefined) return;
  for (const field of ["customer_name", "customer_phone"] as const) {
    if (value[field] === undefined) context.addIssue({ code: "custom", message: "force-input", path: [field] });
  }
}

export const checkoutPayloads = {
  get_order_amount_data_by_application_key: z.object(checkoutFields),
  /**
   * A counter sale. `payments` are what each method paid; cash may exceed the total (the customer's
   * change is what it exceeds by, kept off the payment). A card payment includes its card fee.
   */
  add_pos_order_data: z.object({
    ...orderFields,
    /**
     * A sale of the seller's POS cart (modules/pos/contract.ts): the version of the cart the page showed. The order
     * is made only while the cart is still that one, with these contents, and the cart is emptied with it.
     */
    pos_cart_version: optional(z.int().min(1)),
    /**
     * The location the counter sells at (one that sells at the counter): every unit comes from its stock. Left
     * out, each variant comes from the first counter location holding it.
     */
    location_id: optional(id),
    payments: z.array(posPayment).max(MAX_PAYMENTS).default([]),
    /**
     * An exchange: these lines of an earlier sale returned in the same batch, their value paying the sale (an
     * `exchange` payment); what they are worth beyond it goes back by `refund_to`.
     */
    exchange: optional(posExchange),
  }),
  /**
   * An order from the store's own website (permission `public`, keyed by application_key). A member is
   * named by id and confirmed by their e-mail (a member token comes with member sign-in, which this
   * product does not have); anyone else orders as a guest with name, e-mail and phone.
   */
  add_online_order_data: z
    .object({
      ...orderFields,
      customer_name: optional(text()),
      customer_email: email(),
      customer_phone: optional(phone()),
      /** The payment gateway's token of the card (the website's card form gets it from the gateway). */
      card_token: optional(text({ max: 200 })),
      /** The language the customer shops in, which the e-mails no staff write (the payment reminder) are in. */
      language: z.enum(LANGUAGES).default("zh-HK"),
      /**
       * Gift cards (by code) and the member's store credit paying part or all of the order at once; the
       * payment method pays the rest (a card is charged only that), none is needed when they pay it all.
       */
      stored_value: z.array(storedValuePayment).max(MAX_PAYMENTS).default([]),
    })
    .superRefine(requireGuestContact),
  /**
   * The customer's proof of payment for a website order awaiting it, paid by a method whose payment
   * setting asks for one. The submission's idempotency key names the order: only the website that made
   * the order knows it. Each image is a data URL, checked as any upload.
   */
  update_order_payment_proof_data_by_application_key_and_idempotency_key: z.object({
    application_key: applicationKey,
    idempotency_key: idempotencyKey,
    proof_images: z.array(z.string()).min(1).max(MAX_PROOF_IMAGES),
  }),
};

export type CheckoutInput = z.output<typeof checkoutPayloads.get_order_amount_data_by_application_key>;
type OrderLineKind = "product" | "line_add_on" | "order_add_on";

export interface OrderAmountLine {
  kind: OrderLineKind;
  /** The line's place in the order; a line add-on names its product line's. */
  position: number;
  parent_position: number | null;
  product_code: string | null;
  product_id: number | null;
  /** The variant a product line sells, and its option values as they read now ("M / 黑色"; null without options). */
  variant_id: number | null;
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  add_on_product_id: number | null;
  name_zh_hk: string;
  name_en: string;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
  /** A gift card sold: each unit issues a card of the unit price once paid; no discount applies to it. */
  gift_card: boolean;
}

/** Every amount of an order, in integer HK$ cents. */
export interface OrderAmount {
  lines: OrderAmountLine[];
  /** Every line, before any discount. */
  subtotal_cents: number;
  /** What the gift-card lines come to: no coupon or cash dollar takes anything off them, nor earns on them. */
  gift_card_cents: number;
  coupon_code: string | null;
  coupon_discount_cents: number;
  /** Cash-dollar cents spent, and the HK$ cents they take off. */
  cash_dollar_spent_cents: number;
  cash_dollar_discount_cents: number;
  delivery_charge_cents: number;
  /** Free delivery applies: the subtotal after discounts reached the method's free-delivery amount. */
  free_delivery: boolean;
  /** The delivery method's free-delivery amount; null without one (or without delivery, or for self pickup). */
  free_delivery_amount_cents: number | null;
  /** What the subtotal after the discount still needs to reach it; 0 once it does. */
  free_delivery_left_cents: number;
  card_fee_cents: number;
  total_cents: number;
}

export interface CreatedOrder {
  id: number;
  order_number: number;
  status: (typeof ORDER_STATUSES)[number];
  payment_status: (typeof PAYMENT_STATUSES)[number];
  total_cents: number;
}

/** A counter sale, with the cash the customer handed over and the change they got back. */
export interface PosSale extends CreatedOrder {
  cash_tendered_cents: number;
  change_cents: number;
  /** An exchange's return, as it was made (null for a plain sale); a replay answers it again from the return's row. */
  exchange: {
    /** What the returned lines gave back. */
    returned_cents: number;
    /** The part that paid the sale (its `exchange` payment). */
    paid_cents: number;
    refund_to: RefundDestination;
    /** The rest, given back by `refund_to`. */
    refunded_cents: number;
    /** The new card's code when the rest went onto one: shown once. */
    gift_card_code: string | null;
  } | null;
}

export interface CheckoutResults {
  get_order_amount_data_by_application_key: OrderAmount;
  add_pos_order_data: PosSale;
  add_online_order_data: CreatedOrder;
  update_order_payment_proof_data_by_application_key_and_idempotency_key: CreatedOrder;
}

export const checkoutExamples: Examples<typeof checkoutPayloads> = {
  get_order_amount_data_by_application_key: ({ application_key, product_code, add_on_product_id, member_id }) => ({
    application_key,
    lines: [{ product_code, quantity: 1 }],
    order_add_ons: [{ add_on_product_id, quantity: 1 }],
    member_id,
  }),
  add_pos_order_data: ({ application_key, product_code, member_id }) => ({
    application_key,
    lines: [{ product_code, quantity: 1 }],
    member_id,
    payment_method: "cash",
    payments: [{ method: "cash", amount_cents: 1_000_000 }],
    idempotency_key: `example-pos-${application_key}`,
  }),
  add_online_order_data: ({ application_key, product_code }) => ({
    application_key,
    lines: [{ product_code, quantity: 1 }],
    delivery: {
      method: "self_pickup",
      receiver_name: "Chan Tai Man",
      receiver_phone: "91234567",
      pickup_address: "Shop 1, 1 Example Street",
    },
    payment_method: "fps",
    idempotency_key: `example-online-${application_key}`,
    customer_name: "Chan Tai Man",
    customer_email: "guest@example.com",
    customer_phone: "91234567",
  }),
  update_order_payment_proof_data_by_application_key_and_idempotency_key: ({ application_key }) => ({
    application_key,
    idempotency_key: `example-online-${application_key}`,
    proof_images: [`data:image/png;base64,${ONE_PIXEL_PNG}`],
  }),
};

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
