import * as z from "zod";
import type { LocationName } from "../location/contract";
import { daysBetween } from "../../contract/dates";
import type { Examples } from "../../contract/examples";
import type { ORDER_CHANNELS, ORDER_PAYMENT_METHODS } from "../../contract/options";
import { isoDate, optional, refineDateRange } from "../../contract/field-rules";
import { applicationKey, id } from "../../contract/parts";

/**
 * The daily sales report of the overview page (module `order`). Days are Hong Kong days: a sale counts on
 * the day its payment succeeded, a refund on the day it was made, so a past day's figures never change.
 */

/** The longest range, in days, both ends included. */
export const MAX_REPORT_DAYS = 366;

export const salesReportPayloads = {
  /**
   * Hong Kong days `from` to `to`, both included; with `location_id`, only the orders whose location it is (its
   * counter sales and the online orders picked up there: a shipped online order has none) and their refunds.
   */
  get_order_sales_report_data_by_application_key: z
    .object({ application_key: applicationKey, from: isoDate(), to: isoDate(), location_id: optional(id) })
    .check(refineDateRange("from", "to"))
    .refine(({ from, to }) => to < from || daysBetween(from, to) < MAX_REPORT_DAYS, {
      error: "date-range-too-long",
      path: ["to"],
    }),
};

/**
 * A day's (or the range's) figures, in cents. A gift card sold is not a sale but money the store owes until the
 * card is spent: it counts in `gift_cards_sold_cents`, and the goods it later pays for count in the sales.
 */
export interface SalesFigures {
  /** Orders paid. */
  orders: number;
  /** Their lines at the price they were sold at, before the order's discounts; gift cards sold are not sales. */
  gross_sales_cents: number;
  /** Coupons and cash dollar. */
  discounts_cents: number;
  /**
   * What was given back for goods (on the day of the refund), to whatever destination; delivery and card fees
   * given back are not sales, nor are gift cards returned.
   */
  refunds_cents: number;
  /** Gross sales less discounts and refunds. */
  net_sales_cents: number;
  /** Gift cards sold at their face value, less those returned (on the day of the return). */
  gift_cards_sold_cents: number;
  /** What gift cards and store credit paid: value the store already held, spent on sales. */
  stored_value_paid_cents: number;
  delivery_cents: number;
  card_fees_cents: number;
  /**
   * The money taken: what customers paid (sales, gift cards sold, delivery and card fees) other than with gift
   * cards, store credit or exchanged goods, less the money refunded (not what went to store credit, onto a gift
   * card or to an exchange).
   */
  total_collected_cents: number;
  /** Gross sales less discounts, per order (0 without orders). */
  average_order_cents: number;
}

interface SoldFigures {
  quantity: number;
  amount_cents: number;
}

export interface SalesReport {
  from: string;
  to: string;
  /** The location the figures are of; null: the whole store. */
  location_id: number | null;
  /** The store's locations in their order, which the report can be read by. */
  locations: LocationName[];
  totals: SalesFigures;
  /**
   * What the store owes now in gift cards (usable: not disabled, not expired) and members' store credit: the
   * store's, at any location.
   */
  outstanding: { gift_cards_cents: number; store_credit_cents: number; total_cents: number };
  /** Every day of the range, in order, days without sales included. */
  days: (SalesFigures & { date: string })[];
  by_payment_method: { method: (typeof ORDER_PAYMENT_METHODS)[number]; orders: number; amount_cents: number }[];
  by_channel: {
    channel: (typeof ORDER_CHANNELS)[number];
    orders: number;
    gross_sales_cents: number;
    total_cents: number;
  }[];
  /**
   * The ten products sold for the most (quantity and amount at their selling price), each with its variants'
   * share, most sold first, by their option values at the time of sale (none for a product without options).
   */
  top_products: (SoldFigures & {
    product_id: number | null;
    name_zh_hk: string;
    name_en: string;
    variants: (SoldFigures & { variant_name_zh_hk: string; variant_name_en: string })[];
  })[];
}

export interface SalesReportResults {
  get_order_sales_report_data_by_application_key: SalesReport;
}

export const salesReportExamples: Examples<typeof salesReportPayloads> = {
  get_order_sales_report_data_by_application_key: ({ application_key }) => ({
    application_key,
    from: "2026-01-01",
    to: "2026-01-31",
  }),
};
