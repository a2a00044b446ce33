// The sort lists of the list pages that read their query in their own loader. A route module's imports
// reach its page's scripts even when only its loader uses them (docs/architecture.md): read through this
// .server module, the contract files the lists live in, with their zod schemas, stay out of those pages.
export { ADD_ON_PRODUCT_SORTS } from "#modules/add-on-product/contract";
export { PRODUCT_SORTS } from "#modules/product/contract";
export { INTERNAL_ACCOUNT_SORTS, PLAN_SORTS, STORE_SORTS } from "#modules/console/contract";
export { SUPPLIER_SORTS } from "#modules/supplier/contract";
