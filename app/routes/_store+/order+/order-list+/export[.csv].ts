import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { csvResponse } from "~/server/downloads.server";
import { ordersForExport } from "./__order-export.server";
import { orderListQuery } from "./__order-list-query.server";
import { ordersToCsv } from "./__order-sheet.server";

/** The filtered order list as CSV, in the columns of the .xlsx. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const orders = await ordersForExport(client, store.applicationKey, orderListQuery(new URL(request.url)));
  return csvResponse(ordersToCsv(orders, context.locale), "orders.csv");
}
