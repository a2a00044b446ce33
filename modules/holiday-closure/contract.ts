import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { isoDate, multilineText, nullable, refineDateRange, text } from "../../contract/field-rules";
import { applicationKey, id, keyword, sorting, version } from "../../contract/parts";
import { HOLIDAY_CLOSURE_PERIODS, HOLIDAY_CLOSURE_SORTS } from "./options";

/** The days a store is closed (module `holiday_closure`): a public holiday, a staff outing, a renovation. */

export const MAX_HOLIDAY_CLOSURE_NOTE_LENGTH = 1_000;

/** Every field of a closure a merchant sets; the same for add and edit. Days are Hong Kong days, both included. */
export const holidayClosureFields = {
  start_date: isoDate(),
  end_date: isoDate(),
  /** The reason, as the store's languages show it. */
  name_zh_hk: text(),
  name_en: text({ required: false }),
  note: nullable(multilineText({ max: MAX_HOLIDAY_CLOSURE_NOTE_LENGTH })),
};

/** The last day not before the first → `end-date-before-start` beside the end day. */
export const closureDays = refineDateRange("start_date", "end_date");

const holidayClosureId = { application_key: applicationKey, id };

export const holidayClosurePayloads = {
  get_holiday_closure_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(HOLIDAY_CLOSURE_SORTS),
    /** Anywhere in the Chinese or English reason. */
    keyword,
    /** Upcoming: its last day is today or later (Hong Kong); past: before today; blank: all. */
    period: nullable(z.enum(HOLIDAY_CLOSURE_PERIODS)),
  }),
  get_holiday_closure_data_by_application_key_and_id: z.object(holidayClosureId),
  add_holiday_closure_data: z.object({ application_key: applicationKey, ...holidayClosureFields }).check(closureDays),
  update_holiday_closure_data_by_application_key_and_id: z
    .object({ ...holidayClosureFields, ...holidayClosureId, version })
    .check(closureDays),
  delete_holiday_closure_data_by_application_key_and_id: z.object(holidayClosureId),
};

export interface HolidayClosureRecord {
  id: number;
  start_date: string;
  end_date: string;
  name_zh_hk: string;
  name_en: string;
  note: string | null;
  create_date: string;
  version: number;
}

export interface HolidayClosureResults {
  get_holiday_closure_data_and_total_number_by_sorting_and_limit: HolidayClosureRecord[];
  get_holiday_closure_data_by_application_key_and_id: HolidayClosureRecord;
  add_holiday_closure_data: { id: number };
  update_holiday_closure_data_by_application_key_and_id: null;
  delete_holiday_closure_data_by_application_key_and_id: null;
}

export interface HolidayClosureExampleRecords {
  holiday_closure_id: number;
}

const exampleClosure = { start_date: "2026-12-25", end_date: "2026-12-26", name_zh_hk: "聖誕節", name_en: "Christmas" };

export const holidayClosureExamples: Examples<typeof holidayClosurePayloads> = {
  get_holiday_closure_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Christmas",
    period: "upcoming",
  }),
  get_holiday_closure_data_by_application_key_and_id: ({ application_key, holiday_closure_id }) => ({
    application_key,
    id: holiday_closure_id,
  }),
  add_holiday_closure_data: ({ application_key }) => ({ application_key, ...exampleClosure }),
  update_holiday_closure_data_by_application_key_and_id: ({ application_key, holiday_closure_id }) => ({
    application_key,
    id: holiday_closure_id,
    ...exampleClosure,
    version: 1,
  }),
  delete_holiday_closure_data_by_application_key_and_id: ({ application_key, holiday_closure_id }) => ({
    application_key,
    id: holiday_closure_id,
  }),
};
