import { localizedName } from "#contract/localized";
import type { ActionClient } from "./action-client.server";
import { allowedLocations, can } from "./permissions.server";
import type { SignedIn } from "./session.server";

/** A location as a form's or filter's choice: its id (as text) and its name in the page's language. */
export interface LocationChoice {
  value: string;
  label: string;
}

/**
 * The store's locations in the fulfilment order (the first is where stock goes unless another is chosen), for
 * whoever may read them; none otherwise, and the stock is then the first location's by default.
 */
export async function locationChoices(
  client: ActionClient,
  user: SignedIn,
  applicationKey: string,
  locale: string,
): Promise<LocationChoice[]> {
  if (!can(user, "location:read")) return [];
  const { data } = await client.get_location_data_and_total_number_by_sorting_and_limit({
    application_key: applicationKey,
    sorting: "position",
    direction: "DESC",
    limit: 100,
  });
  return data.map((location) => ({ value: String(location.id), label: localizedName(location, locale, "name") }));
}

/** The choices the user may work at, for a write's location (a list's filter offers them all). */
export function usableLocations(user: SignedIn, choices: LocationChoice[]): LocationChoice[] {
  const allowed = allowedLocations(user);
  return allowed === null ? choices : choices.filter((choice) => allowed.includes(Number(choice.value)));
}
