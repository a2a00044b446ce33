import type { Db } from "../../backend/db/client";
import { calendarFeedLinkPath, type CalendarFeedLink } from "../../backend/calendar-feed-link";
import { createAppointmentProvider } from "../appointment-setup/factories";
import type { CalendarFeedExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** The token of a feed link (version 1 unless told: a new row's). */
export async function calendarFeedToken(
  secret: string,
  link: Omit<CalendarFeedLink, "version"> & { version?: number },
) {
  const path = await calendarFeedLinkPath(secret, { version: 1, ...link });
  if (path === null) throw new Error("No secret to sign a calendar feed link with");
  return path.slice("/calendar/".length, -".ics".length);
}

export async function calendarFeedExampleRecords(
  db: Db,
  { application_key, session_secret }: SharedExampleRecords,
): Promise<CalendarFeedExampleRecords> {
  // A provider of its own: the reset examples raise the version of the shared ones, which would end this link.
  const provider = await createAppointmentProvider(db, application_key);
  return {
    calendar_feed_token: await calendarFeedToken(session_secret, {
      applicationKey: application_key,
      kind: "provider",
      id: provider.id,
    }),
  };
}
