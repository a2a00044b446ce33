import { sql, type SQL } from "drizzle-orm";
import type { AppointmentVariant } from "../contract/appointments";
import type { CustomerLanguage } from "../contract/pay-link-message";
import { reminderEmail, reminderPush, type Reminded } from "../contract/reminder-message";
import { BOOKING_REMINDER_HOURS_MAX } from "../modules/setting/contract";
import { bookingLinkFor } from "./booking-link";
import type { Db } from "./db/client";
import { notMoving } from "./db/store-moving";
import type { BackendEnv } from "./env";
import { emailTexts } from "./locales.generated";
import type { Mailer } from "./mail";
import type { PushSender } from "./push";
import { sendDirectPushes, subscriptionsOfMembers, type DirectPush } from "./push-delivery";

/**
 * The reminders of each kind one run sends; the next hour's run takes the rest. Each is an e-mail and a push per
 * subscribed browser, each a fetch in production: three kinds and the payment reminders stay within the
 * Worker's 1,000 subrequests.
 */
export const BOOKING_REMINDERS_PER_RUN = 100;
/** D1 binds at most 100 values per statement. */
const IDS_PER_QUERY = 90;

const HOUR_MS = 3_600_000;

/** One claimed booking as its reminder needs it. */
interface Claimed {
  applicationKey: string;
  storeName: string;
  memberId: number | null;
  email: string;
  /** The member's latest subscribed browser's language; null (a guest, or none): the e-mail is in both. */
  language: CustomerLanguage | null;
  tag: string;
  reminded: Exclude<Reminded, { kind: "monthly-fee" }>;
}

type Row = Record<string, string | number | null>;

/** The instant `hours` from now in the stored format, as SQL: the store's own reminder hours. */
const hoursAhead = (nowIso: string, hours: SQL) =>
  sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${nowIso}, '+' || ${hours} || ' hours')`;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The member's language, as their latest subscribed browser has it. */
const memberLanguage = (table: string) =>
  sql.raw(`(SELECT ps.language FROM push_subscription ps
    WHERE ps.application_key = ${table}.application_key AND ps.member_id = ${table}.member_id
    ORDER BY ps.id DESC LIMIT 1)`);

const name = (row: Row, prefix: string) => ({ zh_hk: String(row[`${prefix}ZhHk`]), en: String(row[`${prefix}En`]) });

/**
 * Each kind: the compare-and-set that hands its bookings to one run (reminded_at set where it is still NULL, for
 * bookings not cancelled whose time is within their store's reminder hours and not yet come, in a store that is
 * not disabled, with someone to remind: an e-mail address or a member), and the read of what the claimed ones'
 * reminders say. Each claim goes through its partial index.
 */
const KINDS = {
  appointment: {
    claim: (nowIso: string, untilIso: string) => sql`
      UPDATE appointment_record SET reminded_at = ${nowIso}
      WHERE reminded_at IS NULL AND status = 'success' AND starts_at > ${nowIso} AND id IN (
        SELECT r.id FROM appointment_record r
        JOIN store_setting s ON s.application_key = r.application_key
        JOIN store_account a ON a.application_key = r.application_key AND NOT a.disabled
          AND ${notMoving(sql.raw("r.application_key"))}
        WHERE r.reminded_at IS NULL AND r.status = 'success' AND r.starts_at > ${nowIso} AND r.starts_at <= ${untilIso}
          AND r.starts_at <= ${hoursAhead(nowIso, sql`s.booking_reminder_hours`)}
          AND (r.customer_email <> '' OR r.member_id IS NOT NULL)
        ORDER BY r.starts_at
        LIMIT ${BOOKING_REMINDERS_PER_RUN}
      )
      RETURNING id`,
    read: (ids: number[]) => sql`
      SELECT r.id, r.application_key AS applicationKey, r.variant, r.member_id AS memberId,
        r.customer_email AS email, r.starts_at AS startsAt, a.store_name AS storeName,
        sv.name_zh_hk AS serviceZhHk, sv.name_en AS serviceEn, p.name_zh_hk AS providerZhHk, p.name_en AS providerEn,
        ${memberLanguage("r")} AS language
      FROM appointment_record r
      JOIN store_account a ON a.application_key = r.application_key
      JOIN appointment_service sv ON sv.id = r.service_id
      JOIN appointment_provider p ON p.id = r.provider_id
      WHERE r.id IN (${idList(ids)})`,
    async reminded(row: Row, env: Pick<BackendEnv, "APP_URL" | "SESSION_SECRET">): Promise<Claimed["reminded"]> {
      const path = await bookingLinkFor(
        env.SESSION_SECRET,
        {
          applicationKey: String(row.applicationKey),
          kind: row.variant as AppointmentVariant,
          id: Number(row.id),
          startsAt: String(row.startsAt),
        },
        row.language ? String(row.language) : undefined,
      );
      return {
        kind: "appointment",
        startsAt: String(row.startsAt),
        service: name(row, "service"),
        provider: name(row, "provider"),
        link: path && `${env.APP_URL}${path}`,
      };
    },
  },
  class: {
    claim: (nowIso: string, untilIso: string) => sql`
      UPDATE course_booking SET reminded_at = ${nowIso}
      WHERE reminded_at IS NULL AND status = 'booked' AND id IN (
        SELECT b.id FROM course_session cs
        JOIN course_booking b ON b.session_id = cs.id AND b.reminded_at IS NULL AND b.status = 'booked'
        JOIN store_setting s ON s.application_key = cs.application_key
        JOIN store_account a ON a.application_key = cs.application_key AND NOT a.disabled
          AND ${notMoving(sql.raw("cs.application_key"))}
        WHERE cs.status = 'scheduled' AND cs.starts_at > ${nowIso} AND cs.starts_at <= ${untilIso}
          AND cs.starts_at <= ${hoursAhead(nowIso, sql`s.booking_reminder_hours`)}
        ORDER BY cs.starts_at
        LIMIT ${BOOKING_REMINDERS_PER_RUN}
      )
      RETURNING id`,
    read: (ids: number[]) => sql`
      SELECT b.id, b.application_key AS applicationKey, b.member_id AS memberId, m.email,
        cs.starts_at AS startsAt, a.store_name AS storeName, t.name_zh_hk AS courseZhHk, t.name_en AS courseEn,
        ${memberLanguage("b")} AS language
      FROM course_booking b
      JOIN course_session cs ON cs.id = b.session_id
      JOIN course_type t ON t.id = cs.course_type_id
      JOIN member m ON m.id = b.member_id
      JOIN store_account a ON a.application_key = b.application_key
      WHERE b.id IN (${idList(ids)})`,
    async reminded(row: Row, env: Pick<BackendEnv, "APP_URL" | "SESSION_SECRET">): Promise<Claimed["reminded"]> {
      const path = await bookingLinkFor(
        env.SESSION_SECRET,
        {
          applicationKey: String(row.applicationKey),
          kind: "class",
          id: Number(row.id),
          startsAt: String(row.startsAt),
        },
        row.language ? String(row.language) : undefined,
      );
      return {
        kind: "class",
        startsAt: String(row.startsAt),
        course: name(row, "course"),
        link: path && `${env.APP_URL}${path}`,
      };
    },
  },
  rental: {
    claim: (nowIso: string, untilIso: string) => sql`
      UPDATE renting_record SET reminded_at = ${nowIso}
      WHERE reminded_at IS NULL AND status = 'rented' AND ends_at > ${nowIso} AND id IN (
        SELECT r.id FROM renting_record r
        JOIN store_setting s ON s.application_key = r.application_key
        JOIN store_account a ON a.application_key = r.application_key AND NOT a.disabled
          AND ${notMoving(sql.raw("r.application_key"))}
        WHERE r.reminded_at IS NULL AND r.status = 'rented' AND r.ends_at > ${nowIso} AND r.ends_at <= ${untilIso}
          AND r.ends_at <= ${hoursAhead(nowIso, sql`s.booking_reminder_hours`)}
          AND (r.customer_email <> '' OR r.member_id IS NOT NULL)
        ORDER BY r.ends_at
        LIMIT ${BOOKING_REMINDERS_PER_RUN}
      )
      RETURNING id`,
    read: (ids: number[]) => sql`
      SELECT r.id, r.application_key AS applicationKey, r.member_id AS memberId, r.customer_email AS email,
        r.ends_at AS endsAt, r.units, a.store_name AS storeName, p.name_zh_hk AS productZhHk, p.name_en AS productEn,
        ${memberLanguage("r")} AS language
      FROM renting_record r
      JOIN renting_product p ON p.id = r.product_id
      JOIN store_account a ON a.application_key = r.application_key
      WHERE r.id IN (${idList(ids)})`,
    reminded: async (row: Row): Promise<Claimed["reminded"]> => ({
      kind: "rental",
      id: Number(row.id),
      endsAt: String(row.endsAt),
      units: Number(row.units),
      product: name(row, "product"),
    }),
  },
} as const;

/**
 * The hourly job's booking reminders: each appointment and class booking not cancelled, and each rental out
 * (due back), whose time is within its store's `booking_reminder_hours` and still to come gets one reminder: an
 * e-mail (an appointment's with the customer's link), and a push to each of the member's subscribed browsers. A
 * run hourly sends it in the hour after the mark ("24 hours before": 24 to 23 hours before); a late or missed
 * run's bookings go in the next run, as long as they have not started. The compare-and-set on `reminded_at`
 * hands each booking to one run however many run at once, and only the bookings it returns are reminded.
 */
export async function remindBookings(db: Db, mailer: Mailer, env: BackendEnv, now: Date, sender?: PushSender) {
  const nowIso = now.toISOString();
  const untilIso = new Date(now.getTime() + BOOKING_REMINDER_HOURS_MAX * HOUR_MS).toISOString();
  const claimed: Claimed[] = [];
  for (const [kind, definition] of Object.entries(KINDS)) {
    const ids = (await db.all<{ id: number }>(definition.claim(nowIso, untilIso))).map((row) => row.id);
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const rows = await db.all<Row>(definition.read(ids.slice(start, start + IDS_PER_QUERY)));
      for (const row of rows) {
        claimed.push({
          applicationKey: String(row.applicationKey),
          storeName: String(row.storeName),
          memberId: row.memberId === null ? null : Number(row.memberId),
          email: String(row.email ?? ""),
          language: (row.language as CustomerLanguage | null) ?? null,
          tag: `reminder-${kind}-${row.id}`,
          reminded: await definition.reminded(row, env),
        });
      }
    }
  }
  for (const booking of claimed) {
    if (booking.email !== "") await mailer.send(bookingReminderEmail(booking));
  }
  await pushReminders(db, env, now, claimed, sender);
}

/** The e-mail in the customer's language; in Chinese then English when it is not known. */
function bookingReminderEmail(booking: Claimed) {
  const { storeName, reminded } = booking;
  if (booking.language) {
    const { subject, body } = reminderEmail(emailTexts[booking.language], booking.language, storeName, reminded);
    return { to: booking.email, subject, text: body };
  }
  const zh = reminderEmail(emailTexts["zh-HK"], "zh-HK", storeName, reminded);
  const en = reminderEmail(emailTexts.en, "en", storeName, reminded);
  return { to: booking.email, subject: `${zh.subject} / ${en.subject}`, text: `${zh.body}\n\n----\n\n${en.body}` };
}

/** A reminder as its push needs it; the monthly fees' too (backend/monthly-fee-renewal.ts). */
export interface PushedReminder {
  applicationKey: string;
  storeName: string;
  memberId: number | null;
  /** One notification per reminder on a device, however often it is shown. */
  tag: string;
  reminded: Reminded;
}

/** Reminders to members, each to every browser they subscribed in the booking's store, in that browser's language. */
export async function pushReminders(
  db: Db,
  env: BackendEnv,
  now: Date,
  reminders: PushedReminder[],
  sender?: PushSender,
) {
  const toMembers = reminders.filter((reminder) => reminder.memberId !== null);
  if (toMembers.length === 0) return;
  const subscriptions = await subscriptionsOfMembers(
    db,
    toMembers.map((reminder) => reminder.memberId!),
  );
  const pushes: DirectPush[] = toMembers.flatMap((reminder) =>
    subscriptions
      .filter(
        (subscription) =>
          subscription.memberId === reminder.memberId && subscription.applicationKey === reminder.applicationKey,
      )
      .map((subscription) => ({
        applicationKey: reminder.applicationKey,
        subscription,
        message: {
          ...reminderPush(
            emailTexts[subscription.language],
            subscription.language,
            reminder.storeName,
            reminder.reminded,
          ),
          image: null,
          url: null,
          link: null,
          tag: reminder.tag,
        },
      })),
  );
  await sendDirectPushes(db, env, now, pushes, sender);
}
