import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { creditOrderListQuery } from "./__credit-order-list-query.server";
import { creditOrdersForExport, creditOrdersToCsv } from "./__credit-order-sheet.server";

/** The filtered credit order list as CSV, in the columns of the .xlsx. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:read");
  const orders = await creditOrdersForExport(client, store.applicationKey, creditOrderListQuery(new URL(request.url)));
  return csvResponse(creditOrdersToCsv(orders, context.locale), "credit-orders.csv");
}
