import type { Db } from "../../backend/db/client";
import { calendarFeedLinkPath, type CalendarFeedLink } from "../../backend/calendar-feed-link";
import { appointmentSetupExampleRecords } from "../appointment-setup/factories";
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
  _db: Db,
  shared: SharedExampleRecords,
): Promise<CalendarFeedExampleRecords> {
  const { appointment_provider_id } = await shared.of(appointmentSetupExampleRecords);
  return {
    calendar_feed_token: await calendarFeedToken(shared.session_secret, {
      applicationKey: shared.application_key,
      kind: "provider",
      id: appointment_provider_id,
    }),
  };
}
