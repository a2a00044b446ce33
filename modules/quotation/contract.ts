import * as z from "zod";
import type { Examples } from "../../contract/examples";
import type { OrderDetail } from "../order/contract";
import type { FpsQrData } from "../../contract/fps-qr";
import type { PayLinkRef } from "../../contract/pay-link-message";
import {
  email,
  isoDate,
  MAX_QUANTITY,
  multilineText,
  optional,
  phone,
  text,
  urlCode,
} from "../../contract/field-rules";
import { QUOTATION_STATUSES } from "../../contract/options";
import { applicationKey, cents, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { QUOTATION_SORTS } from "./options";

/**
 * Quotations (module `quotation`): a price offer the store prepares for a member or a company. The
 * customer approves or declines it through a signed link; an approved one turns into an order once.
 */

export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/**
 * Where a quotation's status may go from each status. Staff record the customer's answer (approved,
 * not_approved) or the customer gives it through the link; converting an approved quotation into an
 * order moves it to processing, and staff complete it once the order is done. Editing a not_approved
 * quotation offers it again (back to pending). Every move is a compare-and-set on the version.
 */
export const QUOTATION_TRANSITIONS: Record<QuotationStatus, readonly QuotationStatus[]> = {
  pending: ["approved", "not_approved", "cancelled"],
  approved: ["processing", "cancelled"],
  not_approved: ["pending", "cancelled"],
  processing: ["completed"],
  completed: [],
  cancelled: [],
};

/** The moves staff make with the status action (processing comes with the conversion, pending with an edit). */
export const QUOTATION_MOVES = ["approved", "not_approved", "completed", "cancelled"] as const;
/** The customer's answers through the link. */
export const QUOTATION_DECISIONS = ["approved", "not_approved"] as const;
/** Statuses whose quotation staff may still edit. */
export const EDITABLE_QUOTATION_STATUSES: readonly QuotationStatus[] = ["pending", "not_approved"];

export const canMoveQuotation = (from: QuotationStatus, to: QuotationStatus) =>
  QUOTATION_TRANSITIONS[from].includes(to);

/** Statuses whose lines are checked against the stock: the conversion has not taken it yet. */
export const STOCK_CHECKED_QUOTATION_STATUSES: readonly QuotationStatus[] = ["pending", "not_approved", "approved"];

export const MAX_QUOTATION_LINES = 100;
export const MAX_QUOTATION_TERMS_LENGTH = 2_000;
export const MAX_QUOTATION_NOTE_LENGTH = 1_000;
export const MAX_QUOTATION_ADDRESS_LENGTH = 500;
/** The customer's link lives this long at most, and never past the quotation's last valid day. */
export const QUOTATION_LINK_DAYS = 30;

/** Q1001: the store's own sequence from 1001. */
export const quotationNumber = (number: number) => `Q${number}`;

/**
 * A line: a product's variant (its code and `variant_id`: left out, the product's only variant, else 400
 * `variant-required` beside it; blank unit price: the variant's price, blank name: the product's names) or
 * a free line (no product: a name and a unit price).
 */
export const quotationLineFields = {
  product_code: optional(urlCode({ max: 64 })),
  variant_id: optional(id),
  name: optional(text({ max: 200 })),
  quantity: wholeNumber(1, MAX_QUANTITY),
  unit_price_cents: optional(cents),
};

type LineInput = { product_code?: string; name?: string; unit_price_cents?: number };

/** A free line needs its own name and price: there is no product to take them from. */
function refineFreeLines(value: { lines: LineInput[] }, ctx: z.RefinementCtx) {
  value.lines.forEach((line, index) => {
    if (line.product_code !== undefined) return;
    for (const field of ["name", "unit_price_cents"] as const) {
      if (line[field] === undefined) {
        ctx.addIssue({ code: "custom", message: "force-input", path: ["lines", index, field] });
      }
    }
  });
}

/** The discount is at most what the lines come to (the quotation's CHECK holds it too). */
function refineDiscount(
  value: { lines: { quantity: number; unit_price_cents?: number }[]; discount_cents?: number },
  ctx: z.RefinementCtx,
) {
  const discount = value.discount_cents ?? 0;
  const priced = value.lines.every((line) => line.unit_price_cents !== undefined);
  const subtotal = value.lines.reduce((sum, line) => sum + line.quantity * (line.unit_price_cents ?? 0), 0);
  if (priced && discount > subtotal) {
    ctx.addIssue({ code: "custom", message: "quotation-discount-over-subtotal", path: ["discount_cents"] });
  }
}

export const quotationFields = {
  /** The member it is for, by their member ID, if any; the contact fields are the quotation's own all the same. */
  member_code: optional(text({ max: 20 })),
  company_name: optional(text({ max: 200 })),
  contact_name: text({ max: 100 }),
  email: optional(email()),
  phone: optional(phone()),
  address: optional(multilineText({ max: MAX_QUOTATION_ADDRESS_LENGTH })),
  lines: z
    .array(z.object(quotationLineFields))
    .min(1, { error: "force-input" })
    .max(MAX_QUOTATION_LINES, { error: "format-not-match" }),
  discount_cents: cents.default(0),
  delivery_cents: cents.default(0),
  /** The last Hong Kong day the customer may approve it. */
  valid_until: isoDate(),
  terms: optional(multilineText({ max: MAX_QUOTATION_TERMS_LENGTH })),
  note: optional(multilineText({ max: MAX_QUOTATION_NOTE_LENGTH })),
};

export const refineQuotation = (
  value: Parameters<typeof refineFreeLines>[0] & Parameters<typeof refineDiscount>[0],
  ctx: z.RefinementCtx,
) => {
  refineFreeLines(value, ctx);
  refineDiscount(value, ctx);
};

const quotationId = { application_key: applicationKey, id };

/** A customer link's token: the signed quotation, revision and expiry (backend/quotation-link.ts). */
export const quotationToken = z
  .string()
  .trim()
  .max(300)
  .regex(/^[\w.-]+$/);

export const quotationPayloads = {
  get_quotation_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(QUOTATION_SORTS),
    /** The number (Q1001 or 1001), or anywhere in the contact's or the company's name. */
    keyword,
    status: optional(z.enum(QUOTATION_STATUSES)),
    /** Hong Kong days of its creation, both included. */
    date_from: optional(isoDate()),
    date_to: optional(isoDate()),
  }),
  /** The quotation, its lines, its history, the store's contact and the customer's link. */
  get_quotation_data_by_application_key_and_id: z.object(quotationId),
  /** A new pending quotation, numbered next in the store. */
  add_quotation_data: z.object({ application_key: applicationKey, ...quotationFields }).superRefine(refineQuotation),
  /**
   * An edit of a pending or not_approved quotation, over `version`. Once sent it becomes a new revision
   * (older links stop working); a not_approved one is offered again (pending).
   */
  update_quotation_data_by_application_key_and_id: z
    .object({ ...quotationFields, ...quotationId, version })
    .superRefine(refineQuotation),
  /** A status move by staff (QUOTATION_MOVES), over `version`. */
  update_quotation_status_data_by_application_key_and_id: z.object({
    ...quotationId,
    version,
    to: z.enum(QUOTATION_MOVES),
    note: optional(text({ max: 200 })),
  }),
  /** E-mails the customer the link to this revision, in `language`; marks it sent. */
  add_quotation_email_data: z.object({
    ...quotationId,
    version,
    language: z.enum(["zh-HK", "en"]),
  }),
  /**
   * Turns an approved quotation into an order at its quoted prices, discount and delivery (stock
   * taken now), once: a second conversion, even at the same moment, is `quotation-already-converted`.
   * Short of stock, it is refused (409 `quotation-stock-short`), its fields naming each short line
   * (`shortLineField` → `shortLineMessage`).
   */
  add_quotation_order_data: z.object({ ...quotationId, version }),
  /** The quotation a customer link shows (public: the signed token is the key). */
  get_quotation_data_by_token: z.object({ token: quotationToken }),
  /** The customer's answer through the link (public, rate-limited). */
  update_quotation_decision_data_by_token: z.object({
    token: quotationToken,
    decision: z.enum(QUOTATION_DECISIONS),
  }),
};

export interface QuotationRecord {
  id: number;
  number: string;
  member_id: number | null;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string;
  address: string;
  subtotal_cents: number;
  discount_cents: number;
  delivery_cents: number;
  total_cents: number;
  valid_until: string;
  terms: string;
  note: string;
  status: QuotationStatus;
  revision: number;
  order_id: number | null;
  sent_at: string | null;
  decided_at: string | null;
  create_date: string;
  version: number;
}

export interface QuotationLine {
  id: number;
  /** Null for a free line, or once the product is deleted: the line keeps its name and price. */
  product_id: number | null;
  product_code: string | null;
  /** The variant quoted (null on a free line, or once deleted). */
  variant_id: number | null;
  /** Its option values as they read when quoted ("M / 黑色"); null for a product without options. */
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  name_zh_hk: string;
  name_en: string;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
}

/**
 * A variant the quotation quotes more of than its stock holds now (one of unlimited stock never is): its
 * lines' quantities together against the stock. Making, saving, sending and approving the quotation
 * warn with these and go ahead; the conversion is refused with them (`quotation-stock-short`).
 */
export interface QuotationShortLine {
  /** Its first line's position (0-based), among the quotation's lines. */
  position: number;
  product_code: string;
  /** The line's names and its variant's, as the quotation shows them. */
  name_zh_hk: string;
  name_en: string;
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  in_stock: number;
  /** Its lines' quantities together. */
  quoted: number;
}

/** A short line in a refusal's fields: `lines.<position>.quantity` → `quotation-line-short:<in stock>:<quoted>`. */
export const shortLineField = (line: Pick<QuotationShortLine, "position">) => `lines.${line.position}.quantity`;
export const shortLineMessage = (line: Pick<QuotationShortLine, "in_stock" | "quoted">) =>
  `quotation-line-short:${line.in_stock}:${line.quoted}` as const;
const SHORT_LINE_FIELD = /^lines\.(\d+)\.quantity$/;
const SHORT_LINE_MESSAGE = /^quotation-line-short:(\d+):(\d+)$/;

/** The short lines a refusal's fields name (shortLineField, shortLineMessage), in their order. */
export function shortLinesOfRefusal(fields: Record<string, string[]> | undefined) {
  return Object.entries(fields ?? {})
    .flatMap(([field, messages]) => {
      const position = SHORT_LINE_FIELD.exec(field)?.[1];
      const numbers = messages.map((message) => SHORT_LINE_MESSAGE.exec(message)).find(Boolean);
      return position === undefined || !numbers
        ? []
        : [{ position: Number(position), in_stock: Number(numbers[1]), quoted: Number(numbers[2]) }];
    })
    .sort((a, b) => a.position - b.position);
}

export interface QuotationHistory {
  revision: number;
  from_status: QuotationStatus | null;
  to_status: QuotationStatus;
  /** The fields and lines a revision changed. */
  changes: string[];
  /** Null: the customer, through the link. */
  actor_email: string | null;
  note: string;
  create_date: string;
}

/** What the customer's page shows: the quotation as sent, without staff's note or history. */
export interface QuotationForCustomer extends Omit<
  QuotationRecord,
  "note" | "member_id" | "order_id" | "version" | "sent_at"
> {
  lines: QuotationLine[];
  store: OrderDetail["store"];
  /** Past its last valid Hong Kong day: it can no longer be approved. */
  expired: boolean;
}

export interface QuotationDetail extends QuotationRecord {
  /** The member's ID (M00001), when it is for a member. */
  member_code: string | null;
  lines: QuotationLine[];
  history: QuotationHistory[];
  /** The store's name and contact, for the printed quotation. */
  store: OrderDetail["store"];
  order_number: number | null;
  /** The customer's link to this revision (its path, /quotation-reply/<token>), and when it expires. */
  customer_link: PayLinkRef | null;
  /** Once converted, the customer's link to pay its order while the order awaits payment (its `pay_link`). */
  order_pay_link: PayLinkRef | null;
  /**
   * The FPS QR code of the total, the quotation number as its reference, for the printed quotation while it is
   * pending or approved; null otherwise, or when the store has no FPS identifier.
   */
  fps_qr: FpsQrData | null;
  /** Its variants short of stock now, while it is pending, not approved or approved (none after the conversion). */
  short_lines: QuotationShortLine[];
}

export interface QuotationResults {
  get_quotation_data_and_total_number_by_sorting_and_limit: QuotationRecord[];
  get_quotation_data_by_application_key_and_id: QuotationDetail;
  /** Made, or saved, even when stock is short: `short_lines` warns (none when all is in stock). */
  add_quotation_data: { id: number; number: string; short_lines: QuotationShortLine[] };
  update_quotation_data_by_application_key_and_id: { revision: number; short_lines: QuotationShortLine[] };
  /** Approving warns of the short lines; the other moves answer none. */
  update_quotation_status_data_by_application_key_and_id: { short_lines: QuotationShortLine[] };
  add_quotation_email_data: { short_lines: QuotationShortLine[] };
  add_quotation_order_data: { order_id: number; order_number: number };
  /** With the payment page of the order it became (/pay/<token>), while that order is not cancelled or refunded. */
  get_quotation_data_by_token: QuotationForCustomer & { pay_path: string | null };
  /** `processing` when the approval made its order, whose payment page `pay_path` is. */
  update_quotation_decision_data_by_token: { status: QuotationStatus; pay_path: string | null };
}

/** A day far enough ahead for the examples to stay valid. */
const EXAMPLE_VALID_UNTIL = "2099-12-31";

export interface QuotationExampleRecords {
  /**
   * A pending quotation (version 1), an approved one with a free line (version 1, valid until 2099), and
   * the customer link's token of another pending one.
   */
  quotation_id: number;
  approved_quotation_id: number;
  quotation_token: string;
}

export const quotationExamples: Examples<typeof quotationPayloads> = {
  get_quotation_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Q1001",
    status: "pending",
    date_from: "2026-01-01",
  }),
  get_quotation_data_by_application_key_and_id: ({ application_key, quotation_id }) => ({
    application_key,
    id: quotation_id,
  }),
  add_quotation_data: ({ application_key, product_code }) => ({
    application_key,
    contact_name: "Chan Tai Man",
    email: "buyer@example.com",
    lines: [
      { product_code, quantity: 2 },
      { name: "Installation", quantity: 1, unit_price_cents: 300_00 },
    ],
    discount_cents: 10_00,
    delivery_cents: 50_00,
    valid_until: EXAMPLE_VALID_UNTIL,
  }),
  update_quotation_data_by_application_key_and_id: ({ application_key, quotation_id }) => ({
    application_key,
    id: quotation_id,
    version: 1,
    company_name: "Example Trading Ltd",
    contact_name: "Chan Tai Man",
    lines: [{ name: "Consulting", quantity: 3, unit_price_cents: 500_00 }],
    valid_until: EXAMPLE_VALID_UNTIL,
  }),
  update_quotation_status_data_by_application_key_and_id: ({ application_key, quotation_id }) => ({
    application_key,
    id: quotation_id,
    version: 1,
    to: "cancelled",
  }),
  add_quotation_email_data: ({ application_key, quotation_id }) => ({
    application_key,
    id: quotation_id,
    version: 1,
    language: "en",
  }),
  add_quotation_order_data: ({ application_key, approved_quotation_id }) => ({
    application_key,
    id: approved_quotation_id,
    version: 1,
  }),
  get_quotation_data_by_token: ({ quotation_token }) => ({ token: quotation_token }),
  update_quotation_decision_data_by_token: ({ quotation_token }) => ({ token: quotation_token, decision: "approved" }),
};
