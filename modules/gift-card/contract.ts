import * as z from "zod";
import type { Examples } from "../../contract/examples";
import {
  email,
  isoDate,
  multilineText,
  nullable,
  optional,
  signedDecimal,
  text,
  wholeNumberBetween,
  hundredthsOf,
} from "../../contract/field-rules";
import { withValue } from "../../contract/messages";
import { dollarsToCents, isWholeCents } from "../../contract/money";
import { applicationKey, id, keyword, sorting, version } from "../../contract/parts";
import {
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  GIFT_CARD_ENTRY_KINDS,
  GIFT_CARD_LANGUAGES,
  GIFT_CARD_SORTS,
  GIFT_CARD_STATUSES,
  MAX_GIFT_CARD_CENTS,
  MIN_GIFT_CARD_CENTS,
  type GiftCardStatus,
} from "./options";

/**
 * A code as a customer reads it out or a scanner types it: spaces and dashes between its groups and lower
 * case are forgiven; anything else is `format-not-match`.
 */
export const giftCardCode = z
  .string({ error: "force-input" })
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: "force-input" })
      .regex(new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`), { error: "format-not-match" }),
  );

/**
 * Gift cards (module `gift_card`): a code worth a balance in HK$, issued and changed by store staff. The
 * code is a secret: every answer but the printable card's carries it masked; issuing and reissuing answer
 * it once in full.
 */

export const MAX_GIFT_CARD_REASON_LENGTH = 200;
export const MAX_GIFT_CARD_NOTE_LENGTH = 1_000;

/** An amount said in dollars, as the rules' messages name it. */
const dollars = (cents: number) => cents / 100;

/** HK$1 to HK$10,000 in cents, the bounds named in dollars. */
const issuedCents = wholeNumberBetween(MIN_GIFT_CARD_CENTS, MAX_GIFT_CARD_CENTS, {
  below: withValue("number-at-least", dollars(MIN_GIFT_CARD_CENTS)),
  above: withValue("number-at-most", dollars(MAX_GIFT_CARD_CENTS)),
});

/** A change of a balance: signed cents, never 0, at most HK$10,000 either way. */
const adjustedCents = wholeNumberBetween(-MAX_GIFT_CARD_CENTS, MAX_GIFT_CARD_CENTS, {
  below: withValue("number-at-least", -dollars(MAX_GIFT_CARD_CENTS)),
  above: withValue("number-at-most", dollars(MAX_GIFT_CARD_CENTS)),
}).refine((value) => value !== 0, { error: "force-input" });

const reason = text({ max: MAX_GIFT_CARD_REASON_LENGTH });

/**
 * What a person sets to issue a card. The expiry is a Hong Kong day not before today (`expiry-in-past`,
 * checked by the backend against its clock); the recipient is optional, their language the e-mail's.
 */
export const giftCardFields = {
  amount_cents: issuedCents,
  reason,
  expiry_date: nullable(isoDate()),
  recipient_name: text({ required: false }),
  recipient_email: optional(email()),
  recipient_language: z.enum(GIFT_CARD_LANGUAGES).default("zh-HK"),
  note: nullable(multilineText({ max: MAX_GIFT_CARD_NOTE_LENGTH })),
};

/** What can be changed of an issued card: everything it was issued with but its amount and reason. */
export const giftCardDetailFields = {
  expiry_date: giftCardFields.expiry_date,
  recipient_name: giftCardFields.recipient_name,
  recipient_email: giftCardFields.recipient_email,
  recipient_language: giftCardFields.recipient_language,
  note: giftCardFields.note,
};
export type GiftCardDetailValues = z.output<z.ZodObject<typeof giftCardDetailFields>>;

/** An adjustment: the signed amount and why. */
export const giftCardEntryFields = { amount_cents: adjustedCents, reason };

/** The issue form's amount, typed in dollars ("500", "250.50") and carried on as the payload's cents. */
export const giftCardAmountAsCents = () => hundredthsOf(dollars(MAX_GIFT_CARD_CENTS)).pipe(giftCardFields.amount_cents);

/** The adjustment form's amount, typed in dollars with a minus to take some off ("-20"), as cents. */
export const giftCardChangeAsCents = () =>
  signedDecimal()
    .check(z.refine(isWholeCents, { error: "format-not-match" }))
    .transform(dollarsToCents)
    .pipe(giftCardEntryFields.amount_cents);

const giftCardId = { application_key: applicationKey, id };

export const giftCardPayloads = {
  get_gift_card_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(GIFT_CARD_SORTS),
    /** The code's last four characters, or part of the recipient's name or e-mail. */
    keyword,
    /** Blank: every card. */
    status: nullable(z.enum(GIFT_CARD_STATUSES)),
  }),
  /** The card (its code masked) with its ledger, oldest entry first. */
  get_gift_card_data_by_application_key_and_id: z.object(giftCardId),
  /** The printable card: the code in full, the store's name and logo (admin only). */
  get_gift_card_print_data_by_application_key_and_id: z.object(giftCardId),
  /** A new card with a new code, answered once in full; an expiry before today is `expiry-in-past`. */
  add_gift_card_data: z.object({ application_key: applicationKey, ...giftCardFields }),
  /**
   * The card's expiry, recipient and note over `version` (409 `edited-elsewhere` when stale,
   * `gift-card-disabled`); a new expiry before today is `expiry-in-past`. Never its code or balance.
   */
  update_gift_card_data_by_application_key_and_id: z.object({ ...giftCardId, ...giftCardDetailFields, version }),
  /**
   * A change of the balance with its ledger entry. A debit beyond the balance is 400 `gift-card-balance-short`
   * beside the amount, naming the balance; a disabled card is 409 `gift-card-disabled`.
   */
  add_gift_card_entry_data: z.object({ application_key: applicationKey, gift_card_id: id, ...giftCardEntryFields }),
  /** Disables the card over `version` (409 `edited-elsewhere` when stale, `gift-card-disabled` when already). */
  update_gift_card_disabled_data_by_application_key_and_id: z.object({ ...giftCardId, reason, version }),
  /**
   * A lost card: disabled over `version`, its balance moved to a new card with a new code (answered once in
   * full), a ledger entry on each, linked both ways. A used-up card is 409 `gift-card-used-up`.
   */
  add_gift_card_reissue_data: z.object({ application_key: applicationKey, gift_card_id: id, reason, version }),
  /** E-mails the code to the recipient in their language (409 `gift-card-no-email`, `gift-card-disabled`). */
  add_gift_card_email_data: z.object({ application_key: applicationKey, gift_card_id: id }),
};

export interface GiftCardRecord {
  id: number;
  /** `•••• •••• •••• AB12`: the code is never answered but on issuing, reissuing and printing. */
  masked_code: string;
  initial_cents: number;
  balance_cents: number;
  expiry_date: string | null;
  status: GiftCardStatus;
  recipient_name: string;
  recipient_email: string;
  recipient_language: (typeof GIFT_CARD_LANGUAGES)[number];
  note: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  replaced_by_id: number | null;
  replaces_id: number | null;
  /** The order that sold it (a gift-card product's line), or null for a card issued by staff. */
  order_id: number | null;
  version: number;
  create_date: string;
}

/** A card an order issued, as the order's page and the POS's completed sale list it. */
export interface OrderGiftCard {
  id: number;
  masked_code: string;
  order_line_id: number | null;
  initial_cents: number;
  balance_cents: number;
  disabled: boolean;
}

export interface GiftCardEntryRecord {
  id: number;
  kind: (typeof GIFT_CARD_ENTRY_KINDS)[number];
  amount_cents: number;
  balance_after_cents: number;
  reason: string | null;
  /** The order a redemption paid or a refund gave back, and its number. */
  order_id: number | null;
  order_number: number | null;
  actor_email: string;
  create_date: string;
}

export interface GiftCardDetail extends GiftCardRecord {
  entries: GiftCardEntryRecord[];
}

export interface GiftCardPrint {
  id: number;
  code: string;
  initial_cents: number;
  balance_cents: number;
  expiry_date: string | null;
  status: GiftCardStatus;
  recipient_name: string;
  store: { name: string; logo_img_url: string | null };
}

export interface GiftCardResults {
  get_gift_card_data_and_total_number_by_sorting_and_limit: GiftCardRecord[];
  get_gift_card_data_by_application_key_and_id: GiftCardDetail;
  get_gift_card_print_data_by_application_key_and_id: GiftCardPrint;
  add_gift_card_data: { id: number; code: string };
  update_gift_card_data_by_application_key_and_id: null;
  add_gift_card_entry_data: { id: number; balance_after_cents: number };
  update_gift_card_disabled_data_by_application_key_and_id: null;
  add_gift_card_reissue_data: { id: number; code: string };
  add_gift_card_email_data: null;
}

export interface GiftCardExampleRecords {
  /** An active card with a balance and a recipient's e-mail. */
  gift_card_id: number;
  /** Another, for the examples that disable it. */
  spare_gift_card_id: number;
  /** Another, for the edit's example (the others change its version). */
  editable_gift_card_id: number;
}

export const giftCardExamples: Examples<typeof giftCardPayloads> = {
  get_gift_card_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Chan",
    status: "active",
  }),
  get_gift_card_data_by_application_key_and_id: ({ application_key, gift_card_id }) => ({
    application_key,
    id: gift_card_id,
  }),
  get_gift_card_print_data_by_application_key_and_id: ({ application_key, gift_card_id }) => ({
    application_key,
    id: gift_card_id,
  }),
  add_gift_card_data: ({ application_key }) => ({
    application_key,
    amount_cents: 50_000,
    reason: "Birthday gift",
    recipient_name: "Chan Tai Man",
    recipient_email: "chan@example.com",
    recipient_language: "en",
  }),
  update_gift_card_data_by_application_key_and_id: ({ application_key, editable_gift_card_id }) => ({
    application_key,
    id: editable_gift_card_id,
    expiry_date: null,
    recipient_name: "Chan Siu Ming",
    recipient_email: "siuming@example.com",
    recipient_language: "zh-HK",
    note: "Resent to the new address",
    version: 1,
  }),
  add_gift_card_entry_data: ({ application_key, gift_card_id }) => ({
    application_key,
    gift_card_id,
    amount_cents: 1_000,
    reason: "Goodwill",
  }),
  update_gift_card_disabled_data_by_application_key_and_id: ({ application_key, spare_gift_card_id }) => ({
    application_key,
    id: spare_gift_card_id,
    reason: "Sold by mistake",
    version: 1,
  }),
  add_gift_card_reissue_data: ({ application_key, gift_card_id }) => ({
    application_key,
    gift_card_id,
    reason: "Lost",
    version: 1,
  }),
  add_gift_card_email_data: ({ application_key, gift_card_id }) => ({ application_key, gift_card_id }),
};
