import { payLinkMessage, type CustomerLanguage, type PayLinkPurpose } from "../contract/pay-link-message";
import { ActionError } from "./errors";
import { emailTexts } from "./locales.generated";
import { edited, type Logged, type RecordName } from "./log";
import { payLinkFor, type PayLinkKind } from "./pay-link";
import type { StoreContext } from "./registry";

/**
 * E-mails a customer the link to pay what they owe (a staff action of the owning module), in the language staff
 * chose for them, and logs it on the record as `pay_link_sent_to`. Refused: nothing owed now (409
 * `pay-link-not-owed`), no e-mail address to send to (409 `pay-link-no-email`).
 */
export async function sendPayLink(
  context: StoreContext,
  owed: {
    kind: PayLinkKind;
    id: number;
    /** Null when nothing is owed now. */
    amountCents: number | null;
    to: string | null;
    name: string;
    storeName: string;
    purpose: PayLinkPurpose;
    language: CustomerLanguage;
    log: { dataType: Logged["dataType"]; recordName: RecordName };
  },
): Promise<{ sent_to: string }> {
  const { store, caller, now, env, mailer, afterReply } = context;
  if (owed.amountCents === null) throw new ActionError(409, "pay-link-not-owed");
  if (!owed.to) throw new ActionError(409, "pay-link-no-email");
  const link = await payLinkFor(
    env.SESSION_SECRET,
    { applicationKey: store.applicationKey, kind: owed.kind, id: owed.id, amountCents: owed.amountCents },
    now,
  );
  if (!link) throw new Error("SESSION_SECRET is not set: pay links cannot be signed");
  await store.batch([
    store.log(
      caller,
      now,
      edited(
        owed.log.dataType,
        owed.id,
        owed.log.recordName,
        { pay_link_sent_to: null },
        { pay_link_sent_to: owed.to },
      ),
    ),
  ]);
  const message = payLinkMessage(emailTexts[owed.language], owed.language, {
    store: owed.storeName,
    name: owed.name,
    purpose: owed.purpose,
    amountCents: owed.amountCents,
    link: `${env.APP_URL}${link.path}`,
    expiresAt: link.expires_at,
  });
  const to = owed.to;
  await afterReply(() => mailer.send({ to, subject: message.subject, text: message.body }));
  return { sent_to: to };
}
