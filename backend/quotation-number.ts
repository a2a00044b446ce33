import { sql } from "drizzle-orm";
import type { StoreScope } from "./db/scope";
import { quotations } from "./db/schema";

/** A store's first quotation is Q1001. */
export const FIRST_QUOTATION_NUMBER = 1001;

/**
 * The SQL of the store's next quotation number, for the insert itself: one batch runs at a time, and the
 * unique (application_key, quotation_number) index refuses a number taken twice. Shared by every insert
 * of a quotation (staff's, and a request turned into one).
 */
export const nextQuotationNumber = (store: StoreScope) =>
  sql<number>`(select coalesce(max(${quotations.quotationNumber}), ${FIRST_QUOTATION_NUMBER - 1}) + 1 from ${quotations} where ${store.where(quotations)})`;
