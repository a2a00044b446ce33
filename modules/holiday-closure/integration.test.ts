import { describe, expect, it } from "vitest";
import { hongKongDate } from "../../contract/dates";
import type { PayloadInput } from "../../contract/actions";
import { createHolidayClosure, createStore } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

type ClosureInput = Omit<PayloadInput<"add_holiday_closure_data">, "application_key">;

const newClosure = (overrides: Partial<ClosureInput> = {}) => ({
  start_date: "2026-12-25",
  end_date: "2026-12-26",
  name_zh_hk: `聖誕節 ${unique()}`,
  name_en: `Christmas ${unique()}`,
  note: null,
  ...overrides,
});

/** A Hong Kong day `days` from today. */
const day = (days: number) => hongKongDate(new Date(Date.now() + days * 86_400_000));

const list = { sorting: "start_date", direction: "ASC", limit: 20, page: 1 } as const;

describe.each(TRANSPORT_NAMES)("holiday closure actions over the %s transport", (transport) => {
  it("adds, reads, edits and deletes a closure, logging every write", async () => {
    const { store, client, key } = await merchant(transport);
    const input = newClosure({ note: "全體員工旅行" });
    const { data: added } = await client.add_holiday_closure_data({ ...key, ...input });

    const { data } = await client.get_holiday_closure_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ ...input, id: added.id, version: 1 });

    await client.update_holiday_closure_data_by_application_key_and_id({
      ...key,
      ...input,
      end_date: "2026-12-27",
      name_en: undefined,
      note: null,
      id: added.id,
      version: 1,
    });
    expect(
      (await client.get_holiday_closure_data_by_application_key_and_id({ ...key, id: added.id })).data,
    ).toMatchObject({ start_date: "2026-12-25", end_date: "2026-12-27", name_en: "", note: null, version: 2 });

    await client.delete_holiday_closure_data_by_application_key_and_id({ ...key, id: added.id });
    await expectFailure(
      client.get_holiday_closure_data_by_application_key_and_id({ ...key, id: added.id }),
      404,
      "not-found",
    );

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id, entry.record_name_zh_hk])).toEqual([
      ["add", "holiday_closure_data", String(added.id), input.name_zh_hk],
      ["edit", "holiday_closure_data", String(added.id), input.name_zh_hk],
      ["delete", "holiday_closure_data", String(added.id), input.name_zh_hk],
    ]);
    expect(log[1].changes).toMatchObject({
      end_date: ["2026-12-26", "2026-12-27"],
      name_en: [input.name_en, ""],
      note: [input.note, null],
    });
    expect(log[1].changes).not.toHaveProperty("start_date");
  });

  it("answers bad fields with the field rules' keys, an end before the start beside the end day", async () => {
    const { store, client, key } = await merchant(transport);
    const bad = await expectFailure(
      client.add_holiday_closure_data({
        ...key,
        ...newClosure({
          start_date: "2026-02-30",
          end_date: "26-12-25",
          name_zh_hk: " ",
          name_en: "x".repeat(71),
          note: "x".repeat(1_001),
        }),
      }),
      400,
      "invalid-payload",
    );
    expect(bad.fields).toEqual({
      start_date: ["format-not-match"],
      end_date: ["format-not-match"],
      name_zh_hk: ["force-input"],
      name_en: ["max-length:70"],
      note: ["max-length:1000"],
    });
    const reversed = await expectFailure(
      client.add_holiday_closure_data({ ...key, ...newClosure({ start_date: "2026-12-26", end_date: "2026-12-25" }) }),
      400,
      "invalid-payload",
    );
    expect(reversed.fields).toEqual({ end_date: ["end-date-before-start"] });
    const closure = await createHolidayClosure(db(), store.applicationKey);
    const reversedEdit = await expectFailure(
      client.update_holiday_closure_data_by_application_key_and_id({
        ...key,
        ...newClosure({ start_date: "2027-01-02", end_date: "2027-01-01" }),
        id: closure.id,
        version: 1,
      }),
      400,
      "invalid-payload",
    );
    expect(reversedEdit.fields).toEqual({ end_date: ["end-date-before-start"] });
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("refuses an edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { store, client, key } = await merchant(transport);
    const closure = await createHolidayClosure(db(), store.applicationKey);
    const id = { ...key, id: closure.id };
    const theirs = newClosure();
    await client.update_holiday_closure_data_by_application_key_and_id({ ...id, ...theirs, version: 1 });
    await expectFailure(
      client.update_holiday_closure_data_by_application_key_and_id({ ...id, ...newClosure(), version: 1 }),
      409,
      "edited-elsewhere",
    );
    const { data } = await client.get_holiday_closure_data_by_application_key_and_id(id);
    expect(data).toMatchObject({ name_zh_hk: theirs.name_zh_hk, version: 2 });
    expect((await logOf(store.applicationKey)).length).toBe(1);
  });

  it("lists upcoming, past or all closures by their last day against today in Hong Kong, searched and sorted", async () => {
    const { store, client, key } = await merchant(transport);
    const closure = (startDate: string, endDate: string, nameEn: string) =>
      createHolidayClosure(db(), store.applicationKey, { startDate, endDate, nameEn });
    const past = await closure(day(-10), day(-8), "Renovation");
    const today = await closure(day(-1), day(0), "Staff outing");
    const later = await closure(day(30), day(32), "Lunar New Year");

    const ids = async (
      overrides: Partial<PayloadInput<"get_holiday_closure_data_and_total_number_by_sorting_and_limit">>,
    ) => {
      const { data, extra } = await client.get_holiday_closure_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...list,
        ...overrides,
      });
      expect(extra.total_number).toBe(data.length);
      return data.map((row) => row.id);
    };
    expect(await ids({ period: "upcoming" })).toEqual([today.id, later.id]);
    expect(await ids({ period: "past" })).toEqual([past.id]);
    expect(await ids({})).toEqual([past.id, today.id, later.id]);
    expect(await ids({ direction: "DESC" })).toEqual([later.id, today.id, past.id]);
    expect(await ids({ keyword: "outing" })).toEqual([today.id]);
    expect(await ids({ keyword: "outing", period: "past" })).toEqual([]);
  });

  it("does not show or change another store's closures", async () => {
    const { client, key } = await merchant(transport);
    const other = await createStore(db());
    const theirs = await createHolidayClosure(db(), other.applicationKey);
    const id = { ...key, id: theirs.id };
    await expectFailure(client.get_holiday_closure_data_by_application_key_and_id(id), 404, "not-found");
    await expectFailure(
      client.update_holiday_closure_data_by_application_key_and_id({ ...id, ...newClosure(), version: 1 }),
      404,
      "not-found",
    );
    await expectFailure(client.delete_holiday_closure_data_by_application_key_and_id(id), 404, "not-found");
    const { data } = await client.get_holiday_closure_data_and_total_number_by_sorting_and_limit({ ...key, ...list });
    expect(data).toEqual([]);
  });
});
