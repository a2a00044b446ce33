import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { canSeePatientDetails, requireCan } from "~/server/permissions.server";
import { recordListQuery, recordsCsv } from "../appointment-record-list+/__appointment-records.server";

/** The filtered list as CSV, with the patient details for those who may see them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:read");
  const query = recordListQuery(new URL(request.url));
  const csv = await recordsCsv(client, "medical", store.applicationKey, query, context, canSeePatientDetails(user));
  return csvResponse(csv, `medical-appointment-records-${hongKongDate(new Date(context.now()))}.csv`);
}
