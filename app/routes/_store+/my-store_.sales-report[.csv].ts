import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { salesCsv, salesLocation, salesRange, salesReport, sheetName } from "./__sales-report.server";

/** The overview's sales report of the chosen days as CSV: a row per day and the total. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const url = new URL(request.url);
  const range = salesRange(url, new Date(context.now()));
  const report = await salesReport(client, store.applicationKey, range, salesLocation(url));
  return csvResponse(salesCsv(report, context.t), sheetName(range, "csv"));
}
