/**
 * Hong Kong's FPS QR code for one payment (issue 37): the EMV text a payer's banking app reads, its parser and the
 * rules for the store's FPS identifier. What it relies on, and where that was read:
 *
 * - EMVCo, EMV QR Code Specification for Payment Systems, Merchant-Presented Mode (v1.0 2017, v1.1 2020): every
 *   data object is a two-digit ID, a two-digit length and the value, the length counting characters, not bytes;
 *   ID 00 ("01") comes first and ID 63, the CRC, last. The CRC is CRC-16/CCITT-FALSE (ISO/IEC 13239: polynomial
 *   1021, initial FFFF) over every object before it and "6304", as four uppercase hex digits. 01 is "12" for a code
 *   shown for one payment; 54, the amount, is at most 13 characters with "." as the decimal mark; 59 (name, ≤25)
 *   and 60 (city, ≤15) are Alphanumeric Special, printable ASCII; 62 holds 05, the reference label (≤25); 64, the
 *   Merchant Information Language Template, holds 00 the language (ISO 639, two letters), 01 the name (≤25) and
 *   02 the city (≤15) in another alphabet, any Unicode. The spec's own example payload (a Chinese name in 64,
 *   CRC A13A, computed over the UTF-8 bytes) is checked in the tests. Read through UnionPay International's
 *   developer page on the format's conventions and the open-source EMV libraries whose tests use that example.
 * - HKMA, Common QR Code Specification for Retail Payments in Hong Kong v1.0 (2017): ID 26 is FPS's template.
 * - HKICL, Payee-presented QR Code Specification for FPS v1.2 (2019): ID 26 holds 00 "hk.com.hkicl", 01 the bank's
 *   (participant's) 3-digit code, then one proxy: 02 the FPS ID, 03 the mobile number as "+852-XXXXXXXX" or 04 the
 *   e-mail. Only the spec's cover page could be read here; these sub-IDs are the ones that public implementations
 *   agree on: Odoo's l10n_hk (whose tests publish two payloads, checked in ours), DemChing/hkqr-fps,
 *   KwongHauLim/HaLi.FPS and nessgor/fps-hk-qrcode. They also all put "0000" in 52, the merchant category code,
 *   which FPS does not use.
 *
 * Choices where the sources disagree or are silent:
 * - An FPS ID is 7 or 9 digits (Odoo's rule; hkqr-fps takes 7 to 9): no 8-digit one, so 8 digits are a mobile
 *   number and one field takes all three kinds without asking which.
 * - A mobile number is 8 digits starting with 4 to 9, where Hong Kong's mobile numbers are (2 and 3 are fixed
 *   lines), kept as the 8 digits and written "+852-" and them.
 * - The bank code goes with a mobile number or e-mail only (HaLi.FPS and fps-hk-qrcode send it then, Odoo never):
 *   an FPS ID already names one account.
 * - An e-mail is at most 72 characters, the most that ID 26 holds beside the GUID and a bank code.
 * - 64 comes before 63, which EMVCo keeps last (hkqr-fps appends 64 after the CRC, which a strict reader refuses).
 * - A name with Chinese characters goes into 64 as written, with "ZH"; 59 then has the store's English name, or "NA"
 *   (what FPS implementations put when a name is not used). A store that set its English name has it in 59 whatever
 *   its name is. Latin text keeps its letters without accents in 59 and 60 ("Café" is "Cafe"); a city with no ASCII
 *   letters is "HK".
 */
import * as z from "zod";
import { text, whileValid } from "./field-rules";

export type FpsIdentifier =
  { type: "fps-id"; value: string } | { type: "mobile" | "email"; value: string; bankCode?: string };

const FPS_GUID = "hk.com.hkicl";
const PROXY_IDS = { "fps-id": "02", mobile: "03", email: "04" } as const;
const MAX_TLV_LENGTH = 99;
const MAX_NAME_LENGTH = 25;
const MAX_CITY_LENGTH = 15;
/** ID 60 of a store that has not set its city: every store here is in Hong Kong. */
export const FPS_DEFAULT_CITY = "Hong Kong";
const MAX_REFERENCE_LENGTH = 25;
const MAX_AMOUNT_LENGTH = 13;

const FPS_ID = /^(\d{7}|\d{9})$/;
const HONG_KONG_MOBILE = /^[4-9]\d{7}$/;
const BANK_CODE = /^\d{3}$/;
/** ID 26's 99 characters less the GUID's object (16), a bank code's (7) and the e-mail's own ID and length (4). */
const MAX_FPS_EMAIL_LENGTH = MAX_TLV_LENGTH - (4 + FPS_GUID.length) - (4 + 3) - 4;

/**
 * What the store typed, as the identifier it is: an e-mail, a mobile number ("9123 4567", "+852-91234567" are
 * "91234567") or an FPS ID; null when it is none of them.
 */
function readFpsIdentifier(value: string): FpsIdentifier | null {
  if (value.includes("@")) return z.regexes.email.test(value) ? { type: "email", value } : null;
  const digits = value.replace(/[\s-]/g, "").replace(/^\+?852(?=\d{8}$)/, "");
  if (HONG_KONG_MOBILE.test(digits)) return { type: "mobile", value: digits };
  if (FPS_ID.test(digits)) return { type: "fps-id", value: digits };
  return null;
}

/**
 * The store's FPS identifier, typed in one field → "fps-identifier-invalid" when it is none of the three kinds,
 * "max-length:72" when longer than an e-mail may be.
 */
export const fpsIdentifier = () =>
  text({ max: MAX_FPS_EMAIL_LENGTH }).transform((typed, context) => {
    const identifier = readFpsIdentifier(typed);
    if (identifier) return identifier;
    context.addIssue({ code: "custom", message: "fps-identifier-invalid" });
    return z.NEVER;
  });

const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;

/** Text for ID 59 or 60 as the store types it: printable ASCII ("printable-ascii-only"), at most 25 or 15 characters. */
const emvAsciiText = (max: number) =>
  text({ max }).regex(PRINTABLE_ASCII, { error: "printable-ascii-only", ...whileValid });

/** The store's name as customers' banking apps show it (ID 59): English letters, at most 25 characters. */
export const fpsMerchantName = () => emvAsciiText(MAX_NAME_LENGTH);
/** The store's city (ID 60): English letters, at most 15 characters. */
export const fpsMerchantCity = () => emvAsciiText(MAX_CITY_LENGTH);

/** The 3-digit code of the bank that a mobile number or e-mail is registered with → "fps-bank-code-invalid". */
export const fpsBankCode = () => text().regex(BANK_CODE, { error: "fps-bank-code-invalid", ...whileValid });

/**
 * The identifier as the store typed it, for a setting that keeps it so (customers read it there): the rule of
 * fpsIdentifier(), the text unchanged; storedFpsIdentifier() reads it when a QR code is drawn.
 */
export const fpsIdentifierText = () =>
  text({ max: MAX_FPS_EMAIL_LENGTH }).refine((typed) => readFpsIdentifier(typed) !== null, {
    error: "fps-identifier-invalid",
    ...whileValid,
  });

/**
 * The identifier that a setting's text and bank code make, the bank code going with a mobile number or e-mail only;
 * null without one, or for a text that is none (saved before the rule: its form shows why at the next save).
 */
export function storedFpsIdentifier(typed: string | null, bankCode: string | null): FpsIdentifier | null {
  const identifier = typed === null ? null : readFpsIdentifier(typed.trim());
  return identifier && identifier.type !== "fps-id" && bankCode ? { ...identifier, bankCode } : identifier;
}

const characters = (value: string) => [...value];

function tlv(id: string, value: string): string {
  const length = characters(value).length;
  if (length > MAX_TLV_LENGTH) throw new RangeError(`EMV object ${id} is ${length} characters, more than 99`);
  return `${id}${String(length).padStart(2, "0")}${value}`;
}

/** Integer cents as EMV writes an amount ("120.50"), made from the digits so that no float rounds it. */
function emvAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new RangeError(`An FPS amount is whole cents above 0: ${cents}`);
  }
  const digits = String(cents).padStart(3, "0");
  const amount = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  if (amount.length > MAX_AMOUNT_LENGTH) throw new RangeError(`${amount} is longer than EMV's 13 characters`);
  return amount;
}

/** Printable ASCII (EMV's Alphanumeric Special): accents and full-width forms folded, anything else dropped. */
function alphanumericSpecial(value: string, max: number): string {
  return value
    .normalize("NFKD")
    .replace(/[^\x20-\x7E]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trimEnd();
}

const cutToCharacters = (value: string, max: number) => characters(value.trim()).slice(0, max).join("").trimEnd();

const hasChinese = (value: string) => /\p{Script=Han}/u.test(value);

/** CRC-16/CCITT-FALSE of the text's UTF-8 bytes, as EMV writes it: four uppercase hex digits. */
export function emvCrc(value: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(value)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export interface FpsPayment {
  identifier: FpsIdentifier;
  amountCents: number;
  /** The store's name as customers know it, in any script. */
  merchantName: string;
  /** The store's name in Latin letters for ID 59 (the name itself, when Latin, without one). */
  englishMerchantName?: string;
  city: string;
  /** The order's reference, which the payer's bank passes on with the payment. */
  reference: string;
}

/** A dynamic FPS QR code as an action answers it: its payload, and the amount and reference it carries. */
export interface FpsQrData {
  amount_cents: number;
  reference: string;
  payload: string;
}

/** The payload of a dynamic FPS QR code for one payment of an exact amount. */
export function fpsQrPayload({
  identifier,
  amountCents,
  merchantName,
  englishMerchantName = "",
  city,
  reference,
}: FpsPayment): string {
  const proxy = identifier.type === "mobile" ? `+852-${identifier.value}` : identifier.value;
  const bankCode = identifier.type === "fps-id" ? undefined : identifier.bankCode;
  const account = tlv("00", FPS_GUID) + (bankCode ? tlv("01", bankCode) : "") + tlv(PROXY_IDS[identifier.type], proxy);
  const chineseName = hasChinese(merchantName);
  const asciiName = alphanumericSpecial(englishMerchantName || (chineseName ? "" : merchantName), MAX_NAME_LENGTH);
  const referenceLabel = alphanumericSpecial(reference, MAX_REFERENCE_LENGTH);
  const body = [
    tlv("00", "01"),
    tlv("01", "12"),
    tlv("26", account),
    tlv("52", "0000"),
    tlv("53", "344"),
    tlv("54", emvAmount(amountCents)),
    tlv("58", "HK"),
    tlv("59", asciiName || "NA"),
    tlv("60", alphanumericSpecial(city, MAX_CITY_LENGTH) || "HK"),
    referenceLabel ? tlv("62", tlv("05", referenceLabel)) : "",
    chineseName
      ? tlv(
          "64",
          tlv("00", "ZH") +
            tlv("01", cutToCharacters(merchantName, MAX_NAME_LENGTH)) +
            (hasChinese(city) ? tlv("02", cutToCharacters(city, MAX_CITY_LENGTH)) : ""),
        )
      : "",
    "6304",
  ].join("");
  return body + emvCrc(body);
}

/** One level of EMV data objects, by ID in the order they come; throws on a broken length or a repeated ID. */
export function readTlv(value: string): Map<string, string> {
  const chars = characters(value);
  const objects = new Map<string, string>();
  let at = 0;
  while (at < chars.length) {
    const header = chars.slice(at, at + 4).join("");
    if (!/^\d{4}$/.test(header)) throw new Error(`No EMV ID and length at character ${at}: "${header}"`);
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    if (at + 4 + length > chars.length) throw new Error(`EMV object ${id} runs past the end`);
    if (objects.has(id)) throw new Error(`EMV object ${id} is repeated`);
    objects.set(id, chars.slice(at + 4, at + 4 + length).join(""));
    at += 4 + length;
  }
  return objects;
}

/**
 * A scanned EMV payload's top-level objects (read a template's value with readTlv), once it starts with the
 * format indicator and ends with a CRC that matches; throws otherwise.
 */
export function parseEmvTlv(payload: string): Map<string, string> {
  const objects = readTlv(payload);
  const ids = [...objects.keys()];
  if (ids[0] !== "00" || objects.get("00") !== "01") throw new Error("An EMV payload starts with 000201");
  const crc = objects.get("63");
  if (ids.at(-1) !== "63" || crc?.length !== 4) throw new Error("An EMV payload ends with its CRC, 6304 and 4 digits");
  const expected = emvCrc(payload.slice(0, -4));
  if (crc !== expected) throw new Error(`The CRC is ${crc}, but the payload's is ${expected}`);
  return objects;
}
