import { PRODUCT_SORTS, STOCK_STATUSES } from "../../../../../contract/product-options";
import type { PayloadInput } from "../../../../../contract/actions";
import { readChoice } from "../../../../utils/list-params";

export const PAGE_SIZES = ["20", "50", "100"] as const;
export const PUBLISH_FILTERS = ["all", "published", "unpublished"] as const;
export const STOCK_FILTERS = ["all", ...STOCK_STATUSES] as const;
export const BESTSELLER_FILTERS = ["all", "yes", "no"] as const;
const DIRECTIONS = ["DESC", "ASC"] as const;

/** The product list's search, filters and order from its URL; the page and its exports share it. */
export function productListQuery(url: URL) {
  return {
    q: url.searchParams.get("q")?.trim() ?? "",
    category: url.searchParams.get("category") ?? "",
    publish: readChoice(url, "publish", PUBLISH_FILTERS),
    stock: readChoice(url, "stock", STOCK_FILTERS),
    bestseller: readChoice(url, "bestseller", BESTSELLER_FILTERS),
    sort: readChoice(url, "sort", PRODUCT_SORTS),
    direction: readChoice(url, "direction", DIRECTIONS),
    limit: readChoice(url, "limit", PAGE_SIZES),
  };
}

export type ProductListQuery = ReturnType<typeof productListQuery>;

/** The list call's payload for a query (without the store key, page and page size). */
export function productListPayload(query: ProductListQuery) {
  return {
    sorting: query.sort,
    direction: query.direction,
    filter_additional_product: true,
    merge_with_quantity: true,
    include_pos: true,
    keyword: query.q || undefined,
    category_id: Number(query.category) || undefined,
    publish: query.publish === "all" ? undefined : query.publish,
    stock_status: query.stock === "all" ? undefined : query.stock,
    bestseller: query.bestseller === "all" ? undefined : query.bestseller === "yes",
  } satisfies Partial<PayloadInput<"get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity">>;
}
