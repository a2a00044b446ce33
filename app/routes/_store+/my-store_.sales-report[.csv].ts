import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { salesCsv, salesRange, salesReport, sheetName } from "./__sales-report.server";

/** The overview's sales report of the chosen days as CSV: a row per day and the total. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const range = salesRange(new URL(request.url), new Date(context.now()));
  const report = await salesReport(client, store.applicationKey, range);
  return csvResponse(salesCsv(report, context.t), sheetName(range, "csv"));
}
