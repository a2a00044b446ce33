import * as z from "zod";
import { whileValid } from "../../contract/field-rules";
import type { AccountType, LoginData } from "../auth/contract";
import type { Examples } from "../../contract/examples";
import { applicationKey, id } from "../../contract/parts";

/** The name authenticator apps show beside the account (the otpauth:// URI's issuer). */
export const TWO_STEP_ISSUER = "Merchant Back Office";
export const RECOVERY_CODE_COUNT = 10;

const ACCOUNT_TYPES = ["console", "store", "store_staff"] as const satisfies readonly AccountType[];

/**
 * What a person types at the second step: the 6 digits of their authenticator app, or one of their
 * recovery codes (10 letters and digits, shown as two groups of 5). Spaces and hyphens are ignored.
 */
export const oneTimeCode = z
  .string({ error: "force-input" })
  .max(40, { error: "format-not-match" })
  .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: "force-input" })
      .regex(/^(\d{6}|[a-z2-7]{10})$/, { error: "format-not-match", ...whileValid }),
  );

/** A sign-in's challenge token between its password and its second step. */
const challenge = z.string().min(16).max(200);

/** The caller's own account: an action on any other answers 403. */
const ownAccount = { account_type: z.enum(ACCOUNT_TYPES), account_id: id };

/**
 * The caller's own second step and the sign-in's: each needs the caller's account or a code from their
 * authenticator, so they have no example payloads (like the session verbs) and their own tests.
 */
export const twoStepSignInPayloads = {
  /** After a password: the secret to enrol with when the account must enrol. */
  get_two_step_enrolment_data_by_challenge: z.object({ challenge }),
  /** Completes a sign-in with a code (or a recovery code, or a first code when enrolling): the session. */
  add_two_step_session_data: z.object({ challenge, code: oneTimeCode }),
  get_two_step_data_by_account_type_and_account_id: z.object(ownAccount),
  /** Starts an enrolment (a new pending secret, replacing any pending one). */
  add_two_step_data: z.object(ownAccount),
  /** Confirms the pending enrolment with a first code; answers the recovery codes, once. */
  update_two_step_data_by_account_type_and_account_id: z.object({ ...ownAccount, code: oneTimeCode }),
  /** Turns it off, with a current code or a recovery code. */
  delete_two_step_data_by_account_type_and_account_id: z.object({ ...ownAccount, code: oneTimeCode }),
};

export const twoStepPayloads = {
  get_two_step_requirement_data_by_application_key: z.object({ application_key: applicationKey }),
  update_two_step_requirement_data_by_application_key: z.object({
    application_key: applicationKey,
    required: z.boolean().default(false),
  }),
  get_two_step_requirement_data_by_account_type: z.object({ account_type: z.literal("console") }),
  update_two_step_requirement_data_by_account_type: z.object({
    account_type: z.literal("console"),
    required: z.boolean().default(false),
  }),
  /** Whether a store account has it on, for provider staff on the store's page. */
  get_store_account_two_step_data_by_application_key: z.object({ application_key: applicationKey }),
  /** Provider staff reset a store account's two-step sign-in (lost phone): it signs in with its password alone again. */
  delete_store_account_two_step_data_by_application_key: z.object({ application_key: applicationKey }),
};

/** What `login` answers instead of a session when a second step is due (`code`) or enrolment is (`enrol`). */
export interface TwoStepChallengeData {
  two_step: "code" | "enrol";
  challenge: string;
}

export interface TwoStepEnrolment {
  /** Base32, as the app's "enter a setup key" wants it. */
  secret: string;
  /** otpauth://totp/… for the QR code. */
  uri: string;
}

export interface TwoStepData {
  enabled: boolean;
  enabled_at: string | null;
  /** An enrolment started and not yet confirmed. */
  pending: TwoStepEnrolment | null;
  /** The account's store (staff) or the provider (provider staff) requires it. */
  required: boolean;
  recovery_codes_left: number;
}

export interface TwoStepResults {
  get_two_step_enrolment_data_by_challenge: TwoStepEnrolment;
  add_two_step_session_data: LoginData & { recovery_codes?: string[] };
  get_two_step_data_by_account_type_and_account_id: TwoStepData;
  add_two_step_data: TwoStepEnrolment;
  update_two_step_data_by_account_type_and_account_id: { recovery_codes: string[] };
  delete_two_step_data_by_account_type_and_account_id: null;
  get_two_step_requirement_data_by_application_key: { required: boolean };
  update_two_step_requirement_data_by_application_key: { required: boolean };
  get_two_step_requirement_data_by_account_type: { required: boolean };
  update_two_step_requirement_data_by_account_type: { required: boolean };
  get_store_account_two_step_data_by_application_key: { enabled: boolean; enabled_at: string | null };
  delete_store_account_two_step_data_by_application_key: null;
}

// `required: false`: the registry's tests sign in as the example store's staff and provider staff afterwards.
export const twoStepExamples: Examples<typeof twoStepPayloads> = {
  get_two_step_requirement_data_by_application_key: ({ application_key }) => ({ application_key }),
  update_two_step_requirement_data_by_application_key: ({ application_key }) => ({ application_key, required: false }),
  get_two_step_requirement_data_by_account_type: () => ({ account_type: "console" }),
  update_two_step_requirement_data_by_account_type: () => ({ account_type: "console", required: false }),
  get_store_account_two_step_data_by_application_key: ({ application_key }) => ({ application_key }),
  delete_store_account_two_step_data_by_application_key: ({ application_key }) => ({ application_key }),
};
