import { hongKongTime } from "#contract/dates";
import { centsToDollars } from "#contract/money";
import { PRODUCT_BOOKING_SORTS } from "#modules/product-booking/options";
import { defineRecordList } from "~/server/list-page.server";
import { bookedName, STATUS_FILTERS } from "./__product-booking";

/** The list, its URL (search, status, product, days, order), its payload and its CSV (export[.csv].ts). */
export const bookingList = defineRecordList({
  action: "get_product_booking_data_and_total_number_by_sorting_and_limit",
  ns: "product-booking",
  sorts: PRODUCT_BOOKING_SORTS,
  statuses: STATUS_FILTERS,
  id: "product",
  days: ["date_from", "date_to"],
  csv: ({ t, locale }) => {
    return [
      ["ID", (row) => String(row.id)],
      [t("product-booking:column.product"), (row) => bookedName(row, locale)],
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
  },
});
