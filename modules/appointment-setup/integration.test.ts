import { describe, expect, it } from "vitest";
import type { PayloadInput } from "../../contract/actions";
import {
  createAppointmentCategory,
  createAppointmentProvider,
  createAppointmentRecord,
  createAppointmentService,
  createStore,
  createStoreStaff,
  createUploadedImage,
} from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, storeD1, TRANSPORT_NAMES } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

const newProvider = (overrides: Partial<PayloadInput<"add_appointment_provider_data">> = {}) => {
  const id = unique();
  return { name_zh_hk: `陳醫生 ${id}`, name_en: `Dr Chan ${id}`, active: true, ...overrides };
};

const newCategory = (overrides: Partial<PayloadInput<"add_appointment_category_data">> = {}) => {
  const id = unique();
  return {
    name_zh_hk: `護理 ${id}`,
    name_en: `Care ${id}`,
    description: "舒緩\n放鬆",
    status: "accept" as const,
    ...overrides,
  };
};

type ScheduleInput = PayloadInput<"add_appointment_service_data">["schedules"];

const WEEKDAYS_AND_A_HOLIDAY = [
  ...(["monday", "tuesday", "wednesday", "thursday", "friday"] as const).map((schedule_type) => ({
    schedule_type,
    start_time: "10:00",
    end_time: "18:00",
  })),
  { schedule_type: "specific_date" as const, specific_date: "2026-12-25", closed: true },
];

const newService = (
  category_id: number,
  provider_id: number,
  overrides: Partial<PayloadInput<"add_appointment_service_data">> = {},
) => {
  const id = unique();
  return {
    name_zh_hk: `面部護理 ${id}`,
    name_en: `Facial ${id}`,
    description: "",
    category_id,
    provider_id,
    duration_minutes: 60,
    price_cents: 38_000,
    buffer_before_minutes: 10,
    buffer_after_minutes: 15,
    capacity: 1,
    min_notice_hours: 2,
    booking_window_days: 30,
    status: "accept" as const,
    schedules: WEEKDAYS_AND_A_HOLIDAY as ScheduleInput,
    ...overrides,
  };
};

const paging = { direction: "ASC" as const, limit: 20, page: 1 };

describe.each(TRANSPORT_NAMES)("appointment set-up over the %s transport", (transport) => {
  it("adds, edits and deletes a provider linked to a staff account of the store, and refuses one in use", async () => {
    const { store, client, key } = await merchant(transport);
    const staff = await createStoreStaff(db(), store.applicationKey);
    const foreignStaff = await createStoreStaff(db(), (await createStore(db())).applicationKey);
    await expectFailure(
      client.add_appointment_provider_data({ ...key, ...newProvider({ staff_id: foreignStaff.id }) }),
      404,
      "not-found",
    );

    const input = newProvider({ staff_id: staff.id });
    const { data: added } = await client.add_appointment_provider_data({ ...key, ...input });
    const { data } = await client.get_appointment_provider_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ ...input, staff_name: "Factory sales", version: 1 });

    await client.update_appointment_provider_data_by_application_key_and_id({
      ...key,
      ...newProvider({ name_zh_hk: input.name_zh_hk, name_en: input.name_en, active: false }),
      id: added.id,
      version: 1,
    });
    const { data: list, extra } = await client.get_appointment_provider_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...paging,
      sorting: "name",
      status: "inactive",
    });
    expect(extra.total_number).toBe(1);
    expect(list[0]).toMatchObject({ id: added.id, staff_id: null, staff_name: null, active: false, version: 2 });

    const { service } = await createAppointmentService(db(), store.applicationKey);
    await expectFailure(
      client.delete_appointment_provider_data_by_application_key_and_id({ ...key, id: service.providerId }),
      409,
      "record-in-use",
    );
    await client.delete_appointment_provider_data_by_application_key_and_id({ ...key, id: added.id });
    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "appointment_provider_data", String(added.id)],
      ["edit", "appointment_provider_data", String(added.id)],
      ["delete", "appointment_provider_data", String(added.id)],
    ]);
    expect(log[1].changes).toEqual({ staff_id: [staff.id, null], active: [true, false] });
  });

  it("adds and edits a category with an image of the store, and refuses to delete one with services", async () => {
    const { store, client, key } = await merchant(transport);
    const image = await createUploadedImage(db(), store.applicationKey);
    const foreign = await createUploadedImage(db(), (await createStore(db())).applicationKey);
    const refused = await expectFailure(
      client.add_medi_appointment_category_data({ ...key, ...newCategory({ image_url: foreign }) }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ image_url: ["invalid-file"] });

    const input = newCategory({ image_url: image });
    const { data: added } = await client.add_medi_appointment_category_data({ ...key, ...input });
    await client.update_medi_appointment_category_data_by_application_key_and_id({
      ...key,
      ...input,
      status: "stop",
      id: added.id,
      version: 1,
    });
    const { data } = await client.get_medi_appointment_category_data_by_application_key_and_id({
      ...key,
      id: added.id,
    });
    expect(data).toMatchObject({ ...input, status: "stop", version: 2 });
    const { data: stopped } = await client.get_medi_appointment_category_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...paging,
      status: "stop",
    });
    expect(stopped.map(({ id }) => id)).toEqual([added.id]);

    const { category } = await createAppointmentService(db(), store.applicationKey, { variant: "medical" });
    await expectFailure(
      client.delete_medi_appointment_category_data_by_application_key_and_id({ ...key, id: category.id }),
      409,
      "record-in-use",
    );
    await client.delete_medi_appointment_category_data_by_application_key_and_id({ ...key, id: added.id });
    expect((await logOf(store.applicationKey)).map(({ action, data_type }) => [action, data_type])).toEqual([
      ["add", "medi_appointment_category_data"],
      ["edit", "medi_appointment_category_data"],
      ["delete", "medi_appointment_category_data"],
    ]);
  });

  it("saves a service with its schedule, replaces the schedule on edit and deletes it with the service", async () => {
    const { store, client, key } = await merchant(transport);
    const [category, provider] = await Promise.all([
      createAppointmentCategory(db(), store.applicationKey),
      createAppointmentProvider(db(), store.applicationKey),
    ]);
    const input = newService(category.id, provider.id);
    const { data: added } = await client.add_appointment_service_data({ ...key, ...input });
    const { data } = await client.get_appointment_service_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({
      name_en: input.name_en,
      category_name_en: category.nameEn,
      category_status: "accept",
      provider_name_en: provider.nameEn,
      price_cents: 38_000,
      sort_order: 1,
      version: 1,
    });
    expect(data.schedules).toEqual([
      ...WEEKDAYS_AND_A_HOLIDAY.slice(0, 5).map((row) => ({ ...row, specific_date: null, closed: false })),
      { schedule_type: "specific_date", specific_date: "2026-12-25", closed: true, start_time: null, end_time: null },
    ]);

    const schedules = [
      { schedule_type: "everyday" as const, start_time: "09:00", end_time: "12:00" },
      { schedule_type: "everyday" as const, start_time: "13:00", end_time: "17:30" },
    ];
    await client.update_appointment_service_data_by_application_key_and_id({
      ...key,
      ...input,
      capacity: 4,
      schedules,
      id: added.id,
      version: 1,
    });
    const { data: edited } = await client.get_appointment_service_data_by_application_key_and_id({
      ...key,
      id: added.id,
    });
    expect(edited).toMatchObject({ capacity: 4, version: 2 });
    expect(edited.schedules).toEqual(schedules.map((row) => ({ ...row, specific_date: null, closed: false })));

    const { data: listed, extra } = await client.get_appointment_service_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...paging,
      provider_id: provider.id,
      keyword: input.name_en,
    });
    expect([extra.total_number, listed.map(({ id }) => id)]).toEqual([1, [added.id]]);

    await client.delete_appointment_service_data_by_application_key_and_id({ ...key, id: added.id });
    const { results } = await storeD1()
      .prepare("SELECT COUNT(*) AS n FROM appointment_schedule WHERE service_id = ?")
      .bind(added.id)
      .all<{ n: number }>();
    expect(results[0].n).toBe(0);
    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type }) => [action, data_type])).toEqual([
      ["add", "appointment_service_data"],
      ["edit", "appointment_service_data"],
      ["delete", "appointment_service_data"],
    ]);
    expect(log[1].changes).toEqual({
      capacity: [1, 4],
      schedules: [
        "monday 10:00–18:00; tuesday 10:00–18:00; wednesday 10:00–18:00; thursday 10:00–18:00; friday 10:00–18:00; 2026-12-25 closed",
        "everyday 09:00–12:00; everyday 13:00–17:30",
      ],
    });
  });
});

describe("appointment set-up rules", () => {
  it("refuses bad schedule rows beside each row", async () => {
    const { store, client, key } = await merchant("embedded");
    const { category, provider } = await createAppointmentService(db(), store.applicationKey);
    const schedules = [
      { schedule_type: "monday", start_time: "9:00", end_time: "18:00" },
      { schedule_type: "tuesday", start_time: "18:00", end_time: "10:00" },
      { schedule_type: "wednesday", start_time: "10:00", end_time: "10:00" },
      { schedule_type: "specific_date", start_time: "10:00", end_time: "12:00" },
      { schedule_type: "everyday", closed: true },
      { schedule_type: "specific_date", specific_date: "2026-02-30", closed: true },
      { schedule_type: "thursday", start_time: "10:00" },
    ] as ScheduleInput;
    const failure = await expectFailure(
      client.add_appointment_service_data({ ...key, ...newService(category.id, provider.id, { schedules }) }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      "schedules.0.start_time": ["format-not-match"],
      "schedules.1.end_time": ["end-time-before-start"],
      "schedules.2.end_time": ["end-time-before-start"],
      "schedules.3.specific_date": ["force-input"],
      "schedules.4.closed": ["schedule-closed-only-on-date"],
      "schedules.5.specific_date": ["format-not-match"],
      "schedules.6.end_time": ["force-input"],
    });

    const empty = await expectFailure(
      client.add_appointment_service_data({ ...key, ...newService(category.id, provider.id, { schedules: [] }) }),
      400,
      "invalid-payload",
    );
    expect(empty.fields).toEqual({ schedules: ["schedule-needs-opening"] });
    const { data: closedOnly } = await client.add_appointment_service_data({
      ...key,
      ...newService(category.id, provider.id, { schedules: [WEEKDAYS_AND_A_HOLIDAY[5]] }),
    });
    expect(closedOnly.id).toBeGreaterThan(0);

    const numbers = await expectFailure(
      client.add_appointment_service_data({
        ...key,
        ...newService(category.id, provider.id, { duration_minutes: 4, capacity: 101, buffer_after_minutes: 241 }),
      }),
      400,
      "invalid-payload",
    );
    expect(numbers.fields).toEqual({
      duration_minutes: ["number-range:5:720"],
      capacity: ["number-range:1:100"],
      buffer_after_minutes: ["number-range:0:240"],
    });
  });

  it("keeps the other save of a service and logs it once when a stale version is saved", async () => {
    const { store, client, key } = await merchant("embedded");
    const { service, category, provider } = await createAppointmentService(db(), store.applicationKey);
    const save = (name_en: string, schedules: ScheduleInput) =>
      client.update_appointment_service_data_by_application_key_and_id({
        ...key,
        ...newService(category.id, provider.id, { name_en, schedules }),
        id: service.id,
        version: 1,
      });
    await save("First", [{ schedule_type: "saturday", start_time: "11:00", end_time: "15:00" }]);
    await expectFailure(save("Second", WEEKDAYS_AND_A_HOLIDAY as ScheduleInput), 409, "edited-elsewhere");
    const { data } = await client.get_appointment_service_data_by_application_key_and_id({ ...key, id: service.id });
    expect(data).toMatchObject({ name_en: "First", version: 2 });
    expect(data.schedules.map(({ schedule_type }) => schedule_type)).toEqual(["saturday"]);
    expect(await logOf(store.applicationKey)).toHaveLength(1);
  });

  it("refuses to delete a service with bookings, and keeps its schedule", async () => {
    const { store, client, key } = await merchant("embedded");
    const { service } = await createAppointmentService(db(), store.applicationKey);
    await createAppointmentRecord(db(), store.applicationKey, service);
    await expectFailure(
      client.delete_appointment_service_data_by_application_key_and_id({ ...key, id: service.id }),
      409,
      "record-in-use",
    );
    const { data } = await client.get_appointment_service_data_by_application_key_and_id({ ...key, id: service.id });
    expect(data.schedules).toHaveLength(1);
  });

  it("keeps the variants apart: a general action neither reads nor writes a medical row", async () => {
    const { store, client, key } = await merchant("embedded");
    const medical = await createAppointmentService(db(), store.applicationKey, { variant: "medical" });
    const general = await createAppointmentService(db(), store.applicationKey);
    const calls = [
      client.get_appointment_provider_data_by_application_key_and_id({ ...key, id: medical.provider.id }),
      client.update_appointment_provider_data_by_application_key_and_id({
        ...key,
        ...newProvider(),
        id: medical.provider.id,
        version: 1,
      }),
      client.delete_appointment_category_data_by_application_key_and_id({ ...key, id: medical.category.id }),
      client.get_appointment_service_data_by_application_key_and_id({ ...key, id: medical.service.id }),
      client.update_appointment_service_position_data_by_application_key_and_id({
        ...key,
        id: medical.service.id,
        move: "up",
      }),
      client.delete_appointment_service_data_by_application_key_and_id({ ...key, id: medical.service.id }),
      client.add_appointment_service_data({ ...key, ...newService(medical.category.id, general.provider.id) }),
      client.update_medi_appointment_service_data_by_application_key_and_id({
        ...key,
        ...newService(medical.category.id, general.provider.id),
        id: medical.service.id,
        version: 1,
      }),
    ];
    for (const call of calls) await expectFailure(call, 404, "not-found");

    const { data: choices } = await client.get_appointment_choice_data_list_by_application_key(key);
    expect(choices.categories).toEqual([
      {
        id: general.category.id,
        name_zh_hk: general.category.nameZhHk,
        name_en: general.category.nameEn,
        status: "accept",
      },
    ]);
    expect(choices.providers.map(({ id }) => id)).toEqual([general.provider.id]);
    expect(choices.services).toEqual([
      {
        id: general.service.id,
        name_zh_hk: general.service.nameZhHk,
        name_en: general.service.nameEn,
        status: "accept",
        category_id: general.category.id,
        provider_id: general.provider.id,
        duration_minutes: 60,
        price_cents: 30_000,
        capacity: 1,
      },
    ]);
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("moves services up and down the store order, concurrent moves leaving a permutation", async () => {
    const { store, client, key } = await merchant("embedded");
    const { category, provider } = await createAppointmentService(db(), store.applicationKey, { variant: "medical" });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { data } = await client.add_medi_appointment_service_data({
        ...key,
        ...newService(category.id, provider.id),
      });
      ids.push(data.id);
    }
    const order = async () =>
      (await client.get_medi_appointment_choice_data_list_by_application_key(key)).data.services.map(({ id }) => id);
    const [first, ...rest] = await order();

    const move = (id: number, to: "up" | "down") =>
      client.update_medi_appointment_service_position_data_by_application_key_and_id({ ...key, id, move: to });
    await move(ids[4], "up");
    expect(await order()).toEqual([first, ids[0], ids[1], ids[2], ids[4], ids[3]]);
    await move(first, "up");
    await move(ids[3], "down");
    expect(await order()).toEqual([first, ids[0], ids[1], ids[2], ids[4], ids[3]]);
    expect(rest).toEqual(ids);

    await Promise.all([move(ids[0], "down"), move(ids[1], "up"), move(ids[2], "down"), move(ids[4], "up")]);
    const after = await order();
    expect([...after].sort((a, b) => a - b)).toEqual([first, ...ids].sort((a, b) => a - b));
    const { results } = await storeD1()
      .prepare(
        "SELECT sort_order FROM appointment_service WHERE application_key = ? AND variant = 'medical' ORDER BY sort_order",
      )
      .bind(store.applicationKey)
      .all<{ sort_order: number }>();
    expect(results.map(({ sort_order }) => sort_order)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
