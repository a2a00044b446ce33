import * as z from "zod";
import { alphanumeric, MAX_QUANTITY, optional, text } from "../../contract/field-rules";
import type { Examples } from "../../contract/examples";
import { applicationKey, cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";
import { ADD_ON_PRODUCT_SORTS } from "./options";

/** Every field of an add-on product a merchant sets; the same for add and edit. */
export const addOnProductFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  price_cents: cents,
  unlimited_inventory: flag,
  stock: wholeNumber(0, MAX_QUANTITY).default(0),
  /** A file the upload action stored for this store. */
  image_url: optional(uploadedFileUrl()),
  /** What the POS scanner reads to add it to the whole order. */
  barcode: optional(alphanumeric({ max: 64 })),
  publish: flag,
};

const addOnProductId = { application_key: applicationKey, id };

export const addOnProductPayloads = {
  get_add_on_product_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(ADD_ON_PRODUCT_SORTS),
    /** Prefix of the Chinese or English name. */
    keyword,
  }),
  get_add_on_product_data_by_application_key_and_id: z.object(addOnProductId),
  add_add_on_product_data: z.object({ application_key: applicationKey, ...addOnProductFields }),
  update_add_on_product_data_by_application_key_and_id: z.object({ ...addOnProductFields, ...addOnProductId, version }),
  /** Products offering the add-on lose it with it. */
  delete_add_on_product_data_by_application_key_and_id: z.object(addOnProductId),
};

export interface AddOnProductRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  price_cents: number;
  unlimited_inventory: boolean;
  stock: number;
  image_url: string | null;
  barcode: string | null;
  publish: boolean;
  create_date: string;
  version: number;
}

export interface AddOnProductResults {
  get_add_on_product_data_and_total_number_by_sorting_and_limit: AddOnProductRecord[];
  get_add_on_product_data_by_application_key_and_id: AddOnProductRecord;
  add_add_on_product_data: { id: number };
  update_add_on_product_data_by_application_key_and_id: null;
  delete_add_on_product_data_by_application_key_and_id: null;
}

const exampleAddOn = { name_zh_hk: "例子", price_cents: 500 };

export interface AddOnProductExampleRecords {
  add_on_product_id: number;
}

export const addOnProductExamples: Examples<typeof addOnProductPayloads> = {
  get_add_on_product_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({ application_key }),
  get_add_on_product_data_by_application_key_and_id: ({ application_key, add_on_product_id }) => ({
    application_key,
    id: add_on_product_id,
  }),
  add_add_on_product_data: ({ application_key }) => ({ application_key, ...exampleAddOn }),
  update_add_on_product_data_by_application_key_and_id: ({ application_key, add_on_product_id }) => ({
    application_key,
    id: add_on_product_id,
    ...exampleAddOn,
    version: 1,
  }),
  delete_add_on_product_data_by_application_key_and_id: ({ application_key, add_on_product_id }) => ({
    application_key,
    id: add_on_product_id,
  }),
};
