import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { applicationKey, id } from "../../contract/parts";
import type { CalendarFeedKind } from "./options";

/**
 * Private calendar feeds (docs/modules.md "Calendar feeds"): each appointment provider (of both variants) and
 * each coach has a signed link, `/calendar/<token>.ics`, that a calendar app subscribes to. The token is the
 * only key; those who may write the module see the link and reset it, which ends the old one.
 */

/** A feed link's token: the signed store, kind, id and feed version. */
export const calendarFeedToken = z
  .string()
  .trim()
  .max(300)
  .regex(/^[\w.-]+$/);

const recordKey = z.object({ application_key: applicationKey, id });

export const calendarFeedPayloads = {
  /** A feed's events (public: the signed token is the key). */
  get_calendar_feed_data_by_token: z.object({ token: calendarFeedToken }),
  /** The link of a provider's or coach's feed (write permission on the module: the link opens its bookings). */
  get_appointment_provider_calendar_feed_data_by_application_key_and_id: recordKey,
  get_medi_appointment_provider_calendar_feed_data_by_application_key_and_id: recordKey,
  get_yoga_coach_calendar_feed_data_by_application_key_and_id: recordKey,
  /** A new link for the feed: the old one answers 404 from then on. */
  update_appointment_provider_calendar_feed_data_by_application_key_and_id: recordKey,
  update_medi_appointment_provider_calendar_feed_data_by_application_key_and_id: recordKey,
  update_yoga_coach_calendar_feed_data_by_application_key_and_id: recordKey,
};

/** One booking (or class) of a feed, its times UTC instants. */
export interface CalendarFeedEvent {
  /** Stable for the booking, whatever changes. */
  uid: string;
  starts_at: string;
  ends_at: string;
  /** The service's or course type's names. */
  name_zh_hk: string;
  name_en: string;
  /** A general appointment's customer; null for a medical one (no patient details) and for a class. */
  customer_name: string | null;
  /** A class's place; null when it has none. */
  location: string | null;
}

export interface CalendarFeed {
  kind: CalendarFeedKind;
  /** The provider's or coach's names. */
  name_zh_hk: string;
  name_en: string;
  events: CalendarFeedEvent[];
}

/** A feed's link, or null when the deployment cannot sign (no SESSION_SECRET). */
export interface CalendarFeedLink {
  path: string | null;
}

export interface CalendarFeedResults {
  get_calendar_feed_data_by_token: CalendarFeed;
  get_appointment_provider_calendar_feed_data_by_application_key_and_id: CalendarFeedLink;
  get_medi_appointment_provider_calendar_feed_data_by_application_key_and_id: CalendarFeedLink;
  get_yoga_coach_calendar_feed_data_by_application_key_and_id: CalendarFeedLink;
  update_appointment_provider_calendar_feed_data_by_application_key_and_id: CalendarFeedLink;
  update_medi_appointment_provider_calendar_feed_data_by_application_key_and_id: CalendarFeedLink;
  update_yoga_coach_calendar_feed_data_by_application_key_and_id: CalendarFeedLink;
}

export interface CalendarFeedExampleRecords {
  /** The feed token of a general appointment provider of the store that no other example changes. */
  calendar_feed_token: string;
}

export const calendarFeedExamples: Examples<typeof calendarFeedPayloads> = {
  get_calendar_feed_data_by_token: ({ calendar_feed_token }) => ({ token: calendar_feed_token }),
  get_appointment_provider_calendar_feed_data_by_application_key_and_id: (r) => ({
    application_key: r.application_key,
    id: r.appointment_provider_id,
  }),
  get_medi_appointment_provider_calendar_feed_data_by_application_key_and_id: (r) => ({
    application_key: r.application_key,
    id: r.medi_appointment_provider_id,
  }),
  get_yoga_coach_calendar_feed_data_by_application_key_and_id: (r) => ({
    application_key: r.application_key,
    id: r.coach_id,
  }),
  update_appointment_provider_calendar_feed_data_by_application_key_and_id: (r) => ({
    application_key: r.application_key,
    id: r.appointment_provider_id,
  }),
  update_medi_appointment_provider_calendar_feed_data_by_application_key_and_id: (r) => ({
    application_key: r.application_key,
    id: r.medi_appointment_provider_id,
  }),
  update_yoga_coach_calendar_feed_data_by_application_key_and_id: (r) => ({
    application_key: r.application_key,
    id: r.coach_id,
  }),
};
