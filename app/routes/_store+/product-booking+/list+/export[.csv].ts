import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { bookingListQuery, bookingsCsv } from "./__booking-list.server";

/** The filtered list as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:read");
  const csv = await bookingsCsv(client, store.applicationKey, bookingListQuery(new URL(request.url)), context);
  return csvResponse(csv, `product-bookings-${hongKongDate(new Date(context.now()))}.csv`);
}
