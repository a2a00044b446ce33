import { sql } from "drizzle-orm";
import { formatHkd } from "../contract/money";
import type { Db } from "./db/client";
import { notMoving } from "./db/store-moving";
import type { BackendEnv } from "./env";
import { emailTexts } from "./locales.generated";
import type { Mailer } from "./mail";
import { payLinkFor } from "./pay-link";
import { orderPaymentReference } from "./payment-reference";

/** The reminders one run sends; the next hour's run takes the rest. */
export const PAYMENT_REMINDERS_PER_RUN = 200;
/** D1 binds at most 100 values per statement. */
const IDS_PER_QUERY = 90;

interface Reminded {
  id: number;
  applicationKey: string;
  orderNumber: number;
  email: string;
  language: "zh-HK" | "en";
  owedCents: number;
  storeName: string;
}

/**
 * The hourly job's reminders: each order still awaiting payment, with the customer's e-mail, made at least its
 * store's `unpaid_order_reminder_hours` ago (a store without the setting sends none), in a store that is not
 * disabled, gets one e-mail in the customer's language with what it owes, the reference to quote and the link
 * to pay. The UPDATE that sets `payment_reminded_at` only where it is still NULL hands each order to one run,
 * however many run at once, and only the orders it returns are e-mailed. It goes through the partial index of
 * orders awaiting payment.
 */
export async function remindUnpaidOrders(
  db: Db,
  mailer: Mailer,
  env: Pick<BackendEnv, "APP_URL" | "SESSION_SECRET">,
  now: Date,
) {
  const nowIso = now.toISOString();
  const reminded = await db.all<{ id: number }>(sql`
    UPDATE store_order SET payment_reminded_at = ${nowIso}
    WHERE payment_reminded_at IS NULL AND status = 'awaiting_payment' AND id IN (
      SELECT o.id FROM store_order o
      JOIN store_setting s ON s.application_key = o.application_key
      JOIN store_account a ON a.application_key = o.application_key AND NOT a.disabled
      WHERE o.status = 'awaiting_payment' AND o.payment_reminded_at IS NULL AND o.customer_email IS NOT NULL
        AND s.unpaid_order_reminder_hours IS NOT NULL AND ${notMoving(sql.raw("o.application_key"))}
        AND o.created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', ${nowIso}, '-' || s.unpaid_order_reminder_hours || ' hours')
      ORDER BY o.created_at
      LIMIT ${PAYMENT_REMINDERS_PER_RUN}
    )
    RETURNING id`);

  for (let start = 0; start < reminded.length; start += IDS_PER_QUERY) {
    const ids = reminded.slice(start, start + IDS_PER_QUERY).map((row) => row.id);
    const rows = await db.all<Reminded>(sql`
      SELECT o.id, o.application_key AS applicationKey, o.order_number AS orderNumber, o.customer_email AS email,
        o.customer_language AS language, a.store_name AS storeName,
        o.total_cents - coalesce((SELECT sum(p.amount_cents) FROM order_payment p
          WHERE p.application_key = o.application_key AND p.order_id = o.id AND p.status = 'succeeded'), 0) AS owedCents
      FROM store_order o
      JOIN store_account a ON a.application_key = o.application_key
      WHERE o.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const row of rows) {
      const link = await payLinkFor(
        env.SESSION_SECRET,
        { applicationKey: row.applicationKey, kind: "order", id: row.id, amountCents: row.owedCents },
        now,
      );
      await mailer.send(reminderEmail(row, link && `${env.APP_URL}${link.path}`));
    }
  }
}

/** The customer's reminder, in the language they ordered in; without a link when the deployment cannot sign one. */
function reminderEmail(row: Reminded, link: string | null) {
  const texts = emailTexts[row.language];
  const fill = (template: string) =>
    template
      .replaceAll("{{number}}", `#${row.orderNumber}`)
      .replaceAll("{{store}}", row.storeName)
      .replaceAll("{{amount}}", formatHkd(row.owedCents))
      .replaceAll("{{reference}}", orderPaymentReference(row))
      .replaceAll("{{link}}", link ? texts["order-payment-reminder-link"].replaceAll("{{link}}", link) : "");
  return {
    to: row.email,
    subject: fill(texts["order-payment-reminder-subject"]),
    text: fill(texts["order-payment-reminder-body"]),
  };
}
