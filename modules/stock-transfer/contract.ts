import * as z from "zod";
import type { Examples } from "../../contract/examples";
import type { LocationName } from "../location/contract";
import type { OrderDetail } from "../order/contract";
import { crossFieldCheck, multilineText, nullable, optional, urlCode } from "../../contract/field-rules";
import { applicationKey, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import {
  MAX_STOCK_TRANSFER_LINES,
  MAX_TRANSFER_QUANTITY,
  RECEIVING_STATUSES,
  STOCK_TRANSFER_MOVES,
  STOCK_TRANSFER_SORTS,
  STOCK_TRANSFER_STATUSES,
} from "./options";

/**
 * Stock transfers (module `stock_transfer`): units of limited variants moved from one of the store's locations to
 * another. Only a draft is edited, deleted or cancelled; sending takes the stock, receipts put it back at the other end.
 */

export type StockTransferStatus = (typeof STOCK_TRANSFER_STATUSES)[number];

export const MAX_STOCK_TRANSFER_NOTE_LENGTH = 1_000;

export const isReceiving = (status: StockTransferStatus) => (RECEIVING_STATUSES as readonly string[]).includes(status);

/**
 * A line names a limited variant: its product's code and `variant_id` (left out, the product's only variant; 400
 * `variant-required` beside it when the product has several).
 */
export const stockTransferLineFields = {
  product_code: urlCode({ max: 64 }),
  variant_id: optional(id),
  quantity: wholeNumber(1, MAX_TRANSFER_QUANTITY),
};

export const stockTransferFields = {
  from_location_id: id,
  to_location_id: id,
  note: nullable(multilineText({ max: MAX_STOCK_TRANSFER_NOTE_LENGTH })),
  lines: z
    .array(z.object(stockTransferLineFields))
    .min(1, { error: "force-input" })
    .max(MAX_STOCK_TRANSFER_LINES, { error: "format-not-match" }),
};

/** The two ends differ (`stock-transfer-same-location` beside the destination), and a variant is on one line. */
export const stockTransferChecks = crossFieldCheck<{
  from_location_id: number;
  to_location_id: number;
  lines: { product_code: string; variant_id?: number }[];
}>((value, context) => {
  if (value.from_location_id !== undefined && value.from_location_id === value.to_location_id) {
    context.addIssue({ code: "custom", message: "stock-transfer-same-location", path: ["to_location_id"], input: "" });
  }
  if (!Array.isArray(value.lines)) return;
  const seen = new Set<string>();
  value.lines.forEach((line, position) => {
    if (!line?.product_code) return;
    const key = `${line.product_code}~${line.variant_id ?? ""}`;
    if (seen.has(key)) {
      context.addIssue({
        code: "custom",
        message: "line-repeated",
        path: ["lines", position, "product_code"],
        input: "",
      });
    }
    seen.add(key);
  });
});

const stockTransferId = { application_key: applicationKey, id };

export const stockTransferPayloads = {
  get_stock_transfer_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(STOCK_TRANSFER_SORTS),
    /** The number (TR00012 or 12) or anywhere in the note. */
    keyword,
    status: optional(z.enum(STOCK_TRANSFER_STATUSES)),
    from_location_id: optional(id),
    to_location_id: optional(id),
  }),
  /** The transfer, its lines (with each variant's stock at the origin now), both locations and the store's contact. */
  get_stock_transfer_data_by_application_key_and_id: z.object(stockTransferId),
  /** A new draft. */
  add_stock_transfer_data: z
    .object({ application_key: applicationKey, ...stockTransferFields })
    .check(stockTransferChecks),
  /** A draft's edit over `version` (409 `stock-transfer-not-editable` once sent or cancelled). */
  update_stock_transfer_data_by_application_key_and_id: z
    .object({ ...stockTransferFields, ...stockTransferId, version })
    .check(stockTransferChecks),
  /** A draft's deletion (409 `stock-transfer-not-editable` otherwise). */
  delete_stock_transfer_data_by_application_key_and_id: z.object(stockTransferId),
  /**
   * Send a draft (every line's stock leaves the origin at once; 409 `stock-transfer-stock-short` naming the short
   * lines when any is short there) or cancel it; over `version`.
   */
  update_stock_transfer_status_data_by_application_key_and_id: z.object({
    ...stockTransferId,
    version,
    to: z.enum(STOCK_TRANSFER_MOVES),
  }),
  /**
   * What arrived, per line (0 allowed, at most what is still to come): the stock arrives at the destination, and the
   * transfer is received once every line is. Two receipts racing never receive a unit twice (a line's CHECK).
   */
  add_stock_transfer_receipt_data: z
    .object({
      application_key: applicationKey,
      stock_transfer_id: id,
      lines: z
        .array(z.object({ line_id: id, quantity: wholeNumber(0, MAX_TRANSFER_QUANTITY) }))
        .min(1)
        .max(MAX_STOCK_TRANSFER_LINES),
    })
    .refine((value) => value.lines.some((line) => line.quantity > 0), { error: "force-input", path: ["lines"] }),
};

export interface StockTransferRecord {
  id: number;
  number: string;
  from_location_id: number | null;
  to_location_id: number | null;
  /** The locations' names as they are now (blank once deleted). */
  from_name_zh_hk: string;
  from_name_en: string;
  to_name_zh_hk: string;
  to_name_en: string;
  status: StockTransferStatus;
  note: string | null;
  total_quantity: number;
  received_quantity: number;
  sent_date: string | null;
  sent_by: string | null;
  received_date: string | null;
  create_date: string;
  version: number;
}

export interface StockTransferLine {
  id: number;
  /** Null once the product or variant is deleted: the line keeps its code and names. */
  product_id: number | null;
  variant_id: number | null;
  product_code: string;
  name_zh_hk: string;
  name_en: string;
  /** The variant's option values as they were ("M / 黑色"; empty without options). */
  variant_name_zh_hk: string;
  variant_name_en: string;
  sku: string | null;
  barcode: string | null;
  quantity: number;
  received_quantity: number;
  /** The variant's stock at the origin now (null once deleted). */
  stock_at_origin: number | null;
}

export interface StockTransferLocation {
  id: number;
  name_zh_hk: string;
  name_en: string;
  address_zh_hk: string;
  address_en: string;
  phone: string | null;
}

export interface StockTransferDetail extends StockTransferRecord {
  lines: StockTransferLine[];
  from_location: StockTransferLocation | null;
  to_location: StockTransferLocation | null;
  /** The store's name and contact, for the packing list. */
  store: OrderDetail["store"];
  /** The store's locations in their order, which a draft's ends can be changed to. */
  locations: LocationName[];
}

/** A page of transfers, with the store's locations in their order to filter them by. */
export interface StockTransferList {
  transfers: StockTransferRecord[];
  locations: LocationName[];
}

export interface StockTransferResults {
  get_stock_transfer_data_and_total_number_by_sorting_and_limit: StockTransferList;
  get_stock_transfer_data_by_application_key_and_id: StockTransferDetail;
  add_stock_transfer_data: { id: number };
  update_stock_transfer_data_by_application_key_and_id: null;
  delete_stock_transfer_data_by_application_key_and_id: null;
  update_stock_transfer_status_data_by_application_key_and_id: null;
  add_stock_transfer_receipt_data: { status: StockTransferStatus };
}

export interface StockTransferExampleRecords {
  /** A sent transfer (version 2) of one line of `product_code`'s variant from the first location to `transfer_location_id`. */
  stock_transfer_id: number;
  stock_transfer_line_id: number;
  /** A draft (version 1) of the same, with its origin holding the stock to send. */
  draft_stock_transfer_id: number;
  first_location_id: number;
  transfer_location_id: number;
}

export const stockTransferExamples: Examples<typeof stockTransferPayloads> = {
  get_stock_transfer_data_and_total_number_by_sorting_and_limit: ({ application_key, first_location_id }) => ({
    application_key,
    keyword: "TR1",
    status: "sent",
    from_location_id: first_location_id,
  }),
  get_stock_transfer_data_by_application_key_and_id: ({ application_key, stock_transfer_id }) => ({
    application_key,
    id: stock_transfer_id,
  }),
  add_stock_transfer_data: ({ application_key, product_code, first_location_id, transfer_location_id }) => ({
    application_key,
    from_location_id: first_location_id,
    to_location_id: transfer_location_id,
    note: "補貨",
    lines: [{ product_code, quantity: 1 }],
  }),
  update_stock_transfer_data_by_application_key_and_id: ({
    application_key,
    draft_stock_transfer_id,
    product_code,
    first_location_id,
    transfer_location_id,
  }) => ({
    application_key,
    id: draft_stock_transfer_id,
    version: 1,
    from_location_id: first_location_id,
    to_location_id: transfer_location_id,
    lines: [{ product_code, quantity: 2 }],
  }),
  delete_stock_transfer_data_by_application_key_and_id: ({ application_key, draft_stock_transfer_id }) => ({
    application_key,
    id: draft_stock_transfer_id,
  }),
  update_stock_transfer_status_data_by_application_key_and_id: ({ application_key, draft_stock_transfer_id }) => ({
    application_key,
    id: draft_stock_transfer_id,
    version: 1,
    to: "sent",
  }),
  add_stock_transfer_receipt_data: ({ application_key, stock_transfer_id, stock_transfer_line_id }) => ({
    application_key,
    stock_transfer_id,
    lines: [{ line_id: stock_transfer_line_id, quantity: 1 }],
  }),
};
