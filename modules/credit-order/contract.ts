import * as z from "zod";
import { idempotencyKey, MAX_PROOF_IMAGES } from "../checkout/contract";
import type { Examples } from "../../contract/examples";
import { email, isoDate, multilineText, nullable, optional, text } from "../../contract/field-rules";
import {
  CREDIT_ORDER_CHANNELS,
  CREDIT_ORDER_STATUSES,
  CREDIT_VALIDITY_STARTS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "../../contract/options";
import { applicationKey, cents, flag, id, keyword, sorting, version } from "../../contract/parts";
import { CREDIT_ORDER_SORTS } from "./options";
import { CUSTOMER_LANGUAGES, type PayLinkRef } from "../../contract/pay-link-message";

/** The credit order list's sorts, the default first. */

/**
 * Credit orders (module `credit_package`): a member buys a credit package at the counter or on the store's
 * website; paying the order grants its credits (the triggers of migration 0035), cancelling or refunding a
 * paid one takes back what is left of them.
 */

export const CREDIT_ORDER_NOTE_MAX = 500;
/** The members a counter sale's search offers at once. */
export const MAX_MEMBER_CHOICES = 20;

/** The moves staff make with the status action; a refund is its own action (admins only). */
export const CREDIT_ORDER_STAFF_MOVES = ["paid", "awaiting_payment", "cancelled"] as const;
export type CreditOrderStaffMove = (typeof CREDIT_ORDER_STAFF_MOVES)[number];

const creditOrderId = { application_key: applicationKey, id };

export const creditOrderPayloads = {
  get_credit_order_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(CREDIT_ORDER_SORTS),
    /** Part of the member's name, phone or code, or of the package's name. */
    keyword,
    status: optional(z.enum(CREDIT_ORDER_STATUSES)),
    payment_status: optional(z.enum(PAYMENT_STATUSES)),
    /** Hong Kong days, both included. */
    created_from: optional(isoDate()),
    created_to: optional(isoDate()),
  }),
  /** The order with its member, the credits it granted and the moves this caller may make. */
  get_credit_order_data_by_application_key_and_id: z.object(creditOrderId),
  /**
   * What the counter-sale form offers: the members whose name, phone or code holds the keyword (none
   * without one), the packages on sale and the payment methods the store takes at the counter.
   */
  get_credit_order_option_data_list_by_application_key_and_keyword: z.object({
    application_key: applicationKey,
    keyword,
  }),
  /**
   * A counter sale. `paid`: the member pays now (the order is paid and the credits granted in the same
   * batch); else it waits for its payment. A replayed idempotency key answers the first order.
   */
  add_credit_order_data: z.object({
    application_key: applicationKey,
    idempotency_key: idempotencyKey,
    member_id: id,
    package_id: id,
    payment_method: z.enum(PAYMENT_METHODS),
    paid: flag,
    note: nullable(multilineText({ max: CREDIT_ORDER_NOTE_MAX })),
  }),
  /**
   * A staff move over `version` (409 edited-elsewhere): mark paid or verify the proof (→ paid), reject the
   * proof (→ awaiting_payment, the payment `failed`, `note` is the reason, e-mailed), cancel (before any credit
   * is used). Verifying records `received_cents` (none: the price); another amount is refused beside the field
   * ("received-amount-differs:<price>") unless `confirm_received` says staff checked it.
   */
  update_credit_order_status_data_by_application_key_and_id: z.object({
    ...creditOrderId,
    version,
    to: z.enum(CREDIT_ORDER_STAFF_MOVES),
    note: nullable(text({ max: CREDIT_ORDER_NOTE_MAX })),
    received_cents: optional(cents),
    confirm_received: flag,
  }),
  /** A paid order refunded over `version`: what is left of its credits is taken back, once. */
  update_credit_order_refund_data_by_application_key_and_id: z.object({
    ...creditOrderId,
    version,
    note: nullable(text({ max: CREDIT_ORDER_NOTE_MAX })),
  }),
  /** The packages on sale, for the store's website (public, cached). */
  get_online_credit_package_data_list_by_application_key: z.object({ application_key: applicationKey }),
  /**
   * A member's purchase on the store's website (public): the member named by id and confirmed by their
   * e-mail, as online orders do, paying by a method whose setting asks for a proof. With proof images
   * (data URLs, checked as any upload) the order waits for staff to verify them, else for the payment.
   */
  add_online_credit_order_data: z.object({
    application_key: applicationKey,
    idempotency_key: idempotencyKey,
    member_id: id,
    customer_email: email(),
    package_id: id,
    payment_method: z.enum(PAYMENT_METHODS),
    proof_images: z.array(z.string()).max(MAX_PROOF_IMAGES).default([]),
  }),
  /**
   * E-mails the member of an order awaiting payment the link to pay it (`pay_link`), in `language`. Refused: not
   * awaiting payment (409 `pay-link-not-owed`), a member without an e-mail (409 `pay-link-no-email`).
   */
  add_credit_order_pay_link_email_data: z.object({ ...creditOrderId, language: z.enum(CUSTOMER_LANGUAGES) }),
};

export interface CreditOrderRecord {
  id: number;
  channel: (typeof CREDIT_ORDER_CHANNELS)[number];
  member_id: number;
  member_name: string;
  member_code: string;
  member_phone: string | null;
  package_id: number;
  package_name_zh_hk: string;
  package_name_en: string;
  credits: number;
  validity_days: number;
  validity_starts: (typeof CREDIT_VALIDITY_STARTS)[number];
  price_cents: number;
  status: (typeof CREDIT_ORDER_STATUSES)[number];
  payment_method: (typeof PAYMENT_METHODS)[number];
  payment_status: (typeof PAYMENT_STATUSES)[number];
  proof_image_urls: string[];
  /** What staff found received when they verified the proof; null before, or when not asked. */
  received_cents: number | null;
  note: string | null;
  actor_email: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
  create_date: string;
  version: number;
}

export interface CreditOrderDetail extends CreditOrderRecord {
  /** The credits the order granted once paid. */
  credit: {
    id: number;
    credits_granted: number;
    credits_remaining: number;
    status: "active" | "refunded";
    granted_at: string;
    /** Null until the first booking for a package counted from the first use. */
    expires_at: string | null;
  } | null;
  /** The reference the customer is asked to quote with a transfer: "C" and the order's id. */
  payment_reference: string;
  allowed_transitions: CreditOrderStaffMove[];
  can_refund: boolean;
  /** Where the member's e-mail goes (the pay link's e-mail). */
  member_email: string;
  /** The member's link to pay the price while the order awaits payment (backend/pay-link.ts); null otherwise. */
  pay_link: PayLinkRef | null;
}

export interface CreditPackageChoice {
  id: number;
  name_zh_hk: string;
  name_en: string;
  credits: number;
  price_cents: number;
  validity_days: number;
  validity_starts: (typeof CREDIT_VALIDITY_STARTS)[number];
}

export interface CreditOrderOptions {
  members: { id: number; member_code: string; name: string; phone: string | null }[];
  packages: CreditPackageChoice[];
  payment_methods: (typeof PAYMENT_METHODS)[number][];
}

export interface CreatedCreditOrder {
  id: number;
  status: (typeof CREDIT_ORDER_STATUSES)[number];
  price_cents: number;
}

export interface CreditOrderResults {
  get_credit_order_data_and_total_number_by_sorting_and_limit: CreditOrderRecord[];
  get_credit_order_data_by_application_key_and_id: CreditOrderDetail;
  get_credit_order_option_data_list_by_application_key_and_keyword: CreditOrderOptions;
  add_credit_order_data: CreatedCreditOrder;
  update_credit_order_status_data_by_application_key_and_id: null;
  update_credit_order_refund_data_by_application_key_and_id: null;
  get_online_credit_package_data_list_by_application_key: CreditPackageChoice[];
  add_online_credit_order_data: CreatedCreditOrder;
  add_credit_order_pay_link_email_data: { sent_to: string };
}

export interface CreditOrderExampleRecords {
  /** Two paid credit orders of `member_id` for `credit_package_id` (version 1 each, credits unused). */
  credit_order_id: number;
  refundable_credit_order_id: number;
}

export const creditOrderExamples: Examples<typeof creditOrderPayloads> = {
  get_credit_order_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Chan",
    status: "paid",
    created_from: "2026-01-01",
    created_to: "2026-12-31",
  }),
  get_credit_order_data_by_application_key_and_id: ({ application_key, credit_order_id }) => ({
    application_key,
    id: credit_order_id,
  }),
  get_credit_order_option_data_list_by_application_key_and_keyword: ({ application_key }) => ({
    application_key,
    keyword: "Chan",
  }),
  add_credit_order_data: ({ application_key, member_id, credit_package_id }) => ({
    application_key,
    idempotency_key: `example-credit-${application_key}`,
    member_id,
    package_id: credit_package_id,
    payment_method: "cash",
    paid: true,
  }),
  update_credit_order_status_data_by_application_key_and_id: ({ application_key, credit_order_id }) => ({
    application_key,
    id: credit_order_id,
    version: 1,
    to: "cancelled",
  }),
  update_credit_order_refund_data_by_application_key_and_id: ({ application_key, refundable_credit_order_id }) => ({
    application_key,
    id: refundable_credit_order_id,
    version: 1,
  }),
  get_online_credit_package_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  add_online_credit_order_data: ({ application_key, member_id, credit_package_id }) => ({
    application_key,
    idempotency_key: `example-online-credit-${application_key}`,
    member_id,
    // The member's e-mail as the members module's edit example leaves it.
    customer_email: "edited-member@example.com",
    package_id: credit_package_id,
    payment_method: "fps",
  }),
  add_credit_order_pay_link_email_data: ({ application_key, credit_order_id }) => ({
    application_key,
    id: credit_order_id,
    language: "zh-HK",
  }),
};
