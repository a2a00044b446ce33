import { hongKongDate } from "../../contract/dates";
import { addDays, quote, type ModuleDemoData } from "../../scripts/demo-sql";

/**
 * Demo Shop's closures: the coming Christmas, the first three days of the Lunar New Year of 2027 and a
 * renovation a month ago, so the list has upcoming and past ones. Skipped when there (by the Chinese reason).
 */
export const holidayClosureDemoData: ModuleDemoData = {
  rank: 170,
  sql: ({ now }) => {
    const key = quote("demo-shop");
    const today = hongKongDate(now);
    const year = Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-26` ? 1 : 0);
    const closures = [
      [`${year}-12-25`, `${year}-12-26`, "聖誕節", "Christmas", null],
      ["2027-02-06", "2027-02-08", "農曆新年", "Lunar New Year", "年初一至初三"],
      [addDays(today, -35), addDays(today, -33), "店舖裝修", "Renovation", null],
    ] as const;
    return closures
      .map(
        ([
          start,
          end,
          zh,
          en,
          note,
        ]) => `INSERT INTO holiday_closure (application_key, start_date, end_date, name_zh_hk, name_en, note)
      SELECT ${key}, ${quote(start)}, ${quote(end)}, ${quote(zh)}, ${quote(en)}, ${quote(note)}
      WHERE NOT EXISTS (SELECT 1 FROM holiday_closure WHERE application_key = ${key} AND name_zh_hk = ${quote(zh)});`,
      )
      .join("\n");
  },
};
