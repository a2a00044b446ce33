import type { AppointmentVariant } from "../contract/appointments";
import { APPOINTMENT_VARIANTS } from "../contract/options";
import { publicRequestBuckets, rateLimitHitStatements, refuseCountedAgainst, type RateLimitBucket } from "./rate-limit";
import type { PublicClient, PublicContext } from "./registry";
import { signFields, verifiedFields } from "./signed-link";

/**
 * The customer's link to their booking (`/booking/<token>`): a signed link (backend/signed-link.ts) naming the
 * store, the kind of booking (an appointment of either variant, or a class), the booking's id and the link's
 * expiry, a day after the booking's start when the link was made (a moved booking's e-mail carries a new link).
 * It opens that booking alone.
 */

/** What a link opens: an appointment of its variant, or a class booking (course_booking). */
export type BookingLinkKind = AppointmentVariant | "class";
const KINDS: readonly BookingLinkKind[] = [...APPOINTMENT_VARIANTS, "class"];

export interface BookingLink {
  applicationKey: string;
  kind: BookingLinkKind;
  id: number;
  /** Seconds since the epoch. */
  expires: number;
}

const PURPOSE = "bk";
const FIELDS = /^bk\.([\w-]+)\.([a-z]+)\.(\d{1,15})\.(\d{1,12})$/;
const DAY_SECONDS = 86_400;

/**
 * Changes through one booking's link, per store and per store and client address, within the rate-limit window
 * (an hour), refused ones counted too: each change e-mails the store, so a link cannot be used to flood it.
 */
const CHANGE_LIMITS = { perLink: 10, perStore: 2000, perClient: 30 } as const;
export const BOOKING_LINK_CHANGES_PER_LINK = CHANGE_LIMITS.perLink;

/** A change's rate-limit buckets; a link that is not valid counts in the buckets of no store. */
function bookingLinkChangeBuckets(link: BookingLink | null, client: PublicClient): RateLimitBucket[] {
  const buckets = publicRequestBuckets("booking_link", link?.applicationKey ?? "", client, CHANGE_LIMITS);
  return link
    ? [
        { bucket: `booking_link:link:${link.applicationKey}:${link.kind}:${link.id}`, limit: CHANGE_LIMITS.perLink },
        ...buckets,
      ]
    : buckets;
}

/**
 * A change through a link's rate-limit hits, to add to its batch, and its refusal, which counts against the limits
 * too (a link that is not valid counts in no store's).
 */
export function bookingLinkChangeLimits(context: PublicContext, link: BookingLink | null) {
  const { db, now, clientAddress, websiteKeyed } = context;
  const hits = rateLimitHitStatements(db, bookingLinkChangeBuckets(link, { clientAddress, websiteKeyed }), now);
  return { hits, refuse: (error: unknown) => refuseCountedAgainst(db, hits, error) };
}

/** The link's path; `language` (the e-mail's) opens the page in it. */
export const bookingLinkPath = (token: string, language?: string) =>
  `/booking/${token}${language ? `?lng=${language}` : ""}`;

/** A link to a booking starting at `startsAt` stays open until a day after it. */
export const bookingLinkExpiry = (startsAt: string) => Math.floor(Date.parse(startsAt) / 1000) + DAY_SECONDS;

/** The kind a token names, before its signature is checked: the page picks its action by it. */
export function claimedKind(token: string): BookingLinkKind {
  const kind = token.split(".")[2];
  return KINDS.find((each) => each === kind) ?? "general";
}

/** What a token claims before its signature is checked: only the reads use it. */
export function claimedBooking(token: string) {
  const [, applicationKey = "", , id = ""] = token.split(".");
  return { applicationKey, kind: claimedKind(token), id: /^\d{1,15}$/.test(id) ? Number(id) : 0 };
}

/** The token of a link, or null when the deployment has no SESSION_SECRET. */
export const signBookingLink = (secretSetting: string | undefined, link: BookingLink) =>
  signFields(secretSetting, [PURPOSE, link.applicationKey, link.kind, link.id, link.expires]);

/**
 * The link to a booking starting at `startsAt` as its path (in `language` when given); null when the deployment
 * cannot sign.
 */
export async function bookingLinkFor(
  secretSetting: string | undefined,
  booking: Omit<BookingLink, "expires"> & { startsAt: string },
  language?: string,
): Promise<string | null> {
  const { startsAt, ...named } = booking;
  const token = await signBookingLink(secretSetting, { ...named, expires: bookingLinkExpiry(startsAt) });
  return token === null ? null : bookingLinkPath(token, language);
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
  const [, applicationKey, kind, id, expires] = match;
  const known = KINDS.find((each) => each === kind);
  if (!known || Number(expires) * 1000 <= now.getTime()) return null;
  return { applicationKey, kind: known, id: Number(id), expires: Number(expires) };
}

/** The customer as the staff log names them: by the booking's e-mail, else its name. */
export const customerActor = (email: string | null, name: string) => ({
  accountType: "customer" as const,
  accountId: 0 as const,
  email: email || name,
});
