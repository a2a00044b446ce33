import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireConsole } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { csvResponse } from "~/server/downloads.server";
import { csvField } from "~/server/spreadsheet.server";
import { hongKongTime } from "#contract/dates";
import { describeChanges, describeRecord } from "~/server/log-entry.server";
import { logPayload, logQuery } from "./__log-query.server";

const PAGE_SIZE = 100;
/** The export's ceiling (a CSV of the filtered log, newest first); narrow the filters for older entries. */
const MAX_PAGES = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const payload = logPayload(logQuery(new URL(request.url)));
  const t = context.t;
  const rows = [
    (["time", "person", "store", "action", "record", "record-id", "changes"] as const).map((column) =>
      t(`console:column.${column}`),
    ),
  ];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await client
      .get_log_data_and_total_number_by_sorting_and_limit({
        ...payload,
        limit: PAGE_SIZE,
        page,
      })
      .catch(asRouteError);
    for (const entry of data) {
      rows.push([
        hongKongTime(entry.create_date),
        entry.actor_email,
        entry.store_name ?? entry.application_key ?? "",
        t(`console:action.${entry.action}`),
        describeRecord(entry, t, context.locale),
        entry.record_id,
        describeChanges(entry, t, context.locale).join("; "),
      ]);
    }
    if (data.length < PAGE_SIZE) break;
  }
  // The byte-order mark lets Excel open the UTF-8 (Chinese) text correctly.
  const csv = "\uFEFF" + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
  return csvResponse(csv, `log-${new Date(context.now()).toISOString().slice(0, 10)}.csv`);
}
