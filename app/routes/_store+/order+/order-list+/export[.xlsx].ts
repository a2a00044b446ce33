import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { spreadsheetResponse } from "~/server/downloads.server";
import { ordersForExport } from "./__order-export.server";
import { orderListQuery } from "./__order-list-query.server";
import { ordersToXlsx } from "./__order-sheet.server";

/** The filtered order list as .xlsx. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const orders = await ordersForExport(client, store.applicationKey, orderListQuery(new URL(request.url)));
  return spreadsheetResponse(ordersToXlsx(orders, context.locale), "orders.xlsx");
}
