import { centsToDollars } from "#contract/money";
import { GIFT_CARD_SORTS } from "#modules/gift-card/options";
import { defineList } from "~/server/list-page.server";
import { STATUS_FILTERS } from "./__gift-card";

/** The list, its URL (search, status, order), its payload and its CSV (export[.csv].ts), the codes masked in both. */
export const giftCardList = defineList({
  action: "get_gift_card_data_and_total_number_by_sorting_and_limit",
  ns: "gift-card",
  sorts: GIFT_CARD_SORTS,
  filters: { status: STATUS_FILTERS },
  payload: (query) => ({ status: query.status === "all" ? undefined : query.status }),
  csv: ({ t }) => [
    ["ID", (row) => String(row.id)],
    [t("gift-card:column.code"), (row) => row.masked_code],
    [t("gift-card:column.status"), (row) => t(`gift-card:status.${row.status}`)],
    [t("gift-card:column.initial"), (row) => centsToDollars(row.initial_cents)],
    [t("gift-card:column.balance"), (row) => centsToDollars(row.balance_cents)],
    [t("gift-card:column.expiry"), (row) => row.expiry_date ?? ""],
    [t("gift-card:field.recipient-name"), (row) => row.recipient_name],
    [t("gift-card:field.recipient-email"), (row) => row.recipient_email],
    [t("gift-card:field.note"), (row) => row.note ?? ""],
    [t("gift-card:column.issued"), (row) => row.create_date],
  ],
});
