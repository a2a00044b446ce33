import * as z from "zod";
import { refinePasswordRepeat, staffPassword } from "../../contract/field-rules";
import { email, id } from "../../contract/parts";
import type { TwoStepChallengeData } from "../two-step/contract";

/** Who signs in: provider staff (the console), a store account, or one of the store's own staff. */
export type AccountType = "console" | "store" | "store_staff";

/** A new password and its repeat, as every set-password form has them. */
export const newPasswordFields = {
  password: staffPassword(),
  repeat_password: z.string({ error: "force-input" }).min(1, { error: "force-input" }),
};

export const authPayloads = {
  login: z.object({ email, password: z.string().min(1).max(200) }),
  logout: z.object({}),
  check_session: z.object({}),
  forget_password: z.object({ email, language: z.enum(["zh-HK", "en"]).default("zh-HK") }),
  reset_password: z
    .object({ id, token: z.string().min(16).max(200), ...newPasswordFields })
    .check(refinePasswordRepeat()),
};

export interface LoginData {
  token: string;
  account_type: AccountType;
  account_id: number;
  application_key?: string;
}

export interface AuthResults {
  /** A session, or a challenge when the account has (or must enrol in) two-step sign-in. */
  login: LoginData | TwoStepChallengeData;
  logout: null;
  check_session: null;
  forget_password: null;
  reset_password: null;
}
