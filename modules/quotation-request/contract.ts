import * as z from "zod";
import { idempotencyKey } from "../checkout/contract";
import type { Examples } from "../../contract/examples";
import { isoDate, MAX_QUANTITY, multilineText, optional, phone, text } from "../../contract/field-rules";
import { QUOTATION_REQUEST_STATUSES, type QuotationRequestStatus } from "../../contract/options";
import { applicationKey, email, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { QUOTATION_REQUEST_SORTS } from "./options";

/**
 * Quotation requests (module `quotation`): what a customer asks the store to quote through its website
 * (contact details, products and quantities, a message). Staff turn one into a pending quotation, or close it.
 */

export const MAX_QUOTATION_REQUEST_LINES = 50;
export const MAX_QUOTATION_REQUEST_MESSAGE_LENGTH = 2_000;
/** Days a quotation made from a request stays valid, from today in Hong Kong. */
export const QUOTATION_VALID_DAYS = 30;

/** A product asked about, and the variant the customer chose, if any (a product with options may leave it to the store). */
const requestLine = z.object({
  product_code: text({ max: 64 }),
  variant_id: optional(id),
  quantity: wholeNumber(1, MAX_QUANTITY),
});

/** Each product (or variant) once: one named twice is `line-repeated` beside its second line. */
function refineLinesOnce(lines: { product_code: string; variant_id?: number }[], context: z.core.$RefinementCtx) {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const key = `${line.product_code} ${line.variant_id ?? ""}`;
    if (seen.has(key)) {
      context.addIssue({ code: "custom", message: "line-repeated", path: [index, "product_code"] });
    }
    seen.add(key);
  });
}

const websiteRequest = z.object({
  application_key: applicationKey,
  /** The submission's client-made id: a replay answers the first request and changes nothing. */
  idempotency_key: idempotencyKey,
  contact_name: text(),
  company_name: optional(text()),
  email,
  /** Spec §5's phone: 8 digits, the first 2-9. */
  phone: optional(phone()),
  message: optional(multilineText({ max: MAX_QUOTATION_REQUEST_MESSAGE_LENGTH })),
  lines: z.array(requestLine).min(1).max(MAX_QUOTATION_REQUEST_LINES).superRefine(refineLinesOnce),
});

const requestKey = z.object({ application_key: applicationKey, id });

export const quotationRequestPayloads = {
  /**
   * From the store's website (public, rate-limited per store and client address). A product code the store
   * has not published is 404 with `product-not-found` beside its line, a variant not of its product 404
   * `variant-not-found`.
   */
  add_quotation_request_data: websiteRequest,
  get_quotation_request_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(QUOTATION_REQUEST_SORTS),
    /** Anywhere in the contact's name, the company or the e-mail. */
    keyword,
    status: optional(z.enum(QUOTATION_REQUEST_STATUSES)),
    /** Hong Kong days, both included. */
    created_from: optional(isoDate()),
    created_to: optional(isoDate()),
  }),
  /** The request with its lines (and each line's product at its current price) and its quotation, if any. */
  get_quotation_request_data_by_application_key_and_id: requestKey,
  /**
   * Quotes a `new` request: a pending quotation with the request's contact and lines at the current prices
   * of the variants asked about (or the product's only variant), valid for QUOTATION_VALID_DAYS days. Over
   * `version` only, so of two at once one is made.
   */
  add_quotation_from_request_data: z.object({
    application_key: applicationKey,
    quotation_request_id: id,
    version,
  }),
  /** Closes the request without a quotation (or once quoted), over `version`. */
  update_quotation_request_status_data_by_application_key_and_id: requestKey.extend({
    version,
    status: z.enum(["closed"], { error: "force-input" }),
  }),
};

export interface QuotationRequestRecord {
  id: number;
  status: QuotationRequestStatus;
  contact_name: string;
  company_name: string;
  email: string;
  phone: string;
  message: string;
  /** The quotation made from it, once quoted. */
  quotation_id: number | null;
  create_date: string;
  version: number;
}

export interface QuotationRequestLineRecord {
  position: number;
  /** Null once the product was deleted: the line keeps the names it was asked with. */
  product_code: string | null;
  name_zh_hk: string;
  name_en: string;
  /** The variant asked about (null: none named, or deleted since) and its option values as asked. */
  variant_id: number | null;
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  quantity: number;
  /**
   * What it sells for now (the discount price, else the price) of the variant asked about or the product's
   * only one, else the product's lowest; null once the product was deleted.
   */
  unit_price_cents: number | null;
}

export interface QuotationRequestDetail extends QuotationRequestRecord {
  lines: QuotationRequestLineRecord[];
  /** The quotation's number (shown as Q1001), once quoted. */
  quotation_number: number | null;
}

export interface QuotationRequestResults {
  add_quotation_request_data: { id: number };
  get_quotation_request_data_and_total_number_by_sorting_and_limit: QuotationRequestRecord[];
  get_quotation_request_data_by_application_key_and_id: QuotationRequestDetail;
  /** The new quotation. */
  add_quotation_from_request_data: { id: number };
  update_quotation_request_status_data_by_application_key_and_id: null;
}

export interface QuotationRequestExampleRecords {
  /**
   * Two new quotation requests from the store's website (version 1), each asking for `product_code`: the
   * quote example quotes the first, the close example closes the second.
   */
  quotation_request_id: number;
  closable_quotation_request_id: number;
}

export const quotationRequestExamples: Examples<typeof quotationRequestPayloads> = {
  add_quotation_request_data: ({ application_key, product_code }) => ({
    application_key,
    idempotency_key: `example-quotation-request-${application_key}`,
    contact_name: "Chan Tai Man",
    company_name: "Chan Trading Ltd",
    email: "buyer@example.com",
    phone: "91234567",
    message: "Delivery to Kwun Tong in March, please.",
    lines: [{ product_code, quantity: 20 }],
  }),
  get_quotation_request_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Chan",
    status: "new",
    created_from: "2026-01-01",
    created_to: "2026-12-31",
  }),
  get_quotation_request_data_by_application_key_and_id: ({ application_key, quotation_request_id }) => ({
    application_key,
    id: quotation_request_id,
  }),
  add_quotation_from_request_data: ({ application_key, quotation_request_id }) => ({
    application_key,
    quotation_request_id,
    version: 1,
  }),
  update_quotation_request_status_data_by_application_key_and_id: ({
    application_key,
    closable_quotation_request_id,
  }) => ({
    application_key,
    id: closable_quotation_request_id,
    version: 1,
    status: "closed",
  }),
};
