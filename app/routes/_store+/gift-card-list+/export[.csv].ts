import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { csvResponse } from "~/server/downloads.server";
import { requireCan } from "~/server/permissions.server";
import { giftCardList } from "./__gift-card-list.server";

/** The filtered list as CSV, the codes masked. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "gift_card:read");
  const csv = await giftCardList.csv(client, request, context, { application_key: store.applicationKey });
  return csvResponse(csv, `gift-cards-${hongKongDate(new Date(context.now()))}.csv`);
}
