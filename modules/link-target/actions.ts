import { asc, desc } from "drizzle-orm";
import { LINK_PRODUCT_CHOICES } from "./contract";
import { categories, customPages, products } from "../../backend/db/schema";
import { defineAction } from "../../backend/registry";
import { searched } from "../product/search";

/**
 * A link form's choices (banners, the menu, pushes). Anyone in the store may read them: the names are
 * what the store's own website shows to everyone.
 */
export const linkTargetActions = [
  defineAction("get_link_target_data_list_by_application_key", "store", {
    reads: (_input, { store }) =>
      [
        store
          .selectFields(categories, { id: categories.id, name_zh_hk: categories.nameZhHk, name_en: categories.nameEn })
          .orderBy(asc(categories.sortOrder), asc(categories.id)),
        store
          .selectFields(customPages, {
            id: customPages.id,
            name_zh_hk: customPages.titleZhHk,
            name_en: customPages.titleEn,
          })
          .orderBy(desc(customPages.createdAt), desc(customPages.id)),
      ] as const,
    handler: async (_input, _context, [categoryRows, customPageRows]) => ({
      categories: categoryRows,
      custom_pages: customPageRows,
    }),
  }),

  // A store may have thousands of products: the form searches them as the merchant types.
  defineAction("get_link_target_product_data_list_by_application_key", "store", {
    reads: ({ keyword }, { store }) =>
      [
        searched(
          store,
          store
            .selectFields(products, {
              product_code: products.productCode,
              name_zh_hk: products.nameZhHk,
              name_en: products.nameEn,
            })
            .$dynamic(),
          keyword,
        )
          .orderBy(asc(products.productCode))
          .limit(LINK_PRODUCT_CHOICES),
      ] as const,
    handler: async (_input, _context, [productRows]) => ({ products: productRows }),
  }),
];
