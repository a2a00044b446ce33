export const ORDER_SORTS = ["create_date", "total"] as const;

export const ORDER_LOG_DATA_TYPES = {
  order_data: "order",
} as const;

/**
 * Where a refund's money goes: back where it was paid from (`original`: gift card and store credit payments
 * to their card and the member's store credit, the rest by the method it was paid with), to the member's
 * store credit, in cash at the counter, or onto a new gift card.
 */
export const REFUND_DESTINATIONS = ["original", "store_credit", "cash", "gift_card"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** The sales a search at the POS return lists. */
export const POS_RETURN_MATCHES = 10;
