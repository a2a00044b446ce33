/** How the logs show the holiday-closure module's changes: each logged field's label (its form's) and how its value reads. */
import type { HolidayClosureRecord } from "#modules/holiday-closure/contract";
import { text, type Fields, type LogLabels } from "~/server/log-labels";

export const holidayClosureLogLabels = {
  holiday_closure_data: {
    start_date: text("holiday-closure:field.start-date"),
    end_date: text("holiday-closure:field.end-date"),
    name_zh_hk: text("holiday-closure:field.name-zh-hk"),
    name_en: text("holiday-closure:field.name-en"),
    note: text("holiday-closure:field.note"),
  } satisfies Fields<Exclude<keyof HolidayClosureRecord, "id" | "create_date" | "version">>,
} satisfies LogLabels;
