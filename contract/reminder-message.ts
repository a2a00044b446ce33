import { hongKongTime } from "./dates";
import { formatHkd } from "./money";
import { fill, named, type CustomerLanguage } from "./pay-link-message";

/**
 * The words of a reminder (backend/booking-reminders.ts, the monthly fees' in backend/monthly-fee-renewal.ts): its
 * e-mail, its push and the WhatsApp message staff send by hand from the record's page, in one language, from the
 * `email` namespace's texts of that language (locales/<language>/email.json).
 */

type Name = { zh_hk: string; en: string };

/** What a reminder is about, with names in both languages: the one of the customer's language is used. */
export type Reminded =
  | { kind: "appointment"; startsAt: string; service: Name; provider: Name; link: string | null }
  | { kind: "class"; startsAt: string; course: Name; link: string | null }
  | { kind: "rental"; id: number; endsAt: string; units: number; product: Name }
  | { kind: "monthly-fee"; plan: Name; from: string; to: string; amountCents: number };

export type ReminderKind = Reminded["kind"];

type Key =
  | "reminder-appointment-subject"
  | "reminder-appointment-body"
  | "reminder-class-subject"
  | "reminder-class-body"
  | "reminder-rental-subject"
  | "reminder-rental-body"
  | "reminder-appointment-what"
  | "reminder-rental-what"
  | "reminder-monthly-fee-what"
  | "reminder-push-appointment-title"
  | "reminder-push-class-title"
  | "reminder-push-rental-title"
  | "reminder-push-monthly-fee-title"
  | "reminder-push-body"
  | "reminder-whatsapp-appointment"
  | "reminder-whatsapp-link"
  | "reminder-whatsapp-class"
  | "reminder-whatsapp-rental"
  | "reminder-whatsapp-monthly-fee"
  | "appointment-link"
  | "course-link";

/** The texts of one language this file reads. */
export type ReminderTexts = Record<Key, string>;

/** The values the texts fill in: what it is, and when (Hong Kong time; a monthly fee's is its first day). */
function valuesOf(
  texts: ReminderTexts,
  language: CustomerLanguage,
  store: string,
  reminded: Reminded,
): Record<string, string | number> {
  switch (reminded.kind) {
    case "appointment":
      return {
        store,
        time: hongKongTime(reminded.startsAt),
        what: fill(texts["reminder-appointment-what"], {
          service: named(reminded.service, language),
          provider: named(reminded.provider, language),
        }),
      };
    case "class":
      return { store, time: hongKongTime(reminded.startsAt), what: named(reminded.course, language) };
    case "rental":
      return {
        store,
        number: reminded.id,
        time: hongKongTime(reminded.endsAt),
        what: fill(texts["reminder-rental-what"], {
          units: reminded.units,
          product: named(reminded.product, language),
        }),
      };
    case "monthly-fee":
      return {
        store,
        time: reminded.from,
        what: fill(texts["reminder-monthly-fee-what"], {
          plan: named(reminded.plan, language),
          from: reminded.from,
          to: reminded.to,
          amount: formatHkd(reminded.amountCents),
        }),
      };
  }
}

/** The closing line of an appointment's or a class booking's e-mails, before the customer's link. */
const LINK_LINE = { appointment: "appointment-link", class: "course-link" } as const;

/** A booking's reminder e-mail; an appointment's or a class booking's ends with the customer's link when there is one. */
export function reminderEmail(
  texts: ReminderTexts,
  language: CustomerLanguage,
  store: string,
  reminded: Exclude<Reminded, { kind: "monthly-fee" }>,
) {
  const values = valuesOf(texts, language, store, reminded);
  const link =
    reminded.kind !== "rental" && reminded.link
      ? `\n\n${fill(texts[LINK_LINE[reminded.kind]], { link: reminded.link })}`
      : "";
  return {
    subject: fill(texts[`reminder-${reminded.kind}-subject`], values),
    body: fill(texts[`reminder-${reminded.kind}-body`], values) + link,
  };
}

/** The push's title and body: short, for a phone's notification. */
export function reminderPush(texts: ReminderTexts, language: CustomerLanguage, store: string, reminded: Reminded) {
  const values = valuesOf(texts, language, store, reminded);
  return {
    title: fill(texts[`reminder-push-${reminded.kind}-title`], values),
    body: fill(texts["reminder-push-body"], values),
  };
}

/** The WhatsApp message; an appointment's or a class booking's carries the customer's link when there is one. */
export function reminderWhatsApp(texts: ReminderTexts, language: CustomerLanguage, store: string, reminded: Reminded) {
  const values = valuesOf(texts, language, store, reminded);
  const link =
    (reminded.kind === "appointment" || reminded.kind === "class") && reminded.link
      ? fill(texts["reminder-whatsapp-link"], { link: reminded.link })
      : "";
  return fill(texts[`reminder-whatsapp-${reminded.kind}`], { ...values, link });
}
