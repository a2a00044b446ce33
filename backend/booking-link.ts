import type { AppointmentVariant } from "../contract/appointments";
import { APPOINTMENT_VARIANTS } from "../contract/options";
import { signFields, verifiedFields } from "./signed-link";

/**
 * The customer's link to their appointment (`/booking/<token>`): a signed link (backend/signed-link.ts) naming
 * the store, the variant, the booking's id and the link's expiry, a day after the booking's start when the link
 * was made (a moved booking's e-mail carries a new link). It opens that booking alone.
 */

export interface BookingLink {
  applicationKey: string;
  variant: AppointmentVariant;
  id: number;
  /** Seconds since the epoch. */
  expires: number;
}

const PURPOSE = "bk";
const FIELDS = /^bk\.([\w-]+)\.([a-z]+)\.(\d{1,15})\.(\d{1,12})$/;
const DAY_SECONDS = 86_400;

export const bookingLinkPath = (token: string) => `/booking/${token}`;

/** A link to a booking starting at `startsAt` stays open until a day after it. */
export const bookingLinkExpiry = (startsAt: string) => Math.floor(Date.parse(startsAt) / 1000) + DAY_SECONDS;

/** What a token claims before its signature is checked: only the reads use it. */
export function claimedBooking(token: string) {
  const [, applicationKey = "", variant = "", id = ""] = token.split(".");
  return {
    applicationKey,
    variant: APPOINTMENT_VARIANTS.find((each) => each === variant) ?? "general",
    id: /^\d{1,15}$/.test(id) ? Number(id) : 0,
  };
}

/** The token of a link, or null when the deployment has no SESSION_SECRET. */
export const signBookingLink = (secretSetting: string | undefined, link: BookingLink) =>
  signFields(secretSetting, [PURPOSE, link.applicationKey, link.variant, link.id, link.expires]);

/** The link to a booking starting at `startsAt` as its path; null when the deployment cannot sign. */
export async function bookingLinkFor(
  secretSetting: string | undefined,
  booking: Omit<BookingLink, "expires"> & { startsAt: string },
): Promise<string | null> {
  const { startsAt, ...named } = booking;
  const token = await signBookingLink(secretSetting, { ...named, expires: bookingLinkExpiry(startsAt) });
  return token === null ? null : bookingLinkPath(token);
}

/** What a token names, when one of the secrets signed it and it has not expired; null otherwise. */
export async function readBookingLink(
  secretSetting: string | undefined,
  token: string,
  now: Date,
): Promise<BookingLink | null> {
  const fields = await verifiedFields(secretSetting, token);
  const match = fields && FIELDS.exec(fields.join("."));
  if (!match) return null;
  const [, applicationKey, variant, id, expires] = match;
  const known = APPOINTMENT_VARIANTS.find((each) => each === variant);
  if (!known || Number(expires) * 1000 <= now.getTime()) return null;
  return { applicationKey, variant: known, id: Number(id), expires: Number(expires) };
}
