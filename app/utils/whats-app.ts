import { isHongKongPhone } from "#contract/field-rules";

/** The most digits an international number has (ITU-T E.164). */
const MAX_DIGITS = 15;

/**
 * A phone number as WhatsApp's click-to-chat takes it: international digits without "+" or "00". A Hong Kong
 * number of 8 digits gets the country code 852; a number written with "+" or "00" keeps its own. Null for
 * anything else (the chat then opens without a recipient).
 */
export function whatsAppDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, "");
  if (/^\s*(\+|00)/.test(phone)) {
    const international = digits.replace(/^00/, "");
    return international.length >= 8 && international.length <= MAX_DIGITS ? international : null;
  }
  if (isHongKongPhone(digits)) return `852${digits}`;
  if (digits.startsWith("852") && isHongKongPhone(digits.slice(3))) return digits;
  return null;
}

/** The click-to-chat link that opens WhatsApp on the customer's chat (or a chat to choose) with `message` typed. */
export const whatsAppLink = (phone: string | null | undefined, message: string) =>
  `https://wa.me/${whatsAppDigits(phone) ?? ""}?text=${encodeURIComponent(message)}`;
