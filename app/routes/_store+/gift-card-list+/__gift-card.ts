import type { BadgeProps } from "@shopify/polaris";
import { GIFT_CARD_STATUSES, type GiftCardStatus } from "#modules/gift-card/options";

// What the pages share without a form (no zod: the list loads none).
export const LIST_URL = "/gift-card-list";
export const cardUrl = (id: number) => `${LIST_URL}/${id}`;

/** The list's status filter: every card first, then each status. */
export const STATUS_FILTERS = ["all", ...GIFT_CARD_STATUSES] as const;

export const STATUS_TONES: Record<GiftCardStatus, BadgeProps["tone"]> = {
  active: "success",
  used_up: undefined,
  expired: "warning",
  disabled: "critical",
};
