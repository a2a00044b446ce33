import type { ActionClient } from "~/server/action-client.server";
import { localizedName } from "#contract/localized";
import { asRouteError } from "~/server/errors.server";

/** A link form's choices (LinkTargetFields): the store's categories and custom pages, by name in the page's language. */
export async function linkChoices(client: ActionClient, applicationKey: string, locale: string) {
  const { data } = await client
    .get_link_target_data_list_by_application_key({ application_key: applicationKey })
    .catch(asRouteError);
  const choice = (target: { id: number; name_zh_hk: string; name_en: string }) => ({
    value: String(target.id),
    label: localizedName(target, locale, "name"),
  });
  return { categories: data.categories.map(choice), customPages: data.custom_pages.map(choice) };
}
