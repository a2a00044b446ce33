// Plain constants, kept apart from the zod schemas so that pages importing them stay free of zod.

/** Spec §4: a product is selling, or short when it has no stock left (unlimited ones never are). */
export const STOCK_STATUSES = ["selling", "shortage"] as const;
export const BULK_OPERATIONS = ["publish", "unpublish", "set_category", "delete"] as const;
export const MAX_PRODUCT_IMAGES = 10;
