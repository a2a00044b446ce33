import type { OrderGiftCard } from "../gift-card/contract";
import * as z from "zod";
import type { LocationName } from "../location/contract";
import type { Examples } from "../../contract/examples";
import { isoDate, MAX_QUANTITY, nullable, optional, phone, text } from "../../contract/field-rules";
import {
  DELIVERY_METHODS,
  DISTRICTS,
  LANGUAGES,
  ORDER_CHANNELS,
  ORDER_LINE_KINDS,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from "../../contract/options";
import type { FpsQrData } from "../../contract/fps-qr";
import { CUSTOMER_LANGUAGES, type PayLinkRef } from "../../contract/pay-link-message";
import type { OrderStatus } from "../../contract/order-states";
import { applicationKey, cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { ORDER_SORTS, REFUND_DESTINATIONS, type RefundDestination } from "./options";

/** The order workflow of the orders module (module id `order`): list, detail, status moves, delivery, refunds. */

export const ORDER_NOTE_MAX = 500;
export const DELIVERY_ADDRESS_MAX = 300;
export const MAX_REFUND_LINES = 200;

const orderId = { application_key: applicationKey, id };

/** The lines a refund returns: how many of each, and whether they go back into stock. */
export const refundLines = z
  .array(
    z.object({
      line_id: id,
      quantity: wholeNumber(1, MAX_QUANTITY),
      restock: flag,
    }),
  )
  .min(1, { error: "force-input" })
  .max(MAX_REFUND_LINES);

/**
 * The return a POS sale is exchanged for (modules/order/returns.ts): the sold order over its `version`, the lines
 * returned, and where the money goes when the returned goods are worth more than the new sale.
 */
export const posExchange = z.object({
  order_id: id,
  version,
  lines: refundLines,
  refund_to: z.enum(REFUND_DESTINATIONS).default("original"),
  /** What the return page showed, for the cart to show: the sold order's number and what the lines give back. */
  order_number: optional(z.int().min(1)),
  returned_cents: optional(cents),
});

/** The delivery data staff edit until the order is delivered. */
export const orderDeliveryFields = {
  receiver_name: nullable(text()),
  receiver_phone: nullable(phone()),
  delivery_address: nullable(text({ max: DELIVERY_ADDRESS_MAX })),
  delivery_district: nullable(z.enum(DISTRICTS)),
  delivery_remark: nullable(text({ max: ORDER_NOTE_MAX })),
  delivery_number: nullable(text({ max: 100 })),
};

export const orderPayloads = {
  get_order_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(ORDER_SORTS),
    /** An order number (1001 or #1001), or part of the member's name or code or the customer's phone. */
    keyword,
    status: optional(z.enum(ORDER_STATUSES)),
    payment_status: optional(z.enum(PAYMENT_STATUSES)),
    channel: optional(z.enum(ORDER_CHANNELS)),
    delivery_method: optional(z.enum(DELIVERY_METHODS)),
    /** Hong Kong days, both included. */
    created_from: optional(isoDate()),
    created_to: optional(isoDate()),
  }),
  /** The order with its lines, payments, history, member and the moves the caller may make from its status. */
  get_order_data_by_application_key_and_id: z.object(orderId),
  /**
   * A status move (contract/order-states.ts) made by staff, saved only over `version` (409
   * `order-status-changed`). `note` is the reason, required when rejecting a payment (the payment becomes
   * `failed`); `delivery_number` is required when moving to `delivering` by a tracked delivery method.
   * Verifying a proof (`unverified_payment` → `paid`) records `received_cents`, what arrived (none: the amount
   * owed); an amount other than the one owed is refused beside the field ("received-amount-differs:<owed>")
   * unless `confirm_received` says staff checked it.
   */
  update_order_status_data_by_application_key_and_id: z.object({
    ...orderId,
    version,
    to: z.enum(ORDER_STATUSES),
    note: nullable(text({ max: ORDER_NOTE_MAX })),
    delivery_number: nullable(text({ max: 100 })),
    received_cents: optional(cents),
    confirm_received: flag,
  }),
  /** The delivery data, editable until the order is delivered, saved over its version. */
  update_order_delivery_data_by_application_key_and_id: z.object({ ...orderId, version, ...orderDeliveryFields }),
  /** What a refund of these lines would return and reclaim, to show before confirming; writes nothing. */
  get_order_refund_data_by_application_key_and_id: z.object({ ...orderId, lines: refundLines }),
  /**
   * A refund of lines (all of them: a full refund), saved only over `version`: submitted twice, it refunds once.
   * `refund_to` (modules/order/options.ts): `store_credit` needs the order's member (400 `refund-needs-member`
   * beside the field); `gift_card` answers the new card's code, shown once.
   */
  add_order_refund_data: z.object({
    ...orderId,
    version,
    lines: refundLines,
    note: nullable(text({ max: ORDER_NOTE_MAX })),
    refund_to: z.enum(REFUND_DESTINATIONS).default("original"),
    /** The location the goods that go back into stock come back to; left out, where each line was taken from. */
    location_id: optional(id),
  }),
  /**
   * E-mails the customer of an order awaiting payment the link to pay it (`pay_link`), in `language`. Refused:
   * not awaiting payment (409 `pay-link-not-owed`), no customer e-mail (409 `pay-link-no-email`).
   */
  add_order_pay_link_email_data: z.object({ ...orderId, language: z.enum(CUSTOMER_LANGUAGES) }),
  /**
   * The POS return's lookup: the sales a keyword finds (an order number, or part of the customer's name, phone or
   * member code), and the sale chosen by `id` or by the order number the keyword is (`#1001`, as the receipt's QR
   * code reads), with its lines and payments; `order` is null when none is chosen.
   */
  get_pos_return_data_by_application_key: z.object({
    application_key: applicationKey,
    keyword,
    id: optional(id),
  }),
};

export interface OrderRecord {
  id: number;
  order_number: number;
  channel: (typeof ORDER_CHANNELS)[number];
  status: OrderStatus;
  payment_status: (typeof PAYMENT_STATUSES)[number];
  member_id: number | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  subtotal_cents: number;
  coupon_code: string | null;
  coupon_discount_cents: number;
  cash_dollar_spent_cents: number;
  cash_dollar_discount_cents: number;
  delivery_charge_cents: number;
  card_fee_cents: number;
  total_cents: number;
  refunded_cents: number;
  cash_dollar_earned_cents: number;
  payment_method: (typeof ORDER_PAYMENT_METHODS)[number] | null;
  delivery_method: (typeof DELIVERY_METHODS)[number] | null;
  receiver_name: string | null;
  receiver_phone: string | null;
  delivery_address: string | null;
  delivery_district: (typeof DISTRICTS)[number] | null;
  delivery_remark: string | null;
  delivery_number: string | null;
  note: string | null;
  /** The language the customer ordered in (a staff-made order's is zh-HK), which the payment reminder is in. */
  customer_language: (typeof LANGUAGES)[number];
  /** When the one payment reminder was e-mailed; null: not (yet). */
  payment_reminded_at: string | null;
  /** Where it was sold (a POS sale's counter) or is collected (a pickup point); null for one shipped. */
  location_id: number | null;
  create_date: string;
  version: number;
}

/** A row of the order list: the order with its member's code and how many items it holds (add-ons included). */
export interface OrderListRecord extends OrderRecord {
  member_code: string | null;
  item_count: number;
}

export interface OrderLineRecord {
  id: number;
  kind: (typeof ORDER_LINE_KINDS)[number];
  product_id: number | null;
  variant_id: number | null;
  add_on_product_id: number | null;
  parent_position: number | null;
  position: number;
  name_zh_hk: string;
  name_en: string;
  /** The variant's option values when it was ordered ("M / 黑色"); null for a product without options. */
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
  refunded_quantity: number;
  /** A gift card sold: each unit issued a card once the order was paid (`gift_cards`). */
  gift_card: boolean;
  /** The location a product line's stock was taken from; null for other lines and lines sold before locations. */
  location_id: number | null;
}

export interface OrderPaymentRecord {
  id: number;
  method: (typeof ORDER_PAYMENT_METHODS)[number];
  /** The gift card a `gift_card` payment redeemed. */
  gift_card_id: number | null;
  amount_cents: number;
  /** Cash handed over beyond the amount (the change is the difference), or null. */
  tendered_cents: number | null;
  status: (typeof PAYMENT_STATUSES)[number];
  proof_image_urls: string[];
  /** What staff found received when they verified its proof; null before, or when not asked. */
  received_cents: number | null;
  create_date: string;
}

export interface OrderHistoryRecord {
  id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  /** Staff's e-mail; null for the customer and the system (auto-cancel). */
  actor_email: string | null;
  note: string | null;
  create_date: string;
}

export interface OrderRefundRecord {
  id: number;
  amount_cents: number;
  refund_to: RefundDestination;
  /** The part given back in cash at the counter. */
  cash_cents: number;
  /** The gift card issued for it (`refund_to` gift_card). */
  gift_card_id: number | null;
  /** The POS sale the returned lines were exchanged for. */
  exchange_order_id: number | null;
  actor_email: string;
  note: string | null;
  create_date: string;
}

/** The return a POS sale was exchanged for, from its refund row: the goods that came back and where their value went. */
export interface OrderExchange {
  /** The sale the goods were returned from. */
  order_id: number;
  order_number: number;
  /** What the returned goods gave back: `paid_cents` of it paid this sale, the rest went back by `refund_to`. */
  returned_cents: number;
  paid_cents: number;
  refund_to: RefundDestination;
  refunded_cents: number;
  /** The returned lines as the first sale sold them, with how many came back. */
  lines: {
    line_id: number;
    kind: OrderLineRecord["kind"];
    name_zh_hk: string;
    name_en: string;
    variant_name_zh_hk: string | null;
    variant_name_en: string | null;
    unit_price_cents: number;
    quantity: number;
  }[];
}

/** The member an order or a POS cart is for. */
export interface OrderMember {
  id: number;
  member_code: string;
  name: string;
  level: string;
  cash_dollar_cents: number;
}

export interface OrderDetail extends OrderRecord {
  lines: OrderLineRecord[];
  payments: OrderPaymentRecord[];
  history: OrderHistoryRecord[];
  refunds: OrderRefundRecord[];
  /** The return this POS sale was exchanged for (its receipt lists the goods returned), or null. */
  exchange: OrderExchange | null;
  /** The gift cards its gift-card lines issued when it was paid, codes masked. */
  gift_cards: OrderGiftCard[];
  member: OrderMember | null;
  /** The store's locations in their order: the names of where the order and its lines are, where a refund restocks. */
  locations: LocationName[];
  /** What the order still owes (its total less its succeeded payments), which verifying a proof expects. */
  amount_owed_cents: number;
  /** The reference the customer is asked to quote with a transfer (the FPS QR code's): the order number. */
  payment_reference: string;
  /** The statuses this caller may move the order to now (`refunded` through the refund action). */
  allowed_transitions: OrderStatus[];
  /** Whether this caller may refund (the store account, provider staff and admin-role store staff). */
  can_refund: boolean;
  /** The store's name and contact from its general setting, for the printed receipt and invoice. */
  store: {
    name: string;
    logo_img_url: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
  };
  /**
   * The FPS QR code of what an order paid by FPS still owes while it waits for payment (or its verification), the
   * order number as its reference; null otherwise, or when the store has no FPS identifier.
   */
  fps_qr: FpsQrData | null;
  /** The customer's link to pay the total while the order awaits payment (backend/pay-link.ts); null otherwise. */
  pay_link: PayLinkRef | null;
}

/** What a refund would do, in cents: money back, and the cash dollar reclaimed, restored and unrecoverable. */
export interface OrderRefundPreview {
  /** Every line refunded in full after this one: the order becomes `refunded`. */
  full: boolean;
  /** The lines' share of what was paid, before the deduction. */
  lines_amount_cents: number;
  /** What the order earned and this refund takes back, and the part the member has already spent. */
  cash_dollar_reclaim_cents: number;
  unrecoverable_cash_dollar_cents: number;
  /** The spent part's value in HK$, taken off the money returned. */
  deduction_cents: number;
  /** The money returned. */
  amount_cents: number;
  /** The cash dollar the order spent that comes back to the member. */
  cash_dollar_restored_cents: number;
}

export interface PosReturnData {
  /** The version of the caller's POS cart (0 before its first change), which an exchange is put on. */
  pos_cart_version: number;
  matches: Pick<OrderRecord, "id" | "order_number" | "customer_name" | "total_cents" | "status" | "create_date">[];
  order:
    | (Pick<
        OrderRecord,
        "id" | "order_number" | "version" | "status" | "total_cents" | "refunded_cents" | "create_date"
      > & {
        /** Whether it can be returned now: a paid sale not refunded in full. */
        returnable: boolean;
        member: { id: number; member_code: string; name: string } | null;
        lines: Pick<
          OrderLineRecord,
          | "id"
          | "kind"
          | "name_zh_hk"
          | "name_en"
          | "variant_name_zh_hk"
          | "variant_name_en"
          | "unit_price_cents"
          | "quantity"
          | "refunded_quantity"
        >[];
        payments: Pick<OrderPaymentRecord, "method" | "amount_cents">[];
      })
    | null;
}

export interface OrderResults {
  get_order_data_and_total_number_by_sorting_and_limit: OrderListRecord[];
  get_order_data_by_application_key_and_id: OrderDetail;
  update_order_status_data_by_application_key_and_id: null;
  update_order_delivery_data_by_application_key_and_id: null;
  get_order_refund_data_by_application_key_and_id: OrderRefundPreview;
  add_order_refund_data: { refund_id: number; amount_cents: number; gift_card_code: string | null };
  add_order_pay_link_email_data: { sent_to: string };
  get_pos_return_data_by_application_key: PosReturnData;
}

export interface OrderExampleRecords {
  order_id: number;
  /** A product line of that order. */
  order_line_id: number;
}

export const orderExamples: Examples<typeof orderPayloads> = {
  get_order_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "#1001",
    status: "paid",
    created_from: "2026-01-01",
    created_to: "2026-12-31",
  }),
  get_order_data_by_application_key_and_id: ({ application_key, order_id }) => ({ application_key, id: order_id }),
  update_order_status_data_by_application_key_and_id: ({ application_key, order_id }) => ({
    application_key,
    id: order_id,
    version: 1,
    to: "preparing",
  }),
  update_order_delivery_data_by_application_key_and_id: ({ application_key, order_id }) => ({
    application_key,
    id: order_id,
    version: 2,
    receiver_name: "陳大文",
    receiver_phone: "91234567",
    delivery_address: "香港中環皇后大道中 1 號",
    delivery_district: "hk",
  }),
  get_order_refund_data_by_application_key_and_id: ({ application_key, order_id, order_line_id }) => ({
    application_key,
    id: order_id,
    lines: [{ line_id: order_line_id, quantity: 1, restock: true }],
  }),
  add_order_refund_data: ({ application_key, order_id, order_line_id }) => ({
    application_key,
    id: order_id,
    version: 3,
    lines: [{ line_id: order_line_id, quantity: 1, restock: true }],
    refund_to: "store_credit",
  }),
  add_order_pay_link_email_data: ({ application_key, order_id }) => ({ application_key, id: order_id, language: "en" }),
  get_pos_return_data_by_application_key: ({ application_key, order_id }) => ({
    application_key,
    keyword: "Chan",
    id: order_id,
  }),
};
