import type { AppLoadContext } from "@remix-run/cloudflare";
import { payloads } from "#contract/actions";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { PRODUCT_BOOKING_SORTS } from "#contract/product-bookings";
import type { ProductBookingRecord } from "#contract/product-bookings";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { allPages, csvField } from "~/server/spreadsheet.server";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS } from "./__product-booking";

/** The booking list's search, status, product, booking days and order from its URL. */
export function bookingListQuery(url: URL) {
  const product = url.searchParams.get("product") ?? "";
  return {
    ...readListQuery(url, { sorts: PRODUCT_BOOKING_SORTS, filters: { status: STATUS_FILTERS } }),
    product: /^[1-9]\d{0,15}$/.test(product) ? product : "",
    date_from: readDay(url, "date_from"),
    date_to: readDay(url, "date_to"),
  };
}

export type BookingListQuery = ReturnType<typeof bookingListQuery>;

/** The list call's payload; a date no calendar has reads as no date. */
export function bookingListPayload(applicationKey: string, query: BookingListQuery) {
  return withoutRefusedFilters(payloads.get_product_booking_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    product_id: query.product ? Number(query.product) : undefined,
    date_from: query.date_from || undefined,
    date_to: query.date_to || undefined,
  });
}

/** Every booking the list's search and filters select, as CSV (with a BOM, so Excel reads the Chinese). */
export async function bookingsCsv(
  client: ActionClient,
  applicationKey: string,
  query: BookingListQuery,
  context: Pick<AppLoadContext, "t" | "locale">,
) {
  const { t, locale } = context;
  const rows = await allPages(async (page, limit) => {
    const { data } = await client
      .get_product_booking_data_and_total_number_by_sorting_and_limit({
        ...bookingListPayload(applicationKey, query),
        limit,
        page,
      })
      .catch(asRouteError);
    return data;
  });
  const columns: [string, (row: ProductBookingRecord) => string][] = [
    ["ID", (row) => String(row.id)],
    [t("product-booking:column.product"), (row) => localizedName(row.product, locale, "name")],
    [t("product-booking:column.customer"), (row) => row.customer_name],
    [t("product-booking:column.member-code"), (row) => row.member?.member_code ?? ""],
    [t("product-booking:column.phone"), (row) => row.customer_phone],
    [t("product-booking:column.email"), (row) => row.customer_email],
    [t("product-booking:column.quantity"), (row) => String(row.quantity)],
    [t("product-booking:column.deposit"), (row) => centsToDollars(row.deposit_cents)],
    [
      t("product-booking:column.deposit-paid"),
      (row) => (row.deposit_paid ? t("product-booking:yes") : t("product-booking:no")),
    ],
    [t("product-booking:column.status"), (row) => t(`product-booking:status.${row.status}`)],
    [t("product-booking:column.order"), (row) => (row.order ? `#${row.order.order_number}` : "")],
    [t("product-booking:column.channel"), (row) => t(`product-booking:channel.${row.channel}`)],
    [t("product-booking:column.note"), (row) => row.note],
    [t("product-booking:column.created"), (row) => hongKongTime(row.create_date)],
  ];
  const lines = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, value]) => value(row)))];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}
