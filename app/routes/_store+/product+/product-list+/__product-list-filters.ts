import { STOCK_STATUSES } from "#contract/product-options";

export const PAGE_SIZES = [20, 50, 100] as const;
export const PUBLISH_FILTERS = ["all", "published", "unpublished"] as const;
export const STOCK_FILTERS = ["all", ...STOCK_STATUSES] as const;
export const BESTSELLER_FILTERS = ["all", "yes", "no"] as const;
