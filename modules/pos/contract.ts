import * as z from "zod";
import type { LocationName } from "../location/contract";
import {
  checkoutFields,
  idempotencyKey,
  MAX_LINE_ADD_ONS,
  MAX_ORDER_ADD_ONS,
  MAX_ORDER_LINES,
  MAX_PAYMENTS,
  ORDER_NOTE_MAX,
  typedPosPayment,
  type OrderAmount,
  type PosSale,
} from "../checkout/contract";
import { posExchange } from "../order/contract";
import type { CouponDiscountType } from "../../contract/coupon-discount";
import type { Examples } from "../../contract/examples";
import type { FpsQrData } from "../../contract/fps-qr";
import type { OrderExchange, OrderMember } from "../order/contract";
import {
  crossFieldCheck,
  MAX_CENTS,
  MAX_QUANTITY,
  multilineText,
  nullable,
  optional,
  text,
} from "../../contract/field-rules";
import { giftCardCode, type OrderGiftCard } from "../gift-card/contract";
import { DELIVERY_METHODS, DISTRICTS, PAYMENT_METHODS } from "../../contract/options";
import { applicationKey, id, keyword, sorting, wholeNumber } from "../../contract/parts";
import { POS_OFFLINE_REVIEW_SORTS, POS_OFFLINE_REVIEW_STATES, type OfflineDifference } from "./options";

/**
 * The POS (module `pos`, page `/product/pos`): each signed-in user's cart kept on the server, so a sale
 * works with every change a form post, and survives a reload or another device; held carts any device of
 * the store recalls. Its checkout is the checkout engine's counter sale (`add_pos_order_data`).
 */

export const MAX_SCAN_LENGTH = 64;
export const MAX_HELD_CART_NOTE = 200;
/** Products the POS shows at once, searched or by category. */
export const POS_PRODUCTS_SHOWN = 24;
/** Held carts the POS lists, newest first. */
export const HELD_CARTS_SHOWN = 20;
/** What the barcode sheet prints: products and add-ons with a barcode, and the newest members. */
export const BARCODE_SHEET_ITEMS = 100;
export const BARCODE_SHEET_MEMBERS = 12;

const { application_key: _, ...cartFields } = checkoutFields;

const storedValueCents = z.int().min(1).max(MAX_CENTS);
/** A gift card the cart is to be paid with in part or whole: its code and what it pays. */
const cartGiftCard = z.object({ code: giftCardCode, amount_cents: storedValueCents });

/**
 * A cart: what the engine prices (lines, order add-ons, member, one discount, delivery, payment method), the
 * stored value applied to it (a gift card and the member's store credit, paid beside the typed amounts), and a
 * return it is exchanged for.
 */
export const posCart = z.object({
  ...cartFields,
  gift_card: optional(cartGiftCard),
  store_credit_cents: optional(storedValueCents),
  exchange: optional(posExchange),
});
export type PosCart = z.output<typeof posCart>;

/** A cart's stored value as payments of its sale: its gift card, then the member's store credit. */
export function cartStoredValuePayments(cart: Pick<PosCart, "gift_card" | "store_credit_cents">) {
  return [
    ...(cart.gift_card
      ? [
          {
            method: "gift_card" as const,
            gift_card_code: cart.gift_card.code,
            amount_cents: cart.gift_card.amount_cents,
          },
        ]
      : []),
    ...(cart.store_credit_cents ? [{ method: "store_credit" as const, amount_cents: cart.store_credit_cents }] : []),
  ];
}

/** The stored value of a sale's payments as its cart held it (the inverse of cartStoredValuePayments). */
export function cartStoredValueOf(
  payments: { method: string; amount_cents: number; gift_card_code?: string }[],
): Pick<PosCart, "gift_card" | "store_credit_cents"> {
  const card = payments.find((payment) => payment.method === "gift_card");
  const credit = payments.find((payment) => payment.method === "store_credit");
  return {
    gift_card: card?.gift_card_code ? { code: card.gift_card_code, amount_cents: card.amount_cents } : undefined,
    store_credit_cents: credit?.amount_cents,
  };
}

/** What a cart change does; each is one form of the POS page. */
export const posCartOperation = z.discriminatedUnion("op", [
  /**
   * What a barcode scanner typed: a variant's barcode or a product's code (a product with options is not
   * added but answered `choose`), a member's ID or phone, an add-on's barcode.
   */
  z.object({ op: z.literal("scan"), code: text({ max: MAX_SCAN_LENGTH }) }),
  /** One more of a product; of a product with options, of the variant named. */
  /** An open-amount gift card comes with its amount (`amount_cents`), each amount a line of its own. */
  z.object({
    op: z.literal("add_product"),
    product_code: text({ max: 64 }),
    variant_id: id.optional(),
    amount_cents: z.int().min(0).max(MAX_CENTS).optional(),
  }),
  /** A line's quantity by its place in the cart (1 is the first); 0 takes the line away. */
  z.object({ op: z.literal("set_quantity"), position: wholeNumber(1, 100), quantity: wholeNumber(0, 9_999) }),
  z.object({
    op: z.literal("set_line_add_ons"),
    position: wholeNumber(1, 100),
    add_on_product_ids: z.array(id).max(20).default([]),
  }),
  /** An add-on for the whole order; 0 takes it away. */
  z.object({ op: z.literal("set_order_add_on"), add_on_product_id: id, quantity: wholeNumber(0, 9_999) }),
  z.object({ op: z.literal("set_member"), member_id: nullable(id) }),
  /** A coupon or cash dollar (the engine refuses both); both empty takes the discount away. */
  z.object({
    op: z.literal("set_discount"),
    coupon_code: nullable(text({ max: 20 })),
    cash_dollar_cents: nullable(wholeNumber(0, 100_000_000)),
  }),
  z.object({ op: z.literal("set_delivery"), delivery: cartFields.delivery }),
  z.object({ op: z.literal("set_payment_method"), payment_method: nullable(z.enum(PAYMENT_METHODS)) }),
  /** A gift card to pay with, checked against its balance as it is applied; null takes it away. */
  z.object({ op: z.literal("set_gift_card"), gift_card: nullable(cartGiftCard) }),
  /** What the cart's member's store credit pays, within their balance; null: none. */
  z.object({ op: z.literal("set_store_credit"), amount_cents: nullable(storedValueCents) }),
  z.object({ op: z.literal("clear") }),
  /** The return the sale is exchanged for (from the POS return page); null takes it away. */
  z.object({ op: z.literal("set_exchange"), exchange: nullable(posExchange) }),
]);
export type PosCartOperation = z.output<typeof posCartOperation>;

/** The version of the caller's cart the page showed; 0 before its first change. */
const cartVersion = z.int().min(0);

/** What a scan found; `none` comes with a search for what was typed, `choose` with the product's variants. */
export const SCAN_RESULTS = ["product", "member", "add_on", "choose", "none"] as const;

const offlineCents = z.int().min(0).max(MAX_CENTS);
const offlineQuantity = z.int().min(1).max(MAX_QUANTITY);
const distinctAddOns = (addOns: { add_on_product_id: number }[]) =>
  new Set(addOns.map((addOn) => addOn.add_on_product_id)).size === addOns.length;

/** Methods no server checks, the only ones a device takes offline: not the card, nor stored value, nor PayPal. */
const offlinePaymentMethod = z.enum(PAYMENT_METHODS).exclude(["credit_card", "paypal"]);
export const OFFLINE_PAYMENT_METHODS = offlinePaymentMethod.options;

/** A line as the device sold it: the product (and variant), the quantity and each unit's price it charged. */
const offlineLine = z.object({
  product_code: text({ max: 64 }),
  variant_id: id.optional(),
  quantity: offlineQuantity,
  unit_price_cents: offlineCents,
  /** The line's add-ons, once per unit of the line, at the price the device charged for each. */
  add_ons: z
    .array(z.object({ add_on_product_id: id, unit_price_cents: offlineCents }))
    .max(MAX_LINE_ADD_ONS)
    .refine(distinctAddOns)
    .default([]),
});

/** A time an offline device kept (ISO 8601 with its offset). */
const offlineTime = z.iso.datetime({ offset: true, error: "format-not-match" });
/** More sales than a device could make in the hours an offline queue may wait is no device's count. */
const MAX_OFFLINE_SALES_LOGGED = 100_000;

/** A device's time offline and the sales it made meanwhile. */
const offlinePeriodFields = {
  went_offline_at: offlineTime,
  back_online_at: offlineTime,
  sales: wholeNumber(0, MAX_OFFLINE_SALES_LOGGED),
};

const backNotBeforeOffline = (
  period: { went_offline_at: string; back_online_at: string },
  context: z.RefinementCtx<{ went_offline_at: string; back_online_at: string }>,
) => {
  if (Date.parse(period.back_online_at) < Date.parse(period.went_offline_at)) {
    context.addIssue({ code: "custom", message: "back-online-before-offline", path: ["back_online_at"] });
  }
};

/** The POS page's report of a time offline: the action's payload but the store's key, which is the session's. */
export const offlinePeriod = z.object(offlinePeriodFields).check(crossFieldCheck(backNotBeforeOffline));

const offlineSale = z
  .object({
    application_key: applicationKey,
    idempotency_key: idempotencyKey,
    /** When the device made the sale (ISO 8601 with its offset): the order's time, within limits. */
    made_at: offlineTime,
    /** The location the device's counter sold at (one that sells at the counter); left out, the store's first. */
    location_id: optional(id),
    lines: z.array(offlineLine).min(1).max(MAX_ORDER_LINES),
    order_add_ons: z
      .array(z.object({ add_on_product_id: id, quantity: offlineQuantity, unit_price_cents: offlineCents }))
      .max(MAX_ORDER_ADD_ONS)
      .refine(distinctAddOns)
      .default([]),
    member_id: optional(id),
    coupon_code: optional(text({ max: 20 })),
    /** What the coupon took off, as the device worked it out. */
    coupon_discount_cents: offlineCents.default(0),
    /** What the device charged: its lines less the coupon's discount. */
    total_cents: offlineCents,
    payments: z
      .array(z.object({ method: offlinePaymentMethod, amount_cents: z.int().min(1).max(MAX_CENTS) }))
      .max(MAX_PAYMENTS)
      .default([]),
    note: optional(multilineText({ max: ORDER_NOTE_MAX })),
  })
  .check(
    crossFieldCheck((sale, context) => {
      if (sale.coupon_discount_cents > 0 && sale.coupon_code === undefined) {
        context.addIssue({ code: "custom", message: "force-input", path: ["coupon_code"] });
      }
    }),
  );

export const posPayloads = {
  /**
   * The POS page's data: the caller's cart priced by the engine, products to pick (searched or by category),
   * the categories, the order add-ons, the store's payment and delivery methods, and the held carts.
   */
  get_pos_data_by_application_key: z.object({
    application_key: applicationKey,
    keyword,
    category_id: optional(id),
    /** A product with options whose variants the seller chooses from (`choosing`). */
    choose: optional(text({ max: 64 })),
    /** The sale just made, whose gift cards the page lists (`sold_gift_cards`). */
    sold_order_id: optional(id),
    /**
     * What the seller typed for each method but the card, to work out what is left and the change: when the
     * cart's payment method is the card, it pays the rest (`tender`).
     */
    payments: z.array(typedPosPayment).max(MAX_PAYMENTS).default([]),
    /** The location the counter works at (the browser remembers it); not one that sells at the counter: the first. */
    location_id: optional(id),
  }),
  /** One change to the caller's cart, saved over the version the page showed (409 `edited-elsewhere`). */
  update_pos_cart_data_by_application_key: z.object({
    application_key: applicationKey,
    version: cartVersion,
    operation: posCartOperation,
  }),
  /** Parks the caller's cart with a note for any device of the store; the cart starts empty again. */
  add_pos_held_cart_data: z.object({
    application_key: applicationKey,
    version: cartVersion,
    note: nullable(multilineText({ max: MAX_HELD_CART_NOTE })),
  }),
  /** Recalls a held cart into the caller's empty cart (prices and stock are the engine's, as always). */
  update_pos_held_cart_data_by_application_key_and_id: z.object({
    application_key: applicationKey,
    id,
    version: cartVersion,
  }),
  delete_pos_held_cart_data_by_application_key_and_id: z.object({ application_key: applicationKey, id }),
  /** The store's codes to scan, for a printed sheet: products and add-ons with a barcode, members' IDs. */
  get_pos_barcode_data_list_by_application_key: z.object({ application_key: applicationKey }),
  /**
   * A sale an offline device made, sent when it is online again: what the device charged, at the time it was
   * made. Made once by its idempotency key; what the server now prices differently is recorded as sold and
   * flagged for review (modules/pos/actions/offline.ts).
   */
  add_pos_offline_order_data: offlineSale,
  /** The offline sales flagged for review, newest first; `state` narrows to those still to review or reviewed. */
  get_pos_offline_review_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(POS_OFFLINE_REVIEW_SORTS),
    state: optional(z.enum(POS_OFFLINE_REVIEW_STATES)),
  }),
  /** Marks a flagged offline sale reviewed, once: a second mark is 409 `offline-sale-reviewed`. */
  update_pos_offline_review_data_by_application_key_and_id: z.object({ application_key: applicationKey, id }),
  /**
   * What a device keeps to sell offline (issue 39), a page of products at a time (`after_id`: the last page's
   * `next_after_id`); the add-ons, categories, coupons and payment methods come with every page.
   */
  get_pos_offline_catalogue_data_by_application_key: z.object({
    application_key: applicationKey,
    after_id: optional(id),
    /** The counter's location, whose stock the variants carry (as the POS page's `location_id`). */
    location_id: optional(id),
  }),
  /**
   * A device's time offline, sent once it is back online: when the connection dropped and returned, and how many
   * sales it made meanwhile (the sales themselves come as `add_pos_offline_order_data`). One staff log entry.
   */
  add_pos_connection_log_data: z
    .object({ application_key: applicationKey, ...offlinePeriodFields })
    .check(crossFieldCheck(backNotBeforeOffline)),
};

export interface PosCartState {
  cart: PosCart;
  /** 0 before the caller's first change. */
  version: number;
  /** The checkout's idempotency key: one per cart, new after each sale, so a resubmitted sale makes one order. */
  idempotency_key: string;
}

export interface PosLine {
  position: number;
  product_code: string;
  variant_id: number | null;
  name_zh_hk: string;
  name_en: string;
  /** The variant's option values ("M / 黑色"); null for a product without options. */
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  quantity: number;
  add_on_product_ids: number[];
  /** The add-ons this product offers. */
  offered_add_ons: { id: number; name_zh_hk: string; name_en: string; price_cents: number }[];
}

/** The payments typed, against the engine's total. */
export interface PosTender {
  /** What the card pays when the cart's payment method is the card: what the others leave, its fee included. */
  card_cents: number;
  cash_cents: number;
  paid_cents: number;
  remaining_cents: number;
  /** Cash beyond the total, up to the cash paid: only cash gives change. */
  change_cents: number;
}

export interface PosData extends PosCartState {
  lines: PosLine[];
  /**
   * The engine's amount of the cart (with the typed payments: the card's fee is on its share only), or its
   * refusal (a message key), e.g. `inventory-not-enough`.
   */
  amount: OrderAmount | null;
  refusal: string | null;
  /** The typed payments worked out, when there are some or the card pays; null without an amount. */
  tender: PosTender | null;
  /**
   * The FPS QR code of FPS's share, for the customer to scan: the FPS amount typed, else, when the cart's
   * payment method is FPS, what the other amounts leave. Its reference is "POS-" and the start of the cart's
   * idempotency key, which the sale's order keeps. Null without a share or the store's FPS identifier.
   */
  fps_qr: FpsQrData | null;
  member: OrderMember | null;
  /** The gift card applied to the cart: masked, with its balance now; null without one. */
  gift_card: { masked_code: string; balance_cents: number; amount_cents: number } | null;
  /** The member's store credit and what the cart takes of it; null without a member. */
  store_credit: { balance_cents: number; amount_cents: number | null } | null;
  products: {
    product_code: string;
    name_zh_hk: string;
    name_en: string;
    /** The lowest and highest of its sellable variants' prices. */
    price_cents: number;
    price_max_cents: number;
    /** The limited variants' stock; null when every variant is unlimited. */
    stock: number | null;
    /** More than one: a tap opens its variants (`choose`). */
    variant_count: number;
    image_url: string | null;
    /** An open-amount gift card: the seller types the amount, within this range. */
    gift_card_range: { min_cents: number; max_cents: number } | null;
  }[];
  /** The gift cards the sale `sold_order_id` issued, codes masked. */
  sold_gift_cards: OrderGiftCard[];
  /** The return the sale `sold_order_id` was exchanged for (the page lists the goods returned), or null. */
  sold_exchange: OrderExchange | null;
  /** The product whose variants the seller chooses from, or null. */
  choosing: {
    product_code: string;
    name_zh_hk: string;
    name_en: string;
    variants: {
      id: number;
      name_zh_hk: string;
      name_en: string;
      price_cents: number;
      stock: number | null;
      sellable: boolean;
    }[];
  } | null;
  categories: { id: number; name_zh_hk: string; name_en: string }[];
  order_add_ons: { id: number; name_zh_hk: string; name_en: string; price_cents: number }[];
  payment_methods: (typeof PAYMENT_METHODS)[number][];
  delivery_methods: (typeof DELIVERY_METHODS)[number][];
  pickup_addresses: string[];
  districts: typeof DISTRICTS;
  held_carts: { id: number; note: string | null; held_by: string; create_date: string; lines: number }[];
  /** The cash shift open at the counter, if any. */
  open_shift: { id: number; opened_at: string; opened_by: string } | null;
  /** The locations the POS can work at (they sell at the counter, and the caller may use them), in the store's order. */
  counter_locations: LocationName[];
  /** The one it works at: its stock is the products' and the sale's; null when no location sells at the counter. */
  location_id: number | null;
}

export interface PosBarcodes {
  /** Variants with a barcode, by barcode; a product with options names the variant's option values. */
  products: {
    product_code: string;
    name_zh_hk: string;
    name_en: string;
    variant_name_zh_hk: string | null;
    variant_name_en: string | null;
    barcode: string;
  }[];
  add_ons: { id: number; name_zh_hk: string; name_en: string; barcode: string }[];
  members: { member_code: string; name: string }[];
}

export interface PosResults {
  get_pos_data_by_application_key: PosData;
  update_pos_cart_data_by_application_key: PosCartState & { scanned: (typeof SCAN_RESULTS)[number] | null };
  add_pos_held_cart_data: { id: number };
  update_pos_held_cart_data_by_application_key_and_id: PosCartState;
  delete_pos_held_cart_data_by_application_key_and_id: null;
  get_pos_barcode_data_list_by_application_key: PosBarcodes;
  add_pos_offline_order_data: PosOfflineSale;
  get_pos_offline_review_data_and_total_number_by_sorting_and_limit: PosOfflineReview[];
  update_pos_offline_review_data_by_application_key_and_id: PosOfflineReview;
  get_pos_offline_catalogue_data_by_application_key: PosOfflineCatalogue;
  add_pos_connection_log_data: null;
}

/** An offline sale as made: a counter sale's answer, and whether it was flagged for review. */
export interface PosOfflineSale extends PosSale {
  flagged: boolean;
}

/** An offline sale flagged for review, with its order and what differed. */
export interface PosOfflineReview {
  id: number;
  order_id: number;
  order_number: number;
  /** When the device made the sale (the order's time). */
  made_at: string;
  sold_by: string;
  total_cents: number;
  differences: OfflineDifference[];
  reviewed_at: string | null;
  reviewed_by: string | null;
}

/** A page of the offline catalogue: what a counter sale without a member needs, priced as the server would. */
export interface PosOfflineCatalogue {
  /** Published products but gift cards, by id. */
  products: {
    id: number;
    product_code: string;
    name_zh_hk: string;
    name_en: string;
    barcode: string | null;
    sku: string | null;
    /** The published categories it is in. */
    category_ids: number[];
    /** Its first image, as the POS shows it. */
    image_url: string | null;
    /** The published add-ons a line of it may take. */
    add_on_ids: number[];
    /** Every variant, sellable or not, in the product's order. */
    variants: {
      id: number;
      /** The option values as an order line names the variant ("M / 黑色"); null without options. */
      name_zh_hk: string | null;
      name_en: string | null;
      barcode: string | null;
      sku: string | null;
      /** What a sale without a member charges: the discount price when set, else the price. */
      price_cents: number;
      /** Null: unlimited inventory. */
      stock: number | null;
      sellable: boolean;
    }[];
  }[];
  /** The `after_id` of the next page; null on the last. */
  next_after_id: number | null;
  /** The location the counter sells at, whose stock this is and which its offline sales name; null: none sells there. */
  location_id: number | null;
  /** Published add-ons, by name. */
  add_ons: {
    id: number;
    name_zh_hk: string;
    name_en: string;
    price_cents: number;
    stock: number | null;
    barcode: string | null;
  }[];
  /** The add-ons the POS offers on the order (every published one, as the online page does). */
  order_add_on_ids: number[];
  categories: { id: number; name_zh_hk: string; name_en: string }[];
  /**
   * Coupons a counter may apply offline: every customer's, reusable, not disabled, expired nor used up (one
   * not started yet comes with its `starts_at`). Priced by contract/coupon-discount.ts.
   */
  coupons: {
    code: string;
    discount_type: CouponDiscountType;
    /** Basis points for a percentage, cents for cash. */
    discount_value: number;
    minimum_subtotal_cents: number;
    starts_at: string;
    expires_at: string;
  }[];
  /** The store's counter methods a device takes offline: cash always. */
  payment_methods: (typeof OFFLINE_PAYMENT_METHODS)[number][];
  /** The server's time of this page. */
  refreshed_at: string;
}

export interface PosExampleRecords {
  /** A held POS cart; recalling one takes it off the list, so the recall example has its own. */
  held_cart_id: number;
  recalled_held_cart_id: number;
  /** An offline sale flagged for review, not reviewed yet. */
  pos_offline_review_id: number;
}

let examplesClock: number | undefined;
/** The examples' "now", fixed at first use, so that an example made twice is the same payload (the registry tests compare them). */
const examplesNow = () => (examplesClock ??= Date.now());

export const posExamples: Examples<typeof posPayloads> = {
  get_pos_data_by_application_key: ({ application_key }) => ({ application_key }),
  update_pos_cart_data_by_application_key: ({ application_key, product_code }) => ({
    application_key,
    version: 0,
    operation: { op: "add_product", product_code },
  }),
  add_pos_held_cart_data: ({ application_key }) => ({ application_key, version: 1, note: "Table 3" }),
  update_pos_held_cart_data_by_application_key_and_id: ({ application_key, recalled_held_cart_id }) => ({
    application_key,
    id: recalled_held_cart_id,
    version: 2,
  }),
  delete_pos_held_cart_data_by_application_key_and_id: ({ application_key, held_cart_id }) => ({
    application_key,
    id: held_cart_id,
  }),
  get_pos_barcode_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  add_pos_offline_order_data: ({ application_key, product_code }) => ({
    application_key,
    idempotency_key: `example-offline-${application_key}`,
    made_at: new Date(examplesNow() - 3_600_000).toISOString(),
    lines: [{ product_code, quantity: 1, unit_price_cents: 1_000 }],
    total_cents: 1_000,
    payments: [{ method: "cash", amount_cents: 2_000 }],
  }),
  get_pos_offline_review_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    state: "to_review",
  }),
  update_pos_offline_review_data_by_application_key_and_id: ({ application_key, pos_offline_review_id }) => ({
    application_key,
    id: pos_offline_review_id,
  }),
  get_pos_offline_catalogue_data_by_application_key: ({ application_key }) => ({ application_key }),
  add_pos_connection_log_data: ({ application_key }) => ({
    application_key,
    went_offline_at: new Date(examplesNow() - 3_600_000).toISOString(),
    back_online_at: new Date(examplesNow() - 600_000).toISOString(),
    sales: 3,
  }),
};
