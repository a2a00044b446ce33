import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireConsole } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { orderList } from "./__order-query.server";

/** The filtered orders list (every page of it, up to the export ceiling) as CSV, in the list's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const csv = await orderList.csv(client, request, context);
  return csvResponse(csv, `plan-orders-${new Date(context.now()).toISOString().slice(0, 10)}.csv`);
}
