import * as z from "zod";
import type { LocationName } from "../location/contract";
import type { Examples } from "../../contract/examples";
import { isoDate, MAX_CENTS, nullable, optional, text } from "../../contract/field-rules";
import { ORDER_PAYMENT_METHODS, POS_SHIFT_MOVEMENT_KINDS, POS_SHIFT_STATES } from "../../contract/options";
import { applicationKey, cents, id, sorting, version, wholeNumber } from "../../contract/parts";
import { POS_SHIFT_SORTS } from "./options";

/**
 * Cash shifts of the POS (module `pos`): a shift opens with the cash float in the drawer, takes pay-ins and
 * pay-outs with a reason, and closes with the cash counted. Each counter location has its drawer: a shift is
 * opened at one, at most one open per location. Its report sets the counted cash against the expected: float +
 * the cash of the POS orders made at its location during the shift − the cash refunds of its location's orders +
 * pay-ins − pay-outs.
 */

export const MAX_SHIFT_REASON_LENGTH = 200;
export const MAX_SHIFT_NOTE_LENGTH = 500;

const shiftId = { application_key: applicationKey, id };

export const posShiftPayloads = {
  /** Past and current shifts, newest first; `opened_from`/`opened_to` are Hong Kong days, both included. */
  get_pos_shift_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(POS_SHIFT_SORTS),
    state: optional(z.enum(POS_SHIFT_STATES)),
    opened_from: optional(isoDate()),
    opened_to: optional(isoDate()),
    location_id: optional(id),
  }),
  /**
   * The counter's location, and its open shift with its running figures, or null when none is open there: the
   * location named when it sells at the counter, else the store's first that does (as the POS page's).
   */
  get_pos_shift_data_by_application_key: z.object({ application_key: applicationKey, location_id: optional(id) }),
  /** One shift's report: movements, sales per method, expected and counted cash. */
  get_pos_shift_data_by_application_key_and_id: z.object(shiftId),
  /**
   * Opens a shift with the cash float at the counter's location (one that sells at the counter, 400
   * `location-not-counter` beside `location_id`; none named, the store's first that does); a location has at most
   * one open shift (409 `pos-shift-already-open`).
   */
  add_pos_shift_data: z.object({ application_key: applicationKey, float_cents: cents, location_id: optional(id) }),
  /** Cash in or out of the drawer of an open shift (409 `pos-shift-closed` once it is closed). */
  add_pos_shift_movement_data: z.object({
    application_key: applicationKey,
    shift_id: id,
    kind: z.enum(POS_SHIFT_MOVEMENT_KINDS),
    amount_cents: wholeNumber(1, MAX_CENTS),
    reason: text({ max: MAX_SHIFT_REASON_LENGTH }),
  }),
  /**
   * Closes the shift with the cash counted, saved only over `version` (409 `edited-elsewhere`); the
   * expected cash is frozen in the same statement.
   */
  update_pos_shift_data_by_application_key_and_id: z.object({
    ...shiftId,
    version,
    counted_cents: cents,
    note: nullable(text({ max: MAX_SHIFT_NOTE_LENGTH })),
  }),
};

export interface PosShiftRecord {
  id: number;
  state: (typeof POS_SHIFT_STATES)[number];
  /** Where its drawer is; null (with its names) once that location was deleted. */
  location_id: number | null;
  location_name_zh_hk: string | null;
  location_name_en: string | null;
  opened_by: string;
  opened_at: string;
  float_cents: number;
  closed_by: string | null;
  closed_at: string | null;
  counted_cents: number | null;
  /** Frozen when the shift closes; null while it is open. */
  expected_cash_cents: number | null;
  /** Counted − expected once closed: negative is short, positive over. */
  over_short_cents: number | null;
  note: string | null;
  version: number;
}

export interface PosShiftMovement {
  id: number;
  kind: (typeof POS_SHIFT_MOVEMENT_KINDS)[number];
  amount_cents: number;
  reason: string;
  actor_email: string;
  create_date: string;
}

export interface PosShiftReport {
  shift: PosShiftRecord;
  movements: PosShiftMovement[];
  /** The payments of the POS orders made at its location during the shift, per method, largest first. */
  sales: { method: (typeof ORDER_PAYMENT_METHODS)[number]; orders: number; amount_cents: number }[];
  cash_sales_cents: number;
  /**
   * Cash given back from the drawer during the shift: the cash part of refunds and returns (modules/order/returns.ts)
   * of orders made at its location.
   */
  cash_refunds_cents: number;
  pay_in_cents: number;
  pay_out_cents: number;
  /** The frozen figure once closed; while open, what the drawer should hold now. */
  expected_cash_cents: number;
}

/** A page of shifts, with the store's locations in their order to filter them by. */
export interface PosShiftList {
  shifts: PosShiftRecord[];
  locations: LocationName[];
}

/** Where the POS works (none in a store without locations) and the open shift there. */
export interface PosShiftCounter {
  location: LocationName | null;
  report: PosShiftReport | null;
}

export interface PosShiftResults {
  get_pos_shift_data_and_total_number_by_sorting_and_limit: PosShiftList;
  get_pos_shift_data_by_application_key: PosShiftCounter;
  get_pos_shift_data_by_application_key_and_id: PosShiftReport;
  add_pos_shift_data: { id: number; location_id: number };
  add_pos_shift_movement_data: { id: number };
  update_pos_shift_data_by_application_key_and_id: PosShiftRecord;
}

export interface PosShiftExampleRecords {
  /** An open POS shift. */
  pos_shift_id: number;
}

export const posShiftExamples: Examples<typeof posShiftPayloads> = {
  get_pos_shift_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    state: "closed",
    opened_from: "2026-01-01",
    opened_to: "2026-12-31",
  }),
  get_pos_shift_data_by_application_key: ({ application_key }) => ({ application_key }),
  get_pos_shift_data_by_application_key_and_id: ({ application_key, pos_shift_id }) => ({
    application_key,
    id: pos_shift_id,
  }),
  add_pos_shift_data: ({ application_key }) => ({ application_key, float_cents: 500_00 }),
  add_pos_shift_movement_data: ({ application_key, pos_shift_id }) => ({
    application_key,
    shift_id: pos_shift_id,
    kind: "pay_out",
    amount_cents: 50_00,
    reason: "Cleaning supplies",
  }),
  update_pos_shift_data_by_application_key_and_id: ({ application_key, pos_shift_id }) => ({
    application_key,
    id: pos_shift_id,
    version: 1,
    counted_cents: 450_00,
    note: null,
  }),
};
