import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isLinkingModule } from "#modules/link-target/contract";
import { requireStore } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import { readSearch } from "~/utils/list-query.server";

/**
 * The products a link form offers as the merchant types (LinkTargetFields, with JS): `?q=` the search,
 * `?module=` the form's module, whose write permission it needs, as `/upload?module=` does.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  const url = new URL(request.url);
  const module = url.searchParams.get("module");
  if (!isLinkingModule(module)) throw httpError(404, "not-found");
  requireCan(user, `${module}:write`);
  const { data } = await client
    .get_link_target_product_data_list_by_application_key({
      application_key: store.applicationKey,
      keyword: readSearch(url) || undefined,
    })
    .catch(asRouteError);
  return Response.json(data);
}
