import { payloads } from "#contract/actions";
import { PRODUCT_SORTS } from "#modules/product/options";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { BESTSELLER_FILTERS, PAGE_SIZES, PUBLISH_FILTERS, STOCK_FILTERS } from "./__product-list-filters";

const LIST_OPTIONS = {
  sorts: PRODUCT_SORTS,
  filters: { publish: PUBLISH_FILTERS, stock: STOCK_FILTERS, bestseller: BESTSELLER_FILTERS },
  pageSizes: PAGE_SIZES,
};

/** The product list's search, filters and order from its URL; the page and its exports share it. */
export function productListQuery(url: URL) {
  return { ...readListQuery(url, LIST_OPTIONS), category: url.searchParams.get("category") ?? "" };
}

export type ProductListQuery = ReturnType<typeof productListQuery>;

/** The list call's payload for a store and a query. */
export function productListPayload(applicationKey: string, query: ProductListQuery) {
  return withoutRefusedFilters(
    payloads.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity,
    {
      application_key: applicationKey,
      ...listPayload(query),
      filter_additional_product: true,
      merge_with_quantity: true,
      include_pos: true,
      category_id: Number(query.category) || undefined,
      publish: query.publish === "all" ? undefined : query.publish,
      stock_status: query.stock === "all" ? undefined : query.stock,
      bestseller: query.bestseller === "all" ? undefined : query.bestseller === "yes",
    },
  );
}
