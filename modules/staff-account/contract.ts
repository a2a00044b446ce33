import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { crossFieldCheck, email as emailRule, optional, staffPassword, text } from "../../contract/field-rules";
import { MODULE_IDS, type ModuleId } from "../../contract/modules";
import { STORE_STAFF_ROLES, STORE_STAFF_STATUSES } from "../../contract/options";
import { applicationKey, flag, id, keyword, sorting, version } from "../../contract/parts";
import type { PermissionLevel, StaffRole } from "../store/contract";
import { STORE_STAFF_SORTS } from "./options";

export const PERMISSION_LEVELS = ["none", "read", "write"] as const;

/** Where an account works: every location (later ones too), or only those chosen. */
export const LOCATION_ACCESS = ["all", "chosen"] as const;
/** More locations than a store has; the list of choices is the store's. */
const MAX_STAFF_LOCATIONS = 100;

/** How a new account gets its password: typed by the merchant now, or set by the staff member from an e-mailed link. */
export const PASSWORD_SETUPS = ["invite", "password"] as const;

/**
 * Module → level for the modules the form shows (the store's switched-on ones); the others keep what
 * the account had, or the role's defaults for a new account.
 */
const permissions = z.partialRecord(z.enum(MODULE_IDS), z.enum(PERMISSION_LEVELS, { error: "format-not-match" }));

/** Every field of a store staff account a merchant sets, for add and edit. */
export const storeStaffFields = {
  name: text(),
  email: emailRule().toLowerCase(),
  role: z.enum(STORE_STAFF_ROLES, { error: "force-input" }),
  permissions: permissions.default({}),
  /** May keep selling at the POS while the device is offline (the store account and provider staff always may). */
  sells_offline: flag,
  location_access: z.enum(LOCATION_ACCESS, { error: "force-input" }).default("all"),
  /** The locations of an account limited to some (`location_access` "chosen"); ignored for "all". */
  location_ids: z.array(id).max(MAX_STAFF_LOCATIONS).default([]),
};

type LocationChoice = { location_access?: string; location_ids?: unknown };

/** An account limited to chosen locations needs one at least. */
export const refineLocations = (value: LocationChoice, payload: z.RefinementCtx<LocationChoice>) => {
  const chosen = Array.isArray(value.location_ids) ? value.location_ids.length : 0;
  if (value.location_access === "chosen" && chosen === 0) {
    payload.issues.push({ code: "custom", message: "location-required", path: ["location_ids"], input: [] });
  }
};

/** The password step: "password" needs one (and its repeat); "invite" e-mails a set-password link instead. */
export const passwordSetupFields = {
  password_setup: z.enum(PASSWORD_SETUPS, { error: "force-input" }),
  password: optional(staffPassword()),
  repeat_password: optional(z.string().max(200)),
};

type PasswordSetup = { password_setup: string; password?: string; repeat_password?: string };

/**
 * A typed password is required, and repeated, only when the merchant chose to type one. With an invitation
 * a typed password is refused rather than dropped: whoever typed it expects to sign in with it.
 */
export const refinePasswordSetup = (value: PasswordSetup, payload: z.RefinementCtx<PasswordSetup>) => {
  const { password_setup, password, repeat_password } = value;
  if (password_setup === "invite" && (password || repeat_password)) {
    payload.issues.push({ code: "custom", message: "password-with-invitation", path: ["password"], input: "" });
  }
  if (password_setup !== "password") return;
  const passwordRefused = payload.issues.some((issue) => issue.path?.[0] === "password");
  if (!password && !passwordRefused) {
    payload.issues.push({ code: "custom", message: "force-input", path: ["password"], input: password });
  } else if (password && password !== repeat_password) {
    payload.issues.push({ code: "custom", message: "password-not-match", path: ["repeat_password"], input: "" });
  }
};

const staffId = { application_key: applicationKey, id };

export const storeStaffPayloads = {
  get_store_staff_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(STORE_STAFF_SORTS),
    /** Part of the name or e-mail. */
    keyword,
    role: optional(z.enum(STORE_STAFF_ROLES)),
    status: optional(z.enum(STORE_STAFF_STATUSES)),
  }),
  add_store_staff_data: z
    .object({ application_key: applicationKey, ...storeStaffFields, ...passwordSetupFields })
    .check(crossFieldCheck(refinePasswordSetup), crossFieldCheck(refineLocations)),
  /** Disabling an account, or lowering its permissions, holds from its very next request. */
  update_store_staff_data_by_application_key_and_id: z
    .object({
      ...staffId,
      ...storeStaffFields,
      disabled: flag,
      version,
    })
    .check(crossFieldCheck(refineLocations)),
  /** A new password typed by the merchant (the account's sessions end), or a set-password e-mail. */
  update_store_staff_password_by_application_key_and_id: z
    .object({ ...staffId, ...passwordSetupFields })
    .check(crossFieldCheck(refinePasswordSetup)),
};

export interface StoreStaffRecord {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  permissions: Partial<Record<ModuleId, PermissionLevel>>;
  sells_offline: boolean;
  disabled: boolean;
  create_date: string;
  version: number;
}

export interface StoreStaffResults {
  get_store_staff_data_and_total_number_by_sorting_and_limit: StoreStaffRecord[];
  add_store_staff_data: { id: number };
  update_store_staff_data_by_application_key_and_id: null;
  update_store_staff_password_by_application_key_and_id: null;
}

export interface StaffAccountExampleRecords {
  store_staff_id: number;
}

export const storeStaffExamples: Examples<typeof storeStaffPayloads> = {
  get_store_staff_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({ application_key }),
  add_store_staff_data: ({ application_key }) => ({
    application_key,
    name: "Example",
    email: `example-staff-${application_key}@example.test`,
    role: "sales",
    password_setup: "password",
    password: "example-pass-1",
    repeat_password: "example-pass-1",
  }),
  update_store_staff_data_by_application_key_and_id: ({ application_key, store_staff_id }) => ({
    application_key,
    id: store_staff_id,
    name: "Example",
    email: `example-staff-${store_staff_id}@example.test`,
    role: "sales",
    version: 1,
  }),
  update_store_staff_password_by_application_key_and_id: ({ application_key, store_staff_id }) => ({
    application_key,
    id: store_staff_id,
    password_setup: "password",
    password: "example-pass-1",
    repeat_password: "example-pass-1",
  }),
};
