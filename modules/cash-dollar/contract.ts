import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { MAX_CENTS, signedDecimal, text, wholeNumberBetween } from "../../contract/field-rules";
import { dollarsToCents, isWholeCents } from "../../contract/money";
import { CASH_DOLLAR_ACTIONS } from "../../contract/options";
import { applicationKey, id, sorting } from "../../contract/parts";
import { CASH_DOLLAR_RECORD_SORTS } from "./options";

/** The longest reason an adjustment keeps. */
export const MAX_CASH_DOLLAR_REASON_LENGTH = 200;

/**
 * What a person sets to adjust a member's cash dollar: the amount in cash-dollar cents (negative to take
 * some away, never 0, at most MAX_CENTS either way) and the reason, which an admin adjustment requires.
 */
export const cashDollarAdjustmentFields = {
  amount_cents: wholeNumberBetween(-MAX_CENTS, MAX_CENTS).refine((value) => value !== 0, { error: "force-input" }),
  reason: text({ max: MAX_CASH_DOLLAR_REASON_LENGTH }),
};

/**
 * The adjustment form's amount: typed in cash dollars ("-5", "12.50", at most two decimals) and carried on
 * as the payload's cents, checked by the same rule.
 */
export const cashDollarAsCents = () =>
  signedDecimal()
    .check(z.refine(isWholeCents, { error: "format-not-match" }))
    .transform(dollarsToCents)
    .pipe(cashDollarAdjustmentFields.amount_cents);

export const cashDollarPayloads = {
  /** One member's ledger, newest first, with the member and their balance. */
  get_cash_dollar_record_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    member_id: id,
    ...sorting(CASH_DOLLAR_RECORD_SORTS),
  }),
  /**
   * An admin adjustment: only when the plan has cash dollar (`plan-has-no-cash-dollar`) and the promotion
   * setting has it on (`cash-dollar-not-enabled`), both beside `amount_cents`; a balance it would take
   * below 0 is 409 `not-enough-cash-dollar`.
   */
  add_cash_dollar_record_data: z.object({
    application_key: applicationKey,
    member_id: id,
    ...cashDollarAdjustmentFields,
  }),
};

export interface CashDollarRecord {
  id: number;
  action: (typeof CASH_DOLLAR_ACTIONS)[number];
  /** Cash-dollar cents: + given or earned, − spent or taken away. */
  amount_cents: number;
  /** The member's balance right after this change. */
  balance_after_cents: number;
  order_id: number | null;
  /** The number the order goes by with the customer (#1302), as its order id is internal. */
  order_number: number | null;
  actor_email: string;
  reason: string | null;
  create_date: string;
}

export interface CashDollarLedger {
  member: { id: number; member_code: string; name: string; cash_dollar_cents: number };
  /** The store's current plan has cash dollar and its promotion setting has it on. */
  cash_dollar_enabled: boolean;
  records: CashDollarRecord[];
}

export interface CashDollarResults {
  get_cash_dollar_record_data_and_total_number_by_sorting_and_limit: CashDollarLedger;
  add_cash_dollar_record_data: { id: number; balance_after_cents: number };
}

export const cashDollarExamples: Examples<typeof cashDollarPayloads> = {
  get_cash_dollar_record_data_and_total_number_by_sorting_and_limit: ({ application_key, member_id }) => ({
    application_key,
    member_id,
  }),
  add_cash_dollar_record_data: ({ application_key, member_id }) => ({
    application_key,
    member_id,
    amount_cents: 1_000,
    reason: "Goodwill",
  }),
};
