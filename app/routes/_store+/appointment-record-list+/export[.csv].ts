import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { recordListQuery, recordsCsv } from "./__appointment-records.server";

/** The filtered list as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "appointment:read");
  const query = recordListQuery(new URL(request.url));
  const csv = await recordsCsv(client, "general", store.applicationKey, query, context, false);
  return csvResponse(csv, `appointment-records-${hongKongDate(new Date(context.now()))}.csv`);
}
