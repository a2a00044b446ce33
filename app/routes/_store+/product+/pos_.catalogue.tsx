import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { rememberedPosLocation } from "~/server/cookies.server";
import { asRouteError } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";

/**
 * The catalogue the POS keeps to sell offline (issue 39), as JSON: a page of products after `?after=` (the last
 * page's `next_after_id`) with what every page carries. Never cached: it holds the store's prices and stock.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:write");
  const after = new URL(request.url).searchParams.get("after");
  const { data } = await client
    .get_pos_offline_catalogue_data_by_application_key({
      application_key: store.applicationKey,
      after_id: after ?? undefined,
      location_id: await rememberedPosLocation(request),
    })
    .catch(asRouteError);
  return Response.json(data, { headers: { "Cache-Control": "private, no-store" } });
}
