import { localizedName } from "#contract/localized";
import type { Locale } from "~/i18n";
import type { ActionClient } from "~/server/action-client.server";

/** The plans a code may name, as checkbox choices (disabled plans too: a code may outlive its plan's sale). */
export function planChoices(client: ActionClient, locale: Locale) {
  return client
    .get_plan_data_list_by_include_disabled({ include_disabled: true })
    .then(({ data }) => data.map((plan) => ({ value: String(plan.id), label: localizedName(plan, locale, "name") })));
}
