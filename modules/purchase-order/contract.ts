import * as z from "zod";
import type { Examples } from "../../contract/examples";
import type { LocationName } from "../location/contract";
import type { OrderDetail } from "../order/contract";
import {
  crossFieldCheck,
  isoDate,
  MAX_QUANTITY,
  multilineText,
  nullable,
  optional,
  text,
  urlCode,
} from "../../contract/field-rules";
import { withValue } from "../../contract/messages";
import { PURCHASE_ORDER_STATUSES } from "../../contract/options";
import { applicationKey, cents, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { refineUniqueProducts } from "../supplier/contract";
import { PURCHASE_ORDER_SORTS } from "./options";

/**
 * Purchase orders (module `purchase_order`): what the store orders from a supplier, and what arrives. Only a
 * draft is edited; receipts raise the products' stock, each exactly once.
 */

export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/**
 * Where a purchase order's status may go from each status. Staff order or cancel a draft and cancel an
 * ordered one (the status action); receipts move it to partially received and received. Every move is a
 * compare-and-set on the order's version.
 */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  draft: ["ordered", "cancelled"],
  ordered: ["partially_received", "received", "cancelled"],
  partially_received: ["partially_received", "received"],
  received: [],
  cancelled: [],
};

/** The moves a person makes with the status action. */
export const PURCHASE_ORDER_MOVES = ["ordered", "cancelled"] as const;
/** Statuses that take a receipt. */
export const RECEIVING_STATUSES: readonly PurchaseOrderStatus[] = ["ordered", "partially_received"];

export const canMovePurchaseOrder = (from: PurchaseOrderStatus, to: PurchaseOrderStatus) =>
  PURCHASE_ORDER_TRANSITIONS[from].includes(to);

export const MAX_PURCHASE_ORDER_LINES = 100;
export const MAX_PURCHASE_ORDER_NOTE_LENGTH = 1_000;

/** PO00001: the store's own sequence. */
export const purchaseOrderNumber = (number: number) => `PO${String(number).padStart(5, "0")}`;

/**
 * A line names one of the supplier's variants: its product's code and `variant_id` (left out, the
 * product's only variant; 400 `variant-required` beside it when the product has several).
 */
export const purchaseOrderLineFields = {
  product_code: urlCode({ max: 64 }),
  variant_id: optional(id),
  /** At least the supplier's minimum order quantity for the product (`below-minimum-order-quantity:<n>`). */
  quantity: wholeNumber(1, MAX_QUANTITY),
  /** Blank: the supplier's cost. */
  unit_cost_cents: optional(cents),
};

export const purchaseOrderFields = {
  supplier_id: id,
  /** A Hong Kong day. */
  expected_date: nullable(isoDate()),
  note: nullable(multilineText({ max: MAX_PURCHASE_ORDER_NOTE_LENGTH })),
  lines: z
    .array(z.object(purchaseOrderLineFields))
    .min(1, { error: "force-input" })
    .max(MAX_PURCHASE_ORDER_LINES, { error: "format-not-match" }),
};

const refineLines = (value: { lines: { product_code: string; variant_id?: number }[] }, ctx: z.RefinementCtx) =>
  refineUniqueProducts({ products: value.lines }, ctx, "lines");

/**
 * A supplier's offer as lines and forms key it: its product's code and its variant's id (the code alone
 * for an offer that names no variant). Product codes have no `~`.
 */
export const offerKey = (productCode: string, variantId: number | null | undefined) =>
  variantId === null || variantId === undefined ? productCode : `${productCode}~${variantId}`;

/** The product code and variant id of an offer's key (`offerKey`). */
export function parseOfferKey(key: string): { product_code: string; variant_id?: number } {
  const [productCode, variantId] = key.split("~");
  return variantId === undefined
    ? { product_code: productCode }
    : { product_code: productCode, variant_id: Number(variantId) };
}

/**
 * Each line against what the supplier sells (offer key, `offerKey`, in `product_code` → minimum order
 * quantity): a product it does not sell, or fewer than its minimum (spec §5), keyed by the line's fields
 * as the wire names them. A line whose `product_code` is null is skipped.
 */
export function refusedLines(
  lines: readonly { product_code: unknown; quantity: unknown }[],
  minimums: Map<string, number>,
) {
  const fields: Record<string, string[]> = {};
  lines.forEach((line, position) => {
    // A line without an offer's key was refused already (a variant to choose).
    if (line.product_code === null) return;
    const minimum = minimums.get(String(line.product_code));
    if (minimum === undefined) {
      fields[`lines.${position}.product_code`] = ["product-not-from-supplier"];
    } else if (typeof line.quantity === "number" && line.quantity < minimum) {
      fields[`lines.${position}.quantity`] = [withValue("below-minimum-order-quantity", minimum)];
    }
  });
  return fields;
}

const purchaseOrderId = { application_key: applicationKey, id };

export const purchaseOrderPayloads = {
  get_purchase_order_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(PURCHASE_ORDER_SORTS),
    /** The number (PO00012 or 12) or anywhere in the supplier's name. */
    keyword,
    status: optional(z.enum(PURCHASE_ORDER_STATUSES)),
    supplier_id: optional(id),
  }),
  /** The order, its lines, receipts and status history. */
  get_purchase_order_data_by_application_key_and_id: z.object(purchaseOrderId),
  /** A new draft; each product one of the supplier's. */
  add_purchase_order_data: z
    .object({ application_key: applicationKey, ...purchaseOrderFields })
    .check(crossFieldCheck(refineLines)),
  /** A draft's edit (409 `purchase-order-not-editable` once ordered). */
  update_purchase_order_data_by_application_key_and_id: z
    .object({ ...purchaseOrderFields, ...purchaseOrderId, version })
    .check(crossFieldCheck(refineLines)),
  /** Order a draft, or cancel a draft or an ordered one; over `version`. */
  update_purchase_order_status_data_by_application_key_and_id: z.object({
    ...purchaseOrderId,
    version,
    to: z.enum(PURCHASE_ORDER_MOVES),
    note: nullable(text({ max: 200 })),
  }),
  /**
   * What arrived, per line: raises each line's received quantity (never past what was ordered), its
   * variant's stock with an inventory adjustment each, and the status, all over `version`, so a receipt
   * sent twice at once counts once.
   */
  add_purchase_order_receipt_data: z
    .object({
      application_key: applicationKey,
      purchase_order_id: id,
      version,
      /** The location the goods arrive at; the store's first one when not given. */
      location_id: id.optional(),
      lines: z
        .array(z.object({ line_id: id, quantity: wholeNumber(0, MAX_QUANTITY) }))
        .min(1)
        .max(MAX_PURCHASE_ORDER_LINES),
      note: nullable(text({ max: 200 })),
    })
    .refine((value) => value.lines.some((line) => line.quantity > 0), {
      error: "force-input",
      path: ["lines"],
    }),
  /** Supplied variants whose stock is at or below their supplier's reorder point, by supplier. */
  get_reorder_suggestion_data_list_by_application_key: z.object({ application_key: applicationKey }),
  /** A draft for the supplier with each of its suggested variants at its minimum order quantity and cost. */
  add_reorder_purchase_order_data: z.object({ application_key: applicationKey, supplier_id: id }),
};

export interface PurchaseOrderRecord {
  id: number;
  number: string;
  supplier_id: number | null;
  supplier_name: string;
  status: PurchaseOrderStatus;
  expected_date: string | null;
  note: string | null;
  total_cents: number;
  ordered_quantity: number;
  received_quantity: number;
  create_date: string;
  version: number;
}

export interface PurchaseOrderLine {
  id: number;
  /** Null once the product is deleted: the line keeps its code and name. */
  product_id: number | null;
  product_code: string;
  name_zh_hk: string;
  name_en: string;
  /** The variant ordered (null once deleted), and its option values as they were ("M / 黑色"; empty without options). */
  variant_id: number | null;
  variant_name_zh_hk: string;
  variant_name_en: string;
  supplier_code: string | null;
  quantity: number;
  received_quantity: number;
  unit_cost_cents: number;
  line_total_cents: number;
}

export interface PurchaseOrderHistory {
  from_status: PurchaseOrderStatus | null;
  to_status: PurchaseOrderStatus;
  actor_email: string;
  note: string | null;
  create_date: string;
}

export interface PurchaseOrderReceipt {
  id: number;
  lines: { line_id: number; quantity: number }[];
  actor_email: string;
  note: string | null;
  create_date: string;
}

export interface PurchaseOrderDetail extends PurchaseOrderRecord {
  lines: PurchaseOrderLine[];
  history: PurchaseOrderHistory[];
  receipts: PurchaseOrderReceipt[];
  /** The supplier's contact as it is now (null once deleted). */
  supplier: {
    contact_person: string | null;
    phone: string | null;
    email: string | null;
    address: string | null;
  } | null;
  /** The store's name and contact, for the printed order. */
  store: OrderDetail["store"];
  /** The store's locations in their order, which a receipt can go into. */
  locations: LocationName[];
}

export interface ReorderSuggestion {
  supplier_id: number;
  supplier_name: string;
  products: {
    product_code: string;
    name_zh_hk: string;
    name_en: string;
    /** The variant due, and its option values ("M / 黑色"; empty without options). */
    variant_id: number;
    label_zh_hk: string;
    label_en: string;
    stock: number;
    reorder_point: number;
    minimum_order_quantity: number;
    cost_cents: number;
  }[];
}

export interface PurchaseOrderResults {
  get_purchase_order_data_and_total_number_by_sorting_and_limit: PurchaseOrderRecord[];
  get_purchase_order_data_by_application_key_and_id: PurchaseOrderDetail;
  add_purchase_order_data: { id: number };
  update_purchase_order_data_by_application_key_and_id: null;
  update_purchase_order_status_data_by_application_key_and_id: null;
  add_purchase_order_receipt_data: { status: PurchaseOrderStatus };
  get_reorder_suggestion_data_list_by_application_key: ReorderSuggestion[];
  add_reorder_purchase_order_data: { id: number };
}

export interface PurchaseOrderExampleRecords {
  /** An ordered purchase order (version 2) of `supplier_id`, with a line of its product, and a draft (version 1). */
  purchase_order_id: number;
  purchase_order_line_id: number;
  draft_purchase_order_id: number;
}

export const purchaseOrderExamples: Examples<typeof purchaseOrderPayloads> = {
  get_purchase_order_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "PO1",
    status: "ordered",
  }),
  get_purchase_order_data_by_application_key_and_id: ({ application_key, purchase_order_id }) => ({
    application_key,
    id: purchase_order_id,
  }),
  add_purchase_order_data: ({ application_key, supplier_id, supplier_product_code }) => ({
    application_key,
    supplier_id,
    lines: [{ product_code: supplier_product_code, quantity: 12, unit_cost_cents: 8_00 }],
  }),
  update_purchase_order_data_by_application_key_and_id: ({
    application_key,
    draft_purchase_order_id,
    supplier_id,
    supplier_product_code,
  }) => ({
    application_key,
    id: draft_purchase_order_id,
    version: 1,
    supplier_id,
    expected_date: "2030-01-31",
    lines: [{ product_code: supplier_product_code, quantity: 24, unit_cost_cents: 8_00 }],
  }),
  update_purchase_order_status_data_by_application_key_and_id: ({ application_key, draft_purchase_order_id }) => ({
    application_key,
    id: draft_purchase_order_id,
    version: 2,
    to: "ordered",
  }),
  add_purchase_order_receipt_data: ({ application_key, purchase_order_id, purchase_order_line_id }) => ({
    application_key,
    purchase_order_id,
    version: 2,
    lines: [{ line_id: purchase_order_line_id, quantity: 1 }],
  }),
  get_reorder_suggestion_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  add_reorder_purchase_order_data: ({ application_key, supplier_id }) => ({ application_key, supplier_id }),
};
