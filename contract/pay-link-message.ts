import { hongKongTime } from "./dates";
import { formatHkd } from "./money";

/**
 * The words that send a customer their link to pay (backend/pay-link.ts) or to answer a quotation: the e-mail
 * (backend/pay-link-mail.ts) and the WhatsApp message (app/components/pay-link-share.tsx), in the customer's
 * language, from the `email` namespace's texts of that language (locales/<language>/email.json).
 */

export const CUSTOMER_LANGUAGES = ["zh-HK", "en"] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** A customer's link as a staff read answers it: its path (`/pay/<token>`) and when it expires. */
export interface PayLinkRef {
  path: string;
  expires_at: string;
}

/** The texts of one language this file reads. */
export type PayLinkTexts = Record<
  | "pay-link-subject"
  | "pay-link-body"
  | "pay-link-whatsapp"
  | "pay-link-for-order"
  | "pay-link-for-credit-order"
  | "pay-link-for-monthly-fee"
  | "pay-link-for-rental"
  | "quotation-whatsapp",
  string
>;

/** What is owed, as the customer knows it: names in both languages, the one of their language is used. */
export type PayLinkPurpose =
  | { kind: "order"; number: number }
  | { kind: "credit-order"; id: number; package: { zh_hk: string; en: string } }
  | { kind: "monthly-fee"; plan: { zh_hk: string; en: string }; from: string; to: string }
  | { kind: "rental"; id: number; product: { zh_hk: string; en: string } };

export interface PayLinkMessageInput {
  store: string;
  /** The customer's name, as the e-mail greets them. */
  name: string;
  purpose: PayLinkPurpose;
  amountCents: number;
  /** The absolute URL. */
  link: string;
  /** The link's expiry, an ISO instant. */
  expiresAt: string;
}

/** A customer message's text with its `{{name}}` placeholders filled. */
export const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), template);

/** A two-language name in the customer's language; an English name left blank reads as the Chinese one. */
export const named = (name: { zh_hk: string; en: string }, language: CustomerLanguage) =>
  language === "en" ? name.en || name.zh_hk : name.zh_hk;

/** "order #1001", "the deposit of rental #7 (Tent)"… */
export function payLinkWhat(texts: PayLinkTexts, language: CustomerLanguage, purpose: PayLinkPurpose): string {
  switch (purpose.kind) {
    case "order":
      return fill(texts["pay-link-for-order"], { number: purpose.number });
    case "credit-order":
      return fill(texts["pay-link-for-credit-order"], {
        number: purpose.id,
        package: named(purpose.package, language),
      });
    case "monthly-fee":
      return fill(texts["pay-link-for-monthly-fee"], {
        plan: named(purpose.plan, language),
        from: purpose.from,
        to: purpose.to,
      });
    case "rental":
      return fill(texts["pay-link-for-rental"], { number: purpose.id, product: named(purpose.product, language) });
  }
}

/** The e-mail and the WhatsApp message that send the link. */
export function payLinkMessage(texts: PayLinkTexts, language: CustomerLanguage, input: PayLinkMessageInput) {
  const values = {
    store: input.store,
    name: input.name,
    what: payLinkWhat(texts, language, input.purpose),
    amount: formatHkd(input.amountCents),
    link: input.link,
    expires: hongKongTime(input.expiresAt),
  };
  return {
    subject: fill(texts["pay-link-subject"], values),
    body: fill(texts["pay-link-body"], values),
    whatsapp: fill(texts["pay-link-whatsapp"], values),
  };
}

/** The WhatsApp message that sends a quotation's link for the customer's answer. */
export const quotationWhatsApp = (
  texts: PayLinkTexts,
  input: { store: string; number: string; totalCents: number; link: string },
) =>
  fill(texts["quotation-whatsapp"], {
    store: input.store,
    number: input.number,
    amount: formatHkd(input.totalCents),
    link: input.link,
  });
