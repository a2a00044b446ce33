import * as z from "zod";
import { bookingCustomerFields, requireGuest } from "../appointment-booking/contract";
import { idempotencyKey } from "../checkout/contract";
import type { Examples } from "../../contract/examples";
import {
  isoDate,
  MAX_QUANTITY,
  multilineText,
  nullable,
  optional,
  phone,
  text,
  urlCode,
} from "../../contract/field-rules";
import { type PRODUCT_BOOKING_CHANNELS, PRODUCT_BOOKING_STATUSES } from "../../contract/options";
import { applicationKey, cents, email, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { PRODUCT_BOOKING_SORTS } from "./options";
import { MAX_PRODUCT_VARIANTS } from "../product/options";

/**
 * Product booking (module `product_booking`; docs/modules.md "Product booking"): pre-orders of a product
 * that is sold out or not yet released, within a quota per variant, converted to orders when stock arrives.
 */

/** The most units one booking takes. */
export const MAX_BOOKING_QUANTITY = 1000;
export const MAX_BOOKING_NOTE_LENGTH = 500;
/** How many members and products the forms' searches list. */
export const MAX_BOOKING_CHOICES = 20;
/** The products taking bookings a store lists at once (a store pre-sells a handful). */
export const MAX_BOOKING_SETTINGS = 200;
/**
 * One conversion turns at most this many bookings into orders (each order is several statements of the
 * same batch); "Convert bookings" again takes the next ones.
 */
export const MAX_CONVERSIONS = 20;
/** The open bookings a product's page lists, in booking order. */
export const MAX_QUEUE_ROWS = 100;

/** Staff move a booking to notified (the customer was told stock is coming) or cancel it. */
export const PRODUCT_BOOKING_MOVES = ["notified", "cancelled"] as const;

const productCode = urlCode({ max: 64 });

/**
 * A variant's quota, the units of it that may be booked (0: none). `variant_id` left out: the product's
 * only variant (400 `variant-required` beside it when it has several).
 */
export const bookingQuotaFields = {
  variant_id: optional(id),
  quota: wholeNumber(0, MAX_QUANTITY),
};

export const productBookingSettingFields = {
  open: flag,
  /** Each variant's quota, each variant once; a variant left out keeps its quota, or takes no bookings. */
  quotas: z
    .array(z.object(bookingQuotaFields))
    .min(1, { error: "force-input" })
    .max(MAX_PRODUCT_VARIANTS, { error: "format-not-match" }),
  /** Per unit booked. */
  deposit_cents: cents,
  /** The Hong Kong day stock is expected. */
  expected_arrival_date: nullable(isoDate()),
};

/** Each variant once among a setting's quotas (`line-repeated` beside the second). */
export function refineQuotas(value: { quotas: { variant_id?: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number | undefined>();
  value.quotas.forEach((line, index) => {
    if (seen.has(line.variant_id)) {
      ctx.addIssue({ code: "custom", message: "line-repeated", path: ["quotas", index, "variant_id"] });
    }
    seen.add(line.variant_id);
  });
}

const note = optional(multilineText({ max: MAX_BOOKING_NOTE_LENGTH }));

export const productBookingFields = {
  product_code: productCode,
  /** The variant booked; left out, the product's only one (400 `variant-required` when it has several). */
  variant_id: optional(id),
  ...bookingCustomerFields,
  quantity: wholeNumber(1, MAX_BOOKING_QUANTITY),
  /** Whether the customer paid the deposit (the setting's deposit × quantity, worked out by the backend). */
  deposit_paid: flag,
  note,
};

const storeKey = { application_key: applicationKey };
const byId = { ...storeKey, id };
const byProduct = { ...storeKey, product_code: productCode };

export const productBookingPayloads = {
  get_product_booking_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(PRODUCT_BOOKING_SORTS),
    /** Part of the customer's name, phone or e-mail. */
    keyword,
    status: optional(z.enum(PRODUCT_BOOKING_STATUSES)),
    product_id: optional(id),
    /** Bookings made on these Hong Kong days, both included. */
    date_from: optional(isoDate()),
    date_to: optional(isoDate()),
  }),
  /** One booking with its product and, once converted, its order. */
  get_product_booking_data_by_application_key_and_id: z.object(byId),
  /**
   * Takes a booking of a variant taking bookings, for a member or a guest; the deposit is the setting's
   * per unit × quantity. Refused: a product not taking bookings or a variant without a quota (409
   * product-booking-closed), past the variant's quota (409 product-booking-quota-full), both from the database.
   */
  add_product_booking_data: z.object({ ...storeKey, ...productBookingFields }).superRefine(requireGuest),
  /** Booked → notified (the customer is e-mailed), booked or notified → cancelled (frees its quota). */
  update_product_booking_status_data_by_application_key_and_id: z.object({
    ...byId,
    status: z.enum(PRODUCT_BOOKING_MOVES, { error: "force-input" }),
    version,
  }),
  /** Every product set up for bookings, with its booked units. */
  get_product_booking_setting_data_list_by_application_key: z.object(storeKey),
  /**
   * A product with its booking setting (null before it is set up), its variants with their quotas, and its
   * open bookings in booking order.
   */
  get_product_booking_setting_data_by_application_key_and_product_code: z.object(byProduct),
  /** Sets a product up for bookings, with its variants' quotas (409 edited-elsewhere when it is set up). */
  add_product_booking_setting_data: z
    .object({ ...byProduct, ...productBookingSettingFields })
    .superRefine(refineQuotas),
  /** A variant's quota below its units booked is refused beside it (409 product-booking-quota-full). */
  update_product_booking_setting_data_by_application_key_and_product_code: z
    .object({
      ...byProduct,
      ...productBookingSettingFields,
      version,
    })
    .superRefine(refineQuotas),
  /** The forms' choices: members and products matching the keyword (none without one), and the products taking bookings. */
  get_product_booking_option_data_list_by_application_key: z.object({ ...storeKey, keyword }),
  /**
   * Converts the product's open bookings to orders, in booking order, while each fits its variant's stock
   * left; a variant's first booking that does not fit stops that variant's (at most MAX_CONVERSIONS at once). Each becomes one order at the
   * checkout engine's price for its customer; the customers are e-mailed.
   */
  add_product_booking_order_data: z.object(byProduct),
  /**
   * A booking from the store's website. `idempotency_key` is the submission's: a replay answers the first
   * booking. A member books with their id and the e-mail on file; a guest with a name, a phone and an
   * e-mail. Counted against the store's and the address's hourly limits.
   */
  add_online_product_booking_data: z
    .object({
      ...storeKey,
      idempotency_key: idempotencyKey,
      product_code: productCode,
      variant_id: optional(id),
      quantity: wholeNumber(1, MAX_BOOKING_QUANTITY),
      member_id: id.nullable().default(null),
      customer_name: optional(text()),
      customer_phone: optional(phone()),
      customer_email: email,
      note,
    })
    .superRefine(requireGuest),
};

export type ProductBookingStatus = (typeof PRODUCT_BOOKING_STATUSES)[number];

export interface BookedProduct {
  id: number;
  product_code: string;
  name_zh_hk: string;
  name_en: string;
}

export interface ProductBookingRecord {
  id: number;
  product: BookedProduct;
  /** The variant booked (null once deleted), and its option values as they read when booked (null without options). */
  variant_id: number | null;
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  member: { id: number; name: string; member_code: string } | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  quantity: number;
  deposit_cents: number;
  deposit_paid: boolean;
  status: ProductBookingStatus;
  channel: (typeof PRODUCT_BOOKING_CHANNELS)[number];
  order: { id: number; order_number: number } | null;
  note: string;
  actor_email: string | null;
  notified_at: string | null;
  converted_at: string | null;
  cancelled_at: string | null;
  create_date: string;
  version: number;
}

/** A variant of a product set up for bookings, with its quota (null: it takes none) and its units booked. */
export interface BookingVariant {
  id: number;
  /** Its option values ("M / 黑色"; empty without options). */
  label_zh_hk: string;
  label_en: string;
  sku: string | null;
  stock: number;
  unlimited_inventory: boolean;
  quota: number | null;
  booked_units: number;
}

export interface ProductBookingSetting {
  product: BookedProduct & { stock: number; unlimited_inventory: boolean; price_cents: number };
  open: boolean;
  /** Its variants' quotas and units booked together. */
  quota: number;
  booked_units: number;
  deposit_cents: number;
  expected_arrival_date: string | null;
  version: number;
}

export interface ProductBookingSettingDetail {
  product: ProductBookingSetting["product"];
  /** null: the product is not set up for bookings yet. */
  setting: Pick<ProductBookingSetting, "open" | "deposit_cents" | "expected_arrival_date" | "version"> | null;
  /** Every variant of the product, in its order, with its quota. */
  variants: BookingVariant[];
  /** Its bookings still to convert (booked or notified), in booking order. */
  queue: ProductBookingRecord[];
}

export interface ProductBookingOptions {
  members: { id: number; name: string; member_code: string; phone: string; email: string }[];
  /** Products matching the keyword, to set up. */
  products: (BookedProduct & { stock: number })[];
  /** The variants taking bookings now (of the products taking bookings), with what is left of their quotas. */
  open_products: (BookedProduct & {
    variant_id: number;
    /** Its option values (null without options). */
    variant_name_zh_hk: string | null;
    variant_name_en: string | null;
    deposit_cents: number;
    units_left: number;
  })[];
}

export interface ProductBookingConversion {
  /** The bookings converted, in booking order, with their orders. */
  converted: { booking_id: number; order_id: number; order_number: number }[];
  /** The open bookings left (the first did not fit the stock, or past MAX_CONVERSIONS). */
  remaining: number;
}

export interface OnlineProductBooking {
  id: number;
  status: ProductBookingStatus;
  quantity: number;
  deposit_cents: number;
  expected_arrival_date: string | null;
}

export interface ProductBookingResults {
  get_product_booking_data_and_total_number_by_sorting_and_limit: ProductBookingRecord[];
  get_product_booking_data_by_application_key_and_id: ProductBookingRecord;
  add_product_booking_data: { id: number };
  update_product_booking_status_data_by_application_key_and_id: null;
  get_product_booking_setting_data_list_by_application_key: ProductBookingSetting[];
  get_product_booking_setting_data_by_application_key_and_product_code: ProductBookingSettingDetail;
  add_product_booking_setting_data: null;
  update_product_booking_setting_data_by_application_key_and_product_code: null;
  get_product_booking_option_data_list_by_application_key: ProductBookingOptions;
  add_product_booking_order_data: ProductBookingConversion;
  add_online_product_booking_data: OnlineProductBooking;
}

export interface ProductBookingExampleRecords {
  /**
   * A sold-out product (stock 1, published) taking bookings (quota 10, HK$50 deposit a unit, version 1),
   * and a guest's booking of it (1 unit, booked, version 1).
   */
  booking_product_id: number;
  booking_product_code: string;
  product_booking_id: number;
}

export const productBookingExamples: Examples<typeof productBookingPayloads> = {
  get_product_booking_data_and_total_number_by_sorting_and_limit: ({ application_key, booking_product_id }) => ({
    application_key,
    keyword: "Chan",
    status: "booked",
    product_id: booking_product_id,
    date_from: "2026-01-01",
    date_to: "2030-12-31",
  }),
  get_product_booking_data_by_application_key_and_id: ({ application_key, product_booking_id }) => ({
    application_key,
    id: product_booking_id,
  }),
  add_product_booking_data: ({ application_key, booking_product_code, member_id }) => ({
    application_key,
    product_code: booking_product_code,
    member_id,
    quantity: 1,
    deposit_paid: true,
  }),
  update_product_booking_status_data_by_application_key_and_id: ({ application_key, product_booking_id }) => ({
    application_key,
    id: product_booking_id,
    status: "notified",
    version: 1,
  }),
  get_product_booking_setting_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  get_product_booking_setting_data_by_application_key_and_product_code: ({
    application_key,
    booking_product_code,
  }) => ({ application_key, product_code: booking_product_code }),
  add_product_booking_setting_data: ({ application_key, product_code }) => ({
    application_key,
    product_code,
    open: true,
    quotas: [{ quota: 10 }],
    deposit_cents: 5_000,
    expected_arrival_date: "2030-01-31",
  }),
  update_product_booking_setting_data_by_application_key_and_product_code: ({
    application_key,
    booking_product_code,
  }) => ({
    application_key,
    product_code: booking_product_code,
    open: true,
    quotas: [{ quota: 20 }],
    deposit_cents: 10_000,
    expected_arrival_date: "2030-02-28",
    version: 1,
  }),
  get_product_booking_option_data_list_by_application_key: ({ application_key }) => ({
    application_key,
    keyword: "Member",
  }),
  add_product_booking_order_data: ({ application_key, booking_product_code }) => ({
    application_key,
    product_code: booking_product_code,
  }),
  add_online_product_booking_data: ({ application_key, booking_product_code }) => ({
    application_key,
    idempotency_key: `example-product-booking-${booking_product_code}`,
    product_code: booking_product_code,
    quantity: 1,
    customer_name: "Chan Tai Man",
    customer_phone: "91234567",
    customer_email: "chan@example.com",
  }),
};
