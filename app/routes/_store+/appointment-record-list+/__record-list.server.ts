import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AppointmentVariant } from "#contract/appointments";
import type { ActionClient } from "~/server/action-client.server";
import { TWINS } from "~/utils/twins";
import { dayViewDate, recordCalendarPage, recordListPage, recordListQuery } from "./__appointment-records.server";
import type { RecordCalendarData, RecordListData } from "./__record-list";

/** The record list page's data, in its list view or (`?view=day|week`) its calendar; the route has guarded itself. */
export async function recordListLoader(
  request: Request,
  context: AppLoadContext,
  client: ActionClient,
  variant: AppointmentVariant,
  applicationKey: string,
  canWrite: boolean,
): Promise<RecordListData | RecordCalendarData> {
  const url = new URL(request.url);
  const common = { variant, title: context.t(TWINS[variant].appointment.titles.records), canWrite };
  const view = url.searchParams.get("view");
  if (view === "day" || view === "week") {
    const date = dayViewDate(url, new Date(context.now()));
    return {
      ...common,
      view: "calendar",
      ...(await recordCalendarPage(client, variant, applicationKey, view, date, context, canWrite)),
    };
  }
  const query = recordListQuery(url);
  return {
    ...common,
    view: "list",
    search: url.search,
    query,
    ...(await recordListPage(client, variant, applicationKey, query, context.locale)),
  };
}
