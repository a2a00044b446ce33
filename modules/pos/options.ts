// What the POS's offline-sales review list shows, without zod (the page imports it).

export const POS_OFFLINE_REVIEW_SORTS = ["created_at"] as const;
/** The review list's filter: sales still to review, or those reviewed already. */
export const POS_OFFLINE_REVIEW_STATES = ["to_review", "reviewed"] as const;

/** A device's clock may run this far ahead of the server's: a sale "made" that little in the future was made now. */
export const OFFLINE_CLOCK_SKEW_MINUTES = 5;
/** How old an offline sale may be when it reaches the server: a queue older than this is refused. */
export const OFFLINE_SALE_MAX_AGE_HOURS = 72;
/** Products a page of the offline catalogue holds (`get_pos_offline_catalogue_data_by_application_key`). */
export const POS_CATALOGUE_PAGE_SIZE = 500;

/** What the server found different from what an offline device sold, kept on its review row. */
export type OfflineDifference =
  | {
      kind: "price";
      /** The order line's position. */
      position: number;
      name_zh_hk: string;
      name_en: string;
      charged_cents: number;
      now_cents: number;
    }
  /** The coupon the device applied, refused now with the engine's reason (a message key); the discount stands. */
  | { kind: "coupon"; code: string; reason: string }
  /** A product, variant or add-on taken off sale since: sold all the same. */
  | { kind: "unavailable"; position: number; name_zh_hk: string; name_en: string }
  /** Units sold beyond the stock there was: the stock went down to 0. */
  | { kind: "stock"; position: number; name_zh_hk: string; name_en: string; short: number }
  | { kind: "total"; charged_cents: number; now_cents: number };

export const POS_LOG_DATA_TYPES = {
  pos_offline_review: "pos",
  /** A device's time offline and the sales it made meanwhile (one entry per outage). */
  pos_connection: "pos",
} as const;
