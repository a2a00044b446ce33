import { CALENDAR_FEED_KINDS, calendarFeedPath, type CalendarFeedKind } from "../modules/calendar-feed/options";
import { signFields, verifiedFields } from "./signed-link";

/**
 * A provider's or coach's calendar feed link (`/calendar/<token>.ics`): a signed link (backend/signed-link.ts)
 * naming the store, the kind, the id and the row's `calendar_feed_version`. It does not expire, since a calendar
 * app polls it for good; resetting the link raises the version, so the old token no longer matches its row.
 */

export interface CalendarFeedLink {
  applicationKey: string;
  kind: CalendarFeedKind;
  id: number;
  version: number;
}

const PURPOSE = "cal";
const FIELDS = /^cal\.([\w-]+)\.([a-z]+)\.(\d{1,15})\.(\d{1,9})$/;

/** What a token claims before its signature is checked: only the reads use it. */
export function claimedFeed(token: string) {
  const [, applicationKey = "", kind = "", id = ""] = token.split(".");
  return { applicationKey, kind, id: /^\d{1,15}$/.test(id) ? Number(id) : 0 };
}

/** The link's path, or null when the deployment has no SESSION_SECRET. */
export async function calendarFeedLinkPath(secretSetting: string | undefined, link: CalendarFeedLink) {
  const token = await signFields(secretSetting, [PURPOSE, link.applicationKey, link.kind, link.id, link.version]);
  return token === null ? null : calendarFeedPath(token);
}

/** What a token names when one of the secrets signed it; null otherwise. */
export async function readCalendarFeedLink(
  secretSetting: string | undefined,
  token: string,
): Promise<CalendarFeedLink | null> {
  const fields = await verifiedFields(secretSetting, token);
  const match = fields && FIELDS.exec(fields.join("."));
  if (!match) return null;
  const [, applicationKey, kind, id, version] = match;
  const known = CALENDAR_FEED_KINDS.find((each) => each === kind);
  return known ? { applicationKey, kind: known, id: Number(id), version: Number(version) } : null;
}
