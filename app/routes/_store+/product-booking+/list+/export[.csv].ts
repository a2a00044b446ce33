import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { bookingList } from "./__booking-list.server";

/** The filtered list as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:read");
  const csv = await bookingList.csv(client, request, context, { application_key: store.applicationKey });
  return csvResponse(csv, `product-bookings-${hongKongDate(new Date(context.now()))}.csv`);
}
