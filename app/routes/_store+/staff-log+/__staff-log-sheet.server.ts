/** The staff log as .xlsx or CSV: one row per entry, headed in the user's language. Export only. */
import { resources } from "~/locales.generated.server";
import type { AppTFunction, Locale } from "~/i18n";
import { defineSheet } from "~/server/spreadsheet.server";
import type { EntryInWords } from "./__staff-log-entries.server";

const COLUMNS = [
  { column: "time", field: "time", kind: "text" },
  { column: "who", field: "who", kind: "text" },
  { column: "action", field: "action", kind: "text" },
  { column: "module", field: "module", kind: "text" },
  { column: "record", field: "record", kind: "text" },
  { column: "record_id", field: "recordId", kind: "text" },
  { column: "changes", field: "changes", kind: "text" },
] as const;

const sheet = defineSheet({
  columns: COLUMNS,
  texts: { en: resources.en["staff-log"].sheet, "zh-HK": resources["zh-HK"]["staff-log"].sheet },
  fields: {},
});

/** The cells of an entry, in the sheet's columns; each change on its own line of the cell. */
const cells = (entry: EntryInWords, t: AppTFunction) =>
  COLUMNS.map(({ field }) => {
    if (field === "action") return t(`console:action.${entry.action}`);
    if (field === "changes") return entry.changes.join("\n");
    return entry[field];
  });

export const staffLogXlsx = (entries: EntryInWords[], t: AppTFunction, locale: Locale) =>
  sheet.toXlsx(
    entries.map((entry) => cells(entry, t)),
    locale,
  );

export const staffLogCsv = (entries: EntryInWords[], t: AppTFunction, locale: Locale) =>
  sheet.toCsv(
    entries.map((entry) => cells(entry, t)),
    locale,
  );

/** The file's name: the store's log of today (Hong Kong). */
export const staffLogFileName = (today: string, extension: "xlsx" | "csv") => `staff-log-${today}.${extension}`;
