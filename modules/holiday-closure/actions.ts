import { gte, lt, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { HolidayClosureRecord } from "./contract";
import { defineStoreCrud } from "../../backend/crud";
import { holidayClosures } from "../../backend/db/schema";
import { namesOf } from "../../backend/log";
import { snakeCased } from "../../backend/records";

type HolidayClosureFields = Omit<Payload<"add_holiday_closure_data">, "application_key">;
type HolidayClosureRow = typeof holidayClosures.$inferSelect;

const SORT_COLUMNS = {
  start_date: holidayClosures.startDate,
  create_date: holidayClosures.createdAt,
} as const;

/** Today in Hong Kong (UTC+8 all year round), as the days are stored. */
const hongKongToday = sql`date('now', '+8 hours')`;

function toColumns(input: HolidayClosureFields) {
  return {
    startDate: input.start_date,
    endDate: input.end_date,
    nameZhHk: input.name_zh_hk,
    nameEn: input.name_en ?? "",
    note: input.note,
  };
}

const toRecord = (row: HolidayClosureRow): HolidayClosureRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt"], add: { create_date: row.createdAt } });

/** The fields as the payload names them, blanks as they are stored, so the log shows only real changes. */
const toLogged = (columns: ReturnType<typeof toColumns>) =>
  snakeCased(columns, { pick: ["startDate", "endDate", "nameZhHk", "nameEn", "note"] });

const crud = defineStoreCrud({
  entity: "holiday_closure",
  table: holidayClosures,
  module: "holiday_closure",
  dataType: "holiday_closure_data",
  toColumns,
  toRecord,
  toLogged,
  nameOf: namesOf,
});

export const holidayClosureActions = [
  crud.list({
    search: [holidayClosures.nameZhHk, holidayClosures.nameEn],
    sorts: SORT_COLUMNS,
    filter: ({ period }) =>
      period === "upcoming"
        ? gte(holidayClosures.endDate, hongKongToday)
        : period === "past"
          ? lt(holidayClosures.endDate, hongKongToday)
          : undefined,
  }),
  crud.get(),
  crud.add(),
  crud.edit(),
  crud.delete(),
];
