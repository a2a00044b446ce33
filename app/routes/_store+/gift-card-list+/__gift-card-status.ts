import { GIFT_CARD_STATUSES } from "#modules/gift-card/options";

/** The list's status filter: every card first, then each status. */
export const STATUS_FILTERS = ["all", ...GIFT_CARD_STATUSES] as const;
