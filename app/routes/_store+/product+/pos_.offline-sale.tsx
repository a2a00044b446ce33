import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ActionFailure } from "~/server/action-client.server";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";

/**
 * One sale the offline counter made, sent when the device is online again (JSON, `OfflineSale`): the backend
 * makes it once by its idempotency key, at the time it was made. Answers `{order_number, flagged}`, or the
 * refusal's `{error, fields}` with its status, which the device keeps beside the sale.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:write");
  const sale: unknown = await request.json().catch(() => null);
  if (typeof sale !== "object" || sale === null) return Response.json({ error: "format-not-match" }, { status: 400 });
  try {
    const { data } = await client.add_pos_offline_order_data({
      ...(sale as object),
      application_key: store.applicationKey,
    } as Parameters<typeof client.add_pos_offline_order_data>[0]);
    return Response.json({ order_number: data.order_number, flagged: data.flagged });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return Response.json({ error: error.messageKey, fields: error.fields ?? null }, { status: error.status });
  }
}
