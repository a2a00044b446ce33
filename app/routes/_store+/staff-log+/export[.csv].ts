import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { entriesForExport } from "./__staff-log-entries.server";
import { staffLogQuery } from "./__staff-log-query.server";
import { staffLogCsv, staffLogFileName } from "./__staff-log-sheet.server";

/** The filtered staff log as CSV, in the columns of the .xlsx. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_log:read");
  const query = staffLogQuery(new URL(request.url));
  const entries = await entriesForExport(client, store.applicationKey, query, context);
  return csvResponse(
    staffLogCsv(entries, context.t, context.locale),
    staffLogFileName(hongKongDate(new Date(context.now())), "csv"),
  );
}
