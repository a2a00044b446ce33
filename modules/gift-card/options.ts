export const GIFT_CARD_SORTS = ["create_date", "balance", "expiry_date"] as const;

/** A card's status, derived: disabled, else expired (its expiry day before today in Hong Kong), else used up (balance 0), else active. */
export const GIFT_CARD_STATUSES = ["active", "used_up", "expired", "disabled"] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** What a ledger entry records; `expire` is the daily job's, taking the balance of a card past its expiry day (expiry.ts). */
export const GIFT_CARD_ENTRY_KINDS = [
  "issue",
  "adjust",
  "reissue_out",
  "reissue_in",
  "redeem",
  "refund",
  "expire",
] as const;

/** A card holds HK$1 to HK$10,000 when issued. */
export const MIN_GIFT_CARD_CENTS = 100;
export const MAX_GIFT_CARD_CENTS = 1_000_000;

/**
 * A product sold as a gift card: `fixed`, its variants' prices are the face values (HK$200, HK$500);
 * `open`, the buyer names the amount, between the product's minimum and maximum (within the card's HK$1–10,000).
 */
export const GIFT_CARD_PRODUCT_KINDS = ["fixed", "open"] as const;
export type GiftCardProductKind = (typeof GIFT_CARD_PRODUCT_KINDS)[number];
/** Gift-card units an order may sell: each is a card issued in the batch that records its payment. */
export const MAX_GIFT_CARDS_PER_ORDER = 20;
/** How long a card sold stays usable, in months from the day it is paid; none: no expiry. */
export const MAX_GIFT_CARD_VALID_MONTHS = 120;

export const GIFT_CARD_LANGUAGES = ["zh-HK", "en"] as const;

/** Sales staff look cards up (a customer asks for a balance); the admin issues and changes them. */
export const GIFT_CARD_SALES_ACCESS = { gift_card: "read" } as const;

export const GIFT_CARD_LOG_DATA_TYPES = {
  gift_card_data: "gift_card",
} as const;

/** The characters of a code: upper-case letters and digits less 0, O, 1 and I, which people misread; 32 of them. */
export const GIFT_CARD_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const GIFT_CARD_CODE_LENGTH = 16;

/** A code as lists, the detail page, the log and the CSV show it: only its last four characters. */
export const maskedGiftCardCode = (code: string) => `•••• •••• •••• ${code.slice(-4)}`;

/** A code in full, in groups of four, as it is printed and e-mailed. */
export const groupedGiftCardCode = (code: string) => code.replace(/(.{4})(?=.)/g, "$1 ");
