import { hongKongDate } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";

/** The store's purchase records (newest start first), as the merchant's plan and bills pages show them. */
export async function purchasesOf(client: ActionClient, applicationKey: string, context: AppLoadContext) {
  const { data } = await client
    .get_purchased_plan_data_list_by_application_key({ application_key: applicationKey })
    .catch(asRouteError);
  return data.map((record) => ({
    id: record.id,
    plan: localizedName(record, context.locale, "plan_name"),
    planType: record.plan_type,
    startDate: record.start_date,
    expiryDate: record.expiry_date,
    modules: record.plan_data.module_list,
    amount: formatHkd(record.price_cents),
    priceBefore: formatHkd(record.price_before_cents),
    discounted: record.price_cents !== record.price_before_cents,
    discount: `−${formatHkd(record.price_before_cents - record.price_cents)}`,
    promotionCode: record.promotion_code,
    paymentReference: record.plan_type === "trial" ? null : record.store_payment_id,
    status: record.status,
    /** The day it was ordered, in Hong Kong. */
    issued: hongKongDate(new Date(record.create_date)),
  }));
}

/** A receipt's number: the purchase's id, padded. */
export const receiptNumber = (id: number) => `R${String(id).padStart(6, "0")}`;
