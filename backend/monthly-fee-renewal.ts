import { sql } from "drizzle-orm";
import { addDays } from "../contract/course-calendar";
import { hongKongDate } from "../contract/dates";
import { formatHkd } from "../contract/money";
import { MAX_PLAN_DAYS, MAX_REMINDER_DAYS } from "../modules/monthly-fee/contract";
import { pushReminders } from "./booking-reminders";
import { monthlyFeeTexts } from "./locales.generated";
import type { Db } from "./db/client";
import { notMoving } from "./db/store-moving";
import type { BackendEnv } from "./env";
import type { Mailer } from "./mail";
import type { PushSender } from "./push";

const { en, "zh-HK": zhHK } = monthlyFeeTexts;

/** The records one run renews, and the reminders it sends; the next day's run takes the rest. */
export const MONTHLY_FEES_PER_RUN = 500;
/** A renewal the job missed (a day without a run) is still made this many days after its period began. */
export const RENEWAL_CATCH_UP_DAYS = 7;
/** D1 binds at most 100 values per statement. */
const IDS_PER_QUERY = 90;

interface Reminded {
  id: number;
  applicationKey: string;
  memberId: number;
  periodStart: string;
  periodEnd: string;
  amountCents: number;
  planNameZhHk: string;
  planNameEn: string;
  email: string;
  memberName: string;
  storeName: string;
}

/** The store switches monthly fees on: its side menu and its current plan's module list both hold it. */
const monthlyFeesOn = (today: string) => sql`
  EXISTS (SELECT 1 FROM json_each(a.cms_side_menu) WHERE value = 'monthly_fee')
  AND EXISTS (SELECT 1 FROM json_each((
    SELECT plan.module_list FROM purchased_plan plan
    WHERE plan.application_key = a.application_key AND plan.disabled = 0 AND plan.start_date <= ${today}
    ORDER BY plan.start_date DESC, plan.id DESC LIMIT 1
  )) WHERE value = 'monthly_fee')`;

/**
 * The monthly fees' part of the daily job (00:00 HKT). First, for each member whose latest record is not
 * cancelled and renews (a later record, even a cancelled one, means staff decided that period), of an active plan, in a store that is not disabled and has the module, and whose next period starts within
 * the store's reminder days (0: on the day), the next period's pending record with the plan's current days
 * and price; the unique (store, member, period start) index keeps it to one however often this runs.
 * Then each pending renewing record starting within those days that has had no reminder gets one: the
 * compare-and-set on reminded_at hands each record to one run only, which e-mails its member and pushes the
 * reminder to each browser they subscribed (backend/booking-reminders.ts).
 * Both steps go through the partial index on period_end (renewing, not cancelled).
 */
export async function renewMonthlyFees(db: Db, mailer: Mailer, env: BackendEnv, now: Date, sender?: PushSender) {
  const today = hongKongDate(now);
  const nowIso = now.toISOString();
  await db.run(sql`
    INSERT INTO monthly_fee_record
      (application_key, member_id, plan_id, period_start, period_end, days, amount_cents, created_at)
    SELECT r.application_key, r.member_id, p.id, date(r.period_end, '+1 day'),
      date(r.period_end, '+' || p.days || ' days'), p.days, p.price_cents, ${nowIso}
    FROM monthly_fee_record r
    JOIN monthly_fee_plan p ON p.id = r.plan_id AND p.application_key = r.application_key AND p.active
    JOIN store_setting s ON s.application_key = r.application_key
    JOIN store_account a ON a.application_key = r.application_key AND NOT a.disabled
    WHERE r.renews AND r.status <> 'cancelled' AND ${monthlyFeesOn(today)} AND ${notMoving(sql.raw("r.application_key"))}
      AND r.period_end BETWEEN ${addDays(today, -RENEWAL_CATCH_UP_DAYS - 1)} AND ${addDays(today, MAX_REMINDER_DAYS - 1)}
      AND r.period_end <= date(${today}, (s.monthly_fee_reminder_days - 1) || ' days')
      AND NOT EXISTS (
        SELECT 1 FROM monthly_fee_record later
        WHERE later.application_key = r.application_key AND later.member_id = r.member_id
          AND later.period_start > r.period_start
      )
    ORDER BY r.period_end
    LIMIT ${MONTHLY_FEES_PER_RUN}
    ON CONFLICT DO NOTHING`);

  const reminded = await db.all<{ id: number }>(sql`
    UPDATE monthly_fee_record SET reminded_at = ${nowIso}
    WHERE reminded_at IS NULL AND id IN (
      SELECT r.id FROM monthly_fee_record r
      JOIN store_setting s ON s.application_key = r.application_key
      JOIN store_account a ON a.application_key = r.application_key AND NOT a.disabled
      WHERE r.renews AND r.status <> 'cancelled' AND ${monthlyFeesOn(today)} AND ${notMoving(sql.raw("r.application_key"))}
        AND r.period_end BETWEEN ${today} AND ${addDays(today, MAX_REMINDER_DAYS + MAX_PLAN_DAYS)}
        AND r.status = 'pending' AND r.reminded_at IS NULL
        AND r.period_start BETWEEN ${today} AND date(${today}, s.monthly_fee_reminder_days || ' days')
      LIMIT ${MONTHLY_FEES_PER_RUN}
    )
    RETURNING id`);

  for (let start = 0; start < reminded.length; start += IDS_PER_QUERY) {
    const ids = reminded.slice(start, start + IDS_PER_QUERY).map((row) => row.id);
    const rows = await db.all<Reminded>(sql`
      SELECT r.id, r.application_key AS applicationKey, r.member_id AS memberId, r.period_start AS periodStart, r.period_end AS periodEnd, r.amount_cents AS amountCents,
        p.name_zh_hk AS planNameZhHk, p.name_en AS planNameEn, m.email, m.name AS memberName,
        a.store_name AS storeName
      FROM monthly_fee_record r
      JOIN monthly_fee_plan p ON p.id = r.plan_id
      JOIN member m ON m.id = r.member_id
      JOIN store_account a ON a.application_key = r.application_key
      WHERE r.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const row of rows) await mailer.send(reminderEmail(row));
    await pushReminders(
      db,
      env,
      now,
      rows.map((row) => ({
        applicationKey: row.applicationKey,
        storeName: row.storeName,
        memberId: row.memberId,
        tag: `reminder-monthly-fee-${row.id}`,
        reminded: {
          kind: "monthly-fee",
          plan: { zh_hk: row.planNameZhHk, en: row.planNameEn },
          from: row.periodStart,
          to: row.periodEnd,
          amountCents: row.amountCents,
        },
      })),
      sender,
    );
  }
}

/** The member's reminder, in Chinese then English. */
function reminderEmail(row: Reminded) {
  const fill = (template: string, planName: string) =>
    template
      .replaceAll("{{member}}", row.memberName)
      .replaceAll("{{store}}", row.storeName)
      .replaceAll("{{plan}}", planName)
      .replaceAll("{{from}}", row.periodStart)
      .replaceAll("{{to}}", row.periodEnd)
      .replaceAll("{{amount}}", formatHkd(row.amountCents));
  const englishName = row.planNameEn || row.planNameZhHk;
  return {
    to: row.email,
    subject: `${fill(zhHK.email["reminder-subject"], row.planNameZhHk)} / ${fill(en.email["reminder-subject"], englishName)}`,
    text: `${fill(zhHK.email["reminder-body"], row.planNameZhHk)}\n\n----\n\n${fill(en.email["reminder-body"], englishName)}`,
  };
}
