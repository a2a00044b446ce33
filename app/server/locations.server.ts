import { localizedName } from "#contract/localized";
import type { LocationName } from "#modules/location/contract";
import type { ActionClient } from "./action-client.server";
import { allowedLocations, can } from "./permissions.server";
import type { SignedIn } from "./session.server";

/** A location as a form's or filter's choice: its id (as text) and its name in the page's language. */
export interface LocationChoice {
  value: string;
  label: string;
}

/** Locations as choices, whoever reads them (the shift list's filter: where its own shifts were). */
export const namedChoices = (locations: LocationName[], locale: string): LocationChoice[] =>
  locations.map((location) => ({ value: String(location.id), label: localizedName(location, locale, "name") }));

/**
 * The store's locations a page's answer carries (in the fulfilment order: the first is where stock goes unless
 * another is chosen), as choices for whoever may read them; none otherwise, and the stock is then the first
 * location's by default.
 */
export function locationChoices(user: SignedIn, locations: LocationName[], locale: string): LocationChoice[] {
  return can(user, "location:read") ? namedChoices(locations, locale) : [];
}

/** The choices of a page whose one read is the store's locations (a new record's form). */
export async function readLocationChoices(
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
  return locationChoices(user, data, locale);
}

/** The choices the user may work at, for a write's location (a list's filter offers them all). */
export function usableLocations(user: SignedIn, choices: LocationChoice[]): LocationChoice[] {
  const allowed = allowedLocations(user);
  return allowed === null ? choices : choices.filter((choice) => allowed.includes(Number(choice.value)));
}
