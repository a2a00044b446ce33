import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { enquiriesCsv, enquiryListQuery } from "./__enquiries.server";

/** The filtered list as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "enquiry:read");
  const csv = await enquiriesCsv(
    client,
    "general",
    store.applicationKey,
    enquiryListQuery(new URL(request.url)),
    context.t,
  );
  return csvResponse(csv, `enquiries-${hongKongDate(new Date(context.now()))}.csv`);
}
