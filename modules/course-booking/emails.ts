import { bookingLinkFor } from "../../backend/booking-link";
import type { StoreScope } from "../../backend/db/scope";
import { storeAccounts } from "../../backend/db/schema";
import { emailTexts } from "../../backend/locales.generated";
import type { EmailMessage } from "../../backend/mail";
import type { BackendEnv } from "../../backend/env";
import { hongKongTime } from "../../contract/dates";
import type { BookingWithSession } from "./changes";

const { en, "zh-HK": zhHK } = emailTexts;

/** What a member is told about a class booking: each is the `course-<kind>-subject` and `-body` e-mail texts. */
export type CourseEmailKind =
  | "booked"
  | "waitlist-booked"
  | "cancelled"
  | "self-cancelled"
  | "self-cancelled-late"
  | "staff-cancelled"
  | "staff-cancelled-late"
  | "moved";

export interface EmailedCourseBooking {
  /** The booking's id: its e-mail carries the link to it. */
  id: number;
  /** The member's. */
  email: string;
  name: string;
  startsAt: string;
  typeZhHk: string;
  typeEn: string;
  /** The credits it was booked with, or given back. */
  credits: number;
  /** Where a moved booking was. */
  was?: string;
}

/** A booking as its member's e-mail names it, with the credits it was booked with or given back. */
export const emailedBooking = (row: BookingWithSession, credits: number): EmailedCourseBooking => ({
  id: row.booking.id,
  email: row.memberEmail,
  name: row.memberName,
  startsAt: row.startsAt,
  typeZhHk: row.typeNameZhHk,
  typeEn: row.typeNameEn,
  credits,
});

/** The store as its members' e-mails name it, and its first language (members have none of their own). */
export interface EmailingStore {
  applicationKey: string;
  storeName: string;
  acceptLanguage: string[] | null;
}

const SUBJECTS: Record<CourseEmailKind, `course-${string}-subject` & keyof typeof en> = {
  booked: "course-booked-subject",
  "waitlist-booked": "course-waitlist-booked-subject",
  cancelled: "course-cancelled-subject",
  "self-cancelled": "course-self-cancelled-subject",
  "self-cancelled-late": "course-self-cancelled-subject",
  "staff-cancelled": "course-self-cancelled-subject",
  "staff-cancelled-late": "course-self-cancelled-subject",
  moved: "course-moved-subject",
};

/**
 * The member's e-mail about their class booking, in the store's first language (Chinese by default), with the
 * link to see, cancel or move it (backend/booking-link.ts; it opens in that language) when the deployment signs.
 */
export async function courseEmail(
  env: Pick<BackendEnv, "SESSION_SECRET" | "APP_URL">,
  kind: CourseEmailKind,
  store: EmailingStore,
  booking: EmailedCourseBooking,
): Promise<EmailMessage> {
  const english = store.acceptLanguage?.[0] === "en";
  const texts = english ? en : zhHK;
  const path = await bookingLinkFor(
    env.SESSION_SECRET,
    { applicationKey: store.applicationKey, kind: "class", id: booking.id, startsAt: booking.startsAt },
    english ? "en" : "zh-HK",
  );
  const fill = (template: string) =>
    template
      .replaceAll("{{store}}", store.storeName)
      .replaceAll("{{course}}", english ? booking.typeEn || booking.typeZhHk : booking.typeZhHk)
      .replaceAll("{{time}}", hongKongTime(booking.startsAt))
      .replaceAll("{{was}}", booking.was ? hongKongTime(booking.was) : "")
      .replaceAll("{{name}}", booking.name)
      .replaceAll("{{credits}}", String(booking.credits))
      .replaceAll("{{link}}", `${env.APP_URL}${path}`);
  const body = fill(texts[`course-${kind}-body`]);
  return {
    to: booking.email,
    subject: fill(texts[SUBJECTS[kind]]),
    text: path === null ? body : `${body}\n\n${fill(texts["course-link"])}`,
  };
}

/**
 * The store's e-mail about a change a member made through their link, to its contact e-mail, in Chinese then
 * English (as the appointments' is).
 */
export function storeEmail(
  kind: "cancelled" | "moved",
  to: string,
  storeName: string,
  booking: EmailedCourseBooking,
): EmailMessage {
  const fill = (template: string, english: boolean) =>
    template
      .replaceAll("{{store}}", storeName)
      .replaceAll("{{number}}", `#${booking.id}`)
      .replaceAll("{{customer}}", booking.name)
      .replaceAll("{{course}}", english ? booking.typeEn || booking.typeZhHk : booking.typeZhHk)
      .replaceAll("{{time}}", hongKongTime(booking.startsAt))
      .replaceAll("{{was}}", booking.was ? hongKongTime(booking.was) : "")
      .replaceAll("{{credits}}", String(booking.credits));
  const body = `course-customer-${kind}-body` as const;
  return {
    to,
    subject: `${fill(zhHK["course-customer-subject"], false)} / ${fill(en["course-customer-subject"], true)}`,
    text: `${fill(zhHK[body], false)}\n\n----\n\n${fill(en[body], true)}`,
  };
}

/** The read of what members' e-mails name the store by. */
export const emailingStoreRead = (store: StoreScope) =>
  store.selectFields(storeAccounts, {
    storeName: storeAccounts.storeName,
    acceptLanguage: storeAccounts.acceptLanguage,
  });

export const emailingStore = (
  store: StoreScope,
  account: { storeName: string; acceptLanguage: string[] | null } | undefined,
): EmailingStore => ({
  applicationKey: store.applicationKey,
  storeName: account?.storeName ?? "",
  acceptLanguage: account?.acceptLanguage ?? null,
});
