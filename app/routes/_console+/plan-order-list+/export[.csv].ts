import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { requireConsole } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { csvField } from "~/server/spreadsheet.server";
import { asRouteError } from "~/server/errors.server";
import { hongKongTime } from "#contract/dates";
import { orderPayload, orderQuery } from "./__order-query.server";

const PAGE_SIZE = 100;
/** The export's ceiling; narrow the filters for more. */
const MAX_PAGES = 100;
const COLUMNS = [
  "id",
  "store",
  "application-key",
  "plan",
  "start-date",
  "expiry-date",
  "price-before",
  "amount",
  "promotion-code",
  "status",
  "create-date",
] as const;

/** The filtered orders list (every page of it) as CSV, in the list's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const payload = orderPayload(orderQuery(new URL(request.url)));
  const t = context.t;
  const rows: string[][] = [COLUMNS.map((column) => t(`plan-orders:csv.${column}`))];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await client
      .get_purchased_plan_data_and_total_number_by_sorting_and_limit({ ...payload, limit: PAGE_SIZE, page })
      .catch(asRouteError);
    for (const order of data) {
      rows.push([
        String(order.id),
        order.store_name,
        order.application_key,
        localizedName(order, context.locale, "plan_name"),
        order.start_date,
        order.expiry_date,
        centsToDollars(order.price_before_cents),
        centsToDollars(order.price_cents),
        order.promotion_code ?? "",
        t(`plan-orders:status.${order.status}`),
        hongKongTime(order.create_date),
      ]);
    }
    if (data.length < PAGE_SIZE) break;
  }
  // The byte-order mark lets Excel open the UTF-8 (Chinese) text correctly.
  const csv = "\uFEFF" + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
  return csvResponse(csv, `plan-orders-${new Date(context.now()).toISOString().slice(0, 10)}.csv`);
}
