import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import {
  CUSTOMER_LANGUAGES,
  payLinkMessage,
  quotationWhatsApp,
  type CustomerLanguage,
  type PayLinkPurpose,
  type PayLinkRef,
  type PayLinkTexts,
} from "#contract/pay-link-message";
import type { PayLinkShareView } from "~/components/pay-link-share";
import { resources } from "~/locales.generated.server";
import { whatsAppLink } from "~/utils/whats-app";
import { ActionFailure } from "./action-client.server";
import { redirectWithToast, refusalToast } from "./auth.server";

/** The link as the page shares it: absolute, its expiry in Hong Kong time, a WhatsApp message per language. */
function shareOf(
  request: Request,
  link: PayLinkRef,
  phone: string | null,
  messageOf: (texts: PayLinkTexts, language: CustomerLanguage, url: string) => string,
): PayLinkShareView {
  const url = new URL(link.path, request.url).toString();
  return {
    url,
    expires: hongKongTime(link.expires_at),
    whatsapp: CUSTOMER_LANGUAGES.map((language) => ({
      language,
      href: whatsAppLink(phone, messageOf(resources[language].email, language, url)),
    })),
  };
}

/** A pay link (backend/pay-link.ts) to share: what it is for, its amount and the store, in the message. */
export const payLinkShare = (
  request: Request,
  link: PayLinkRef,
  owed: { phone: string | null; store: string; purpose: PayLinkPurpose; amountCents: number },
) =>
  shareOf(
    request,
    link,
    owed.phone,
    (texts, language, url) =>
      payLinkMessage(texts, language, { ...owed, name: "", link: url, expiresAt: link.expires_at }).whatsapp,
  );

/** A quotation's link for the customer's answer, to share. */
export const quotationLinkShare = (
  request: Request,
  link: PayLinkRef,
  quotation: { phone: string | null; store: string; number: string; totalCents: number },
) =>
  shareOf(request, link, quotation.phone, (texts, _language, url) =>
    quotationWhatsApp(texts, { ...quotation, link: url }),
  );

const emailForm = z.object({ language: z.enum(CUSTOMER_LANGUAGES) });

/**
 * The page's answer to the share's e-mail form (PayLinkShare): the module's e-mail action called in the chosen
 * language, back to `here` with its outcome as a toast.
 */
export async function payLinkEmailed(
  formData: FormData,
  send: (language: CustomerLanguage) => Promise<{ data: { sent_to: string } }>,
  here: string,
  request: Request,
  context: AppLoadContext,
) {
  const form = emailForm.safeParse(Object.fromEntries(formData));
  if (!form.success) return redirectWithToast(here, { tone: "error", message: "message:save-fail" }, request, context);
  try {
    const { data } = await send(form.data.language);
    return redirectWithToast(
      here,
      { tone: "success", message: "common:pay-link.emailed", values: { email: data.sent_to } },
      request,
      context,
    );
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast(here, refusalToast(error.messageKey), request, context);
  }
}
