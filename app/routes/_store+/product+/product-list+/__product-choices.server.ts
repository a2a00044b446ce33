import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { localizedName } from "#contract/localized";

/** The store's categories and add-ons as the product form offers them, read in parallel. */
export async function productChoices(client: ActionClient, applicationKey: string, context: AppLoadContext) {
  const [categories, addOns] = await Promise.all([
    client.get_category_data_list_by_application_key({ application_key: applicationKey }),
    client.get_add_on_product_data_and_total_number_by_sorting_and_limit({
      application_key: applicationKey,
      sorting: "name",
      direction: "ASC",
      limit: 100,
    }),
  ]).catch(asRouteError);
  return {
    categories: categories.data.map((category) => ({
      value: String(category.id),
      label: localizedName(category, context.locale, "name"),
    })),
    addOns: addOns.data.map((addOn) => ({
      value: String(addOn.id),
      label: localizedName(addOn, context.locale, "name"),
    })),
  };
}
