import { STOCK_TRANSFER_SORTS } from "#modules/stock-transfer/options";
import { defineList } from "~/server/list-page.server";
import { STATUS_FILTERS } from "./__stock-transfer-list-filters";

/** The transfers list: its URL (search, status, ?from=12 and ?to=12 by location id, order), its action's payload. */
export const stockTransferList = defineList({
  action: "get_stock_transfer_data_and_total_number_by_sorting_and_limit",
  ns: "stock-transfer",
  sorts: STOCK_TRANSFER_SORTS,
  filters: { status: STATUS_FILTERS },
  params: (url) => ({
    from: url.searchParams.get("from") ?? "",
    to: url.searchParams.get("to") ?? "",
  }),
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
    from_location_id: query.from === "" ? undefined : query.from,
    to_location_id: query.to === "" ? undefined : query.to,
  }),
});
