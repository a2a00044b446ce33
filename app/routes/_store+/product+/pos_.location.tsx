import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireStore } from "~/server/auth.server";
import { posLocationCookie } from "~/server/cookies.server";
import { requireCan } from "~/server/permissions.server";

/**
 * The counter's location, remembered by this browser. Which locations it may be is the POS page's to say (one
 * that sells at the counter, else the first that does), so a stale or foreign choice only shows the first.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "pos:read");
  const id = Number((await request.formData()).get("location_id"));
  const headers =
    Number.isSafeInteger(id) && id > 0
      ? { "Set-Cookie": await posLocationCookie(request).serialize(String(id)) }
      : undefined;
  return redirect("/product/pos", { headers });
}
