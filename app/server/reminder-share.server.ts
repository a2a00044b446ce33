import { CUSTOMER_LANGUAGES } from "#contract/pay-link-message";
import { reminderWhatsApp, type Reminded } from "#contract/reminder-message";
import type { ReminderWhatsAppLink } from "~/components/reminder-card";
import { resources } from "~/locales.generated.server";
import { whatsAppDigits, whatsAppLink } from "~/utils/whats-app";

/**
 * The WhatsApp click-to-chat links that remind the customer by hand, one per language (the customer's is not
 * kept): their number and the message typed, with the store, what and when. Null when the customer has no
 * number WhatsApp takes.
 */
export function reminderWhatsAppLinks(
  phone: string | null | undefined,
  store: string,
  reminded: Reminded,
): ReminderWhatsAppLink[] | null {
  if (!whatsAppDigits(phone)) return null;
  return CUSTOMER_LANGUAGES.map((language) => ({
    language,
    href: whatsAppLink(phone, reminderWhatsApp(resources[language].email, language, store, reminded)),
  }));
}
