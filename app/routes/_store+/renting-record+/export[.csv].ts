import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { recordListQuery, recordsCsv } from "./__record-list.server";

/** The filtered list as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:read");
  const csv = await recordsCsv(client, store.applicationKey, recordListQuery(new URL(request.url)), context);
  return csvResponse(csv, `renting-${hongKongDate(new Date(context.now()))}.csv`);
}
