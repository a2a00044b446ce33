import * as z from "zod";
import { optional, text, wholeNumberBetween } from "../../contract/field-rules";
import type { Examples } from "../../contract/examples";
import { applicationKey, flag, id, version } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";

/** Categories are listed by this number, smallest first. */
export const MAX_SORT_ORDER = 999_999;

export const categoryFields = {
  name_zh_hk: text(),
  name_en: text(),
  /** An uploaded image of the same store, or null for none. */
  image_url: optional(uploadedFileUrl()).transform((value) => value ?? null),
  sort_order: wholeNumberBetween(0, MAX_SORT_ORDER),
  publish: flag,
};

const categoryKey = { application_key: applicationKey, id };

export const categoryPayloads = {
  get_category_data_list_by_application_key: z.object({ application_key: applicationKey }),
  get_category_data_by_application_key_and_id: z.object(categoryKey),
  add_category_data: z.object({ ...categoryFields, application_key: applicationKey }),
  update_category_data_by_application_key_and_id: z.object({ ...categoryFields, ...categoryKey, version }),
  delete_category_data_by_application_key_and_id: z.object(categoryKey),
};

export interface CategoryRecord {
  id: number;
  data_type: "category_data";
  application_key: string;
  name_zh_hk: string;
  name_en: string;
  image_url: string | null;
  sort_order: number;
  publish: boolean;
  /** How many products are in the category. */
  product_count: number;
  create_date: string;
  version: number;
}

export interface CategoryResults {
  get_category_data_list_by_application_key: CategoryRecord[];
  get_category_data_by_application_key_and_id: CategoryRecord;
  add_category_data: { id: number };
  update_category_data_by_application_key_and_id: null;
  delete_category_data_by_application_key_and_id: null;
}

const exampleCategory = { name_zh_hk: "例子", name_en: "Example", sort_order: 1 };

export interface CategoryExampleRecords {
  category_id: number;
}

export const categoryExamples: Examples<typeof categoryPayloads> = {
  get_category_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  get_category_data_by_application_key_and_id: ({ application_key, category_id }) => ({
    application_key,
    id: category_id,
  }),
  add_category_data: ({ application_key }) => ({ application_key, ...exampleCategory }),
  update_category_data_by_application_key_and_id: ({ application_key, category_id }) => ({
    application_key,
    id: category_id,
    ...exampleCategory,
    version: 1,
  }),
  delete_category_data_by_application_key_and_id: ({ application_key, category_id }) => ({
    application_key,
    id: category_id,
  }),
};
