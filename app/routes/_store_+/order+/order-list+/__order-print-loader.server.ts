import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatHkd } from "#contract/money";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { printableOrder } from "~/server/order-print.server";

/** The order for a print page: one backend call (the detail, which brings the store's contact too). */
export async function orderForPrint(
  client: ActionClient,
  applicationKey: string,
  id: string | undefined,
  context: AppLoadContext,
) {
  const { data } = await client
    .get_order_data_by_application_key_and_id({ application_key: applicationKey, id: recordId(id) })
    .catch(asRouteError);
  return printableOrder(data, context.locale, {
    qr: context.t("order:print.qr-label", { number: data.order_number }),
    fpsQr: data.fps_qr && context.t("order:print.fps-qr-label", { amount: formatHkd(data.fps_qr.amount_cents) }),
    district: data.delivery_district && context.t(`member:district.${data.delivery_district}`),
  });
}
