import type { AppointmentVariant } from "../../contract/appointments";
import { hongKongTime } from "../../contract/dates";
import { bookingLinkFor } from "../../backend/booking-link";
import { emailTexts } from "../../backend/locales.generated";
import type { Mailer } from "../../backend/mail";
import type { BaseContext } from "../../backend/registry";

const { en, "zh-HK": zhHK } = emailTexts;

const nameIn = (named: { nameZhHk: string; nameEn: string }, names: "zh" | "en") =>
  names === "zh" ? named.nameZhHk : named.nameEn || named.nameZhHk;

export type EmailKind = "booked" | "moved" | "cancelled" | "completed";

export interface EmailedBooking {
  id: number;
  applicationKey: string;
  variant: AppointmentVariant;
  to: string;
  storeName: string;
  startsAt: string;
  service: { nameZhHk: string; nameEn: string };
  provider: { nameZhHk: string; nameEn: string };
}

/**
 * The customer's e-mail about their appointment, in Chinese then English. A booked or moved appointment's
 * carries the link to see, cancel or reschedule it (backend/booking-link.ts).
 */
export async function emailCustomer(
  context: Pick<BaseContext, "mailer" | "afterReply" | "env">,
  kind: EmailKind,
  booking: EmailedBooking,
) {
  if (booking.to === "") return;
  const path =
    kind === "booked" || kind === "moved"
      ? await bookingLinkFor(context.env.SESSION_SECRET, {
          applicationKey: booking.applicationKey,
          kind: booking.variant,
          id: booking.id,
          startsAt: booking.startsAt,
        })
      : null;
  const fill = (template: string, names: "zh" | "en") =>
    template
      .replaceAll("{{store}}", booking.storeName)
      .replaceAll("{{number}}", `#${booking.id}`)
      .replaceAll("{{time}}", hongKongTime(booking.startsAt))
      .replaceAll("{{link}}", `${context.env.APP_URL}${path}`)
      .replaceAll("{{service}}", nameIn(booking.service, names))
      .replaceAll("{{provider}}", nameIn(booking.provider, names));
  const body = `appointment-${kind}-body` as const;
  const withLink = (texts: typeof en, names: "zh" | "en") =>
    fill(texts[body], names) + (path === null ? "" : `\n\n${fill(texts["appointment-link"], names)}`);
  const message = {
    to: booking.to,
    subject: `${fill(zhHK["appointment-subject"], "zh")} / ${fill(en["appointment-subject"], "en")}`,
    text: `${withLink(zhHK, "zh")}\n\n----\n\n${withLink(en, "en")}`,
  };
  const mailer: Mailer = context.mailer;
  await context.afterReply(() => mailer.send(message));
}

/** The store's e-mail about a change the customer made through their link: to its contact e-mail, when it has one. */
export async function emailStore(
  context: Pick<BaseContext, "mailer" | "afterReply">,
  kind: "cancelled" | "moved",
  booking: Omit<EmailedBooking, "variant" | "applicationKey"> & { customerName: string; was: string },
) {
  if (booking.to === "") return;
  const fill = (template: string, names: "zh" | "en") =>
    template
      .replaceAll("{{store}}", booking.storeName)
      .replaceAll("{{number}}", `#${booking.id}`)
      .replaceAll("{{customer}}", booking.customerName)
      .replaceAll("{{time}}", hongKongTime(booking.startsAt))
      .replaceAll("{{was}}", hongKongTime(booking.was))
      .replaceAll("{{service}}", nameIn(booking.service, names))
      .replaceAll("{{provider}}", nameIn(booking.provider, names));
  const body = `appointment-customer-${kind}-body` as const;
  const message = {
    to: booking.to,
    subject: `${fill(zhHK["appointment-customer-subject"], "zh")} / ${fill(en["appointment-customer-subject"], "en")}`,
    text: `${fill(zhHK[body], "zh")}\n\n----\n\n${fill(en[body], "en")}`,
  };
  const mailer: Mailer = context.mailer;
  await context.afterReply(() => mailer.send(message));
}
