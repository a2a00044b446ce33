import * as z from "zod";
import type { AccountType } from "../auth/contract";
import type { LogRecord } from "../console/contract";
import { LOG_SORTS } from "../console/options";
import type { Examples } from "../../contract/examples";
import { isoDate, optional, refineDateRange } from "../../contract/field-rules";
import { LOG_ACTIONS, LOGGED_MODULES } from "../../contract/options";
import { applicationKey, email, sorting } from "../../contract/parts";

/**
 * The store's staff log (module `staff_log`): every add, edit and delete in the store, by the store
 * account, its staff, provider staff who entered it, or a customer through their own link, newest first. Entries are kept 400 days.
 */

export const staffLogPayloads = {
  /**
   * `date_from`/`date_to` are Hong Kong days, both included; `actor_type` "console" is every provider staff,
   * "customer" every customer through their own link (a booking's).
   */
  get_staff_log_data_and_total_number_by_sorting_and_limit: z
    .object({
      application_key: applicationKey,
      ...sorting(LOG_SORTS),
      actor_type: optional(z.enum(["console", "store", "store_staff", "customer"] satisfies LogRecord["actor_type"][])),
      actor_email: optional(email),
      module: optional(z.enum(LOGGED_MODULES)),
      action: optional(z.enum(LOG_ACTIONS)),
      date_from: optional(isoDate()),
      date_to: optional(isoDate()),
    })
    .check(refineDateRange("date_from", "date_to")),
  /** Who may appear in the log: the store account, then its staff by name. */
  get_staff_log_actor_data_list_by_application_key: z.object({ application_key: applicationKey }),
};

export type StaffLogRecord = Omit<LogRecord, "application_key" | "store_name">;

export interface StaffLogActor {
  account_type: Exclude<AccountType, "console">;
  email: string;
  name: string;
}

export interface StaffLogResults {
  get_staff_log_data_and_total_number_by_sorting_and_limit: StaffLogRecord[];
  get_staff_log_actor_data_list_by_application_key: StaffLogActor[];
}

export const staffLogExamples: Examples<typeof staffLogPayloads> = {
  get_staff_log_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    module: "category",
    action: "edit",
    date_from: "2026-01-01",
    date_to: "2026-12-31",
  }),
  get_staff_log_actor_data_list_by_application_key: ({ application_key }) => ({ application_key }),
};
