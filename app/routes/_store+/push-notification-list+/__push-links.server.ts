import type { AppLoadContext } from "@remix-run/cloudflare";
import { localizedName } from "#contract/localized";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import type { LinkChoices } from "./__push-form";

/** The link field's categories and custom pages, named in the page's language. */
export async function linkChoices(client: ActionClient, applicationKey: string, context: AppLoadContext) {
  const { data } = await client
    .get_link_target_data_list_by_application_key({ application_key: applicationKey })
    .catch(asRouteError);
  const choice = (row: { id: number; name_zh_hk: string; name_en: string }) => ({
    value: String(row.id),
    label: localizedName(row, context.locale, "name"),
  });
  return { categories: data.categories.map(choice), customPages: data.custom_pages.map(choice) } satisfies LinkChoices;
}
