import type { SalesFigures } from "./contract";

/** The figures in the order the overview and the exported sheets show them. */
export const SALES_FIGURES = [
  "gross_sales_cents",
  "discounts_cents",
  "refunds_cents",
  "net_sales_cents",
  "gift_cards_sold_cents",
  "stored_value_paid_cents",
  "delivery_cents",
  "card_fees_cents",
  "total_collected_cents",
  "orders",
  "average_order_cents",
] as const satisfies readonly (keyof SalesFigures)[];
