import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { recordList } from "./__record-list.server";

/** The filtered list as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:read");
  const csv = await recordList.csv(client, request, context, { application_key: store.applicationKey });
  return csvResponse(csv, `renting-${hongKongDate(new Date(context.now()))}.csv`);
}
