import * as z from "zod";
import type { Examples } from "../../contract/examples";
import {
  email,
  MAX_QUANTITY,
  multilineText,
  nullable,
  optional,
  phone,
  text,
  urlCode,
} from "../../contract/field-rules";
import { applicationKey, cents, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { SUPPLIER_SORTS } from "./options";

/** Suppliers (module `supplier`) and the store's products (each a variant) each one sells it, at its cost. */

export const MAX_SUPPLIER_PRODUCTS = 100;
export const MAX_SUPPLIER_ADDRESS_LENGTH = 300;
export const MAX_SUPPLIER_NOTE_LENGTH = 1_000;

/**
 * A product's variant the supplier sells the store: its code there, its cost, the least it takes per
 * order. `variant_id` is one of the product's variants; left out, the product's only one (400
 * `variant-required` beside it when the product has several).
 */
export const supplierProductFields = {
  product_code: urlCode({ max: 64 }),
  variant_id: optional(id),
  supplier_code: nullable(text({ max: 64 })),
  cost_cents: cents,
  minimum_order_quantity: wholeNumber(1, MAX_QUANTITY),
  /** At or below this stock the product is suggested for reorder; blank: never. */
  reorder_point: nullable(wholeNumber(0, MAX_QUANTITY)),
};

/**
 * Each product's variant once in a list of lines (`line-repeated` beside the second): a line is its
 * product code with its `variant_id`, if any (the backend also refuses two lines it finds to name one
 * variant, one of them without `variant_id`).
 */
export function refineUniqueProducts(
  value: { products: { product_code: string; variant_id?: number }[] },
  ctx: z.RefinementCtx,
  field = "products",
) {
  const seen = new Set<string>();
  if (!Array.isArray(value.products)) return;
  value.products.forEach((line, index) => {
    if (typeof line?.product_code !== "string") return;
    const key = `${line.product_code} ${line.variant_id ?? ""}`;
    if (seen.has(key)) {
      ctx.addIssue({ code: "custom", message: "line-repeated", path: [field, index, "product_code"] });
    }
    seen.add(key);
  });
}

export const supplierFields = {
  name: text(),
  contact_person: nullable(text()),
  /** Spec §5's phone: 8 digits, the first 2-9. */
  phone: nullable(phone()),
  email: nullable(email()),
  address: nullable(multilineText({ max: MAX_SUPPLIER_ADDRESS_LENGTH })),
  note: nullable(multilineText({ max: MAX_SUPPLIER_NOTE_LENGTH })),
  products: z.array(z.object(supplierProductFields)).max(MAX_SUPPLIER_PRODUCTS).default([]),
};

const supplierId = { application_key: applicationKey, id };

export const supplierPayloads = {
  get_supplier_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(SUPPLIER_SORTS),
    /** Anywhere in the name, contact person, phone or e-mail. */
    keyword,
  }),
  /** Every supplier's id and name, by name: the purchase order form's choice. */
  get_supplier_data_list_by_application_key: z.object({ application_key: applicationKey }),
  /** The supplier with its products. */
  get_supplier_data_by_application_key_and_id: z.object(supplierId),
  add_supplier_data: z
    .object({ application_key: applicationKey, ...supplierFields })
    .superRefine((value, ctx) => refineUniqueProducts(value, ctx)),
  update_supplier_data_by_application_key_and_id: z
    .object({ ...supplierFields, ...supplierId, version })
    .superRefine((value, ctx) => refineUniqueProducts(value, ctx)),
  /** Refused while it has an open purchase order (409 `supplier-has-open-purchase-orders`). */
  delete_supplier_data_by_application_key_and_id: z.object(supplierId),
};

export interface SupplierRecord {
  id: number;
  name: string;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  note: string | null;
  product_count: number;
  create_date: string;
  version: number;
}

export interface SupplierProductRecord {
  product_id: number;
  product_code: string;
  name_zh_hk: string;
  name_en: string;
  /**
   * The variant supplied and its option values ("M / 黑色"; empty without options); null only on a line
   * from before variants whose product has several since, until the form names one.
   */
  variant_id: number | null;
  label_zh_hk: string;
  label_en: string;
  sku: string | null;
  /** How many variants the product has (a form asks which one when more than one). */
  variant_count: number;
  /** The variant's stock (the product's total while it names none). */
  stock: number;
  unlimited_inventory: boolean;
  supplier_code: string | null;
  cost_cents: number;
  minimum_order_quantity: number;
  reorder_point: number | null;
}

export interface SupplierDetail extends SupplierRecord {
  products: SupplierProductRecord[];
}

export interface SupplierResults {
  get_supplier_data_and_total_number_by_sorting_and_limit: SupplierRecord[];
  get_supplier_data_list_by_application_key: { id: number; name: string }[];
  get_supplier_data_by_application_key_and_id: SupplierDetail;
  add_supplier_data: { id: number };
  update_supplier_data_by_application_key_and_id: null;
  delete_supplier_data_by_application_key_and_id: null;
}

export interface SupplierExampleRecords {
  /** A supplier of `supplier_product_code` (at its reorder point) with open purchase orders, and one without any. */
  supplier_id: number;
  supplier_product_code: string;
  closed_supplier_id: number;
}

export const supplierExamples: Examples<typeof supplierPayloads> = {
  get_supplier_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Tea",
    sorting: "name",
  }),
  get_supplier_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  get_supplier_data_by_application_key_and_id: ({ application_key, supplier_id }) => ({
    application_key,
    id: supplier_id,
  }),
  add_supplier_data: ({ application_key, product_code }) => ({
    application_key,
    name: "New Supplier",
    phone: "23456789",
    products: [{ product_code, cost_cents: 12_00, minimum_order_quantity: 6 }],
  }),
  update_supplier_data_by_application_key_and_id: ({ application_key, supplier_id, supplier_product_code }) => ({
    application_key,
    id: supplier_id,
    version: 1,
    name: "Edited Supplier",
    products: [{ product_code: supplier_product_code, cost_cents: 10_00, minimum_order_quantity: 1, reorder_point: 5 }],
  }),
  delete_supplier_data_by_application_key_and_id: ({ application_key, closed_supplier_id }) => ({
    application_key,
    id: closed_supplier_id,
  }),
};
