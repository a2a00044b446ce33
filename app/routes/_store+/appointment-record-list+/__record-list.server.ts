import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AppointmentVariant } from "#contract/appointments";
import type { ActionClient } from "~/server/action-client.server";
import { TWINS } from "~/utils/twins";
import { dayViewDate, recordDayPage, recordListPage, recordListQuery } from "./__appointment-records.server";
import type { RecordDayData, RecordListData } from "./__record-list";

/** The record list page's data, in its list view or (`?view=day`) its day view; the route has guarded itself. */
export async function recordListLoader(
  request: Request,
  context: AppLoadContext,
  client: ActionClient,
  variant: AppointmentVariant,
  applicationKey: string,
  canWrite: boolean,
): Promise<RecordListData | RecordDayData> {
  const url = new URL(request.url);
  const common = { variant, title: context.t(TWINS[variant].appointment.titles.records), canWrite };
  if (url.searchParams.get("view") === "day") {
    const date = dayViewDate(url, new Date(context.now()));
    return {
      ...common,
      view: "day",
      ...(await recordDayPage(client, variant, applicationKey, date, context.locale)),
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
