import { describe, expect, it } from "vitest";
import type { Payload } from "../../contract/actions";
import {
  createCoach,
  createCourseSession,
  createCourseType,
  createCreditPackage,
  createMember,
  createPaidCreditOrder,
  createStore,
  createUploadedImage,
} from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, storeD1, TRANSPORT_NAMES } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

const newCoach = (overrides: Partial<Payload<"add_yoga_coach_data">> = {}) => {
  const id = unique();
  return { name_zh_hk: `陳老師 ${id}`, name_en: `Ms Chan ${id}`, bio: "Hatha\nYin", active: true, ...overrides };
};

const newType = (overrides: Partial<Payload<"add_yoga_course_type_data">> = {}) => {
  const id = unique();
  return { name_zh_hk: `陰瑜伽 ${id}`, name_en: `Yin ${id}`, colour: "#7b1fa2", description: "", ...overrides };
};

const newPackage = (courseTypeIds: number[], overrides: Partial<Payload<"add_credit_package_data">> = {}) => {
  const id = unique();
  return {
    name_zh_hk: `十堂 ${id}`,
    name_en: `Ten classes ${id}`,
    credits: 10,
    price_cents: 120_000,
    validity_days: 60,
    validity_starts: "first_use" as const,
    course_type_ids: courseTypeIds,
    on_sale: true,
    ...overrides,
  };
};

const paging = { direction: "DESC" as const, limit: 20, page: 1 };

describe.each(TRANSPORT_NAMES)("course set-up actions over the %s transport", (transport) => {
  it("adds, reads, edits and deletes a coach with a photo, logging every write", async () => {
    const { store, client, key } = await merchant(transport);
    const photo = await createUploadedImage(db(), store.applicationKey);
    const foreign = await createUploadedImage(db(), (await createStore(db())).applicationKey);
    const refused = await expectFailure(
      client.add_yoga_coach_data({ ...key, ...newCoach({ photo_url: foreign }) }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ photo_url: ["invalid-file"] });

    const input = newCoach({ photo_url: photo });
    const { data: added } = await client.add_yoga_coach_data({ ...key, ...input });
    const { data } = await client.get_yoga_coach_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ ...input, id: added.id, version: 1 });

    await client.update_yoga_coach_data_by_application_key_and_id({
      ...key,
      ...newCoach({ name_zh_hk: input.name_zh_hk, name_en: input.name_en, active: false }),
      id: added.id,
      version: 1,
    });
    expect((await client.get_yoga_coach_data_by_application_key_and_id({ ...key, id: added.id })).data).toMatchObject({
      active: false,
      photo_url: null,
      version: 2,
    });

    await client.delete_yoga_coach_data_by_application_key_and_id({ ...key, id: added.id });
    await expectFailure(
      client.get_yoga_coach_data_by_application_key_and_id({ ...key, id: added.id }),
      404,
      "not-found",
    );
    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "yoga_coach_data", String(added.id)],
      ["edit", "yoga_coach_data", String(added.id)],
      ["delete", "yoga_coach_data", String(added.id)],
    ]);
    expect(log[1].changes).toEqual({ active: [true, false], photo_url: [photo, null] });
    expect(log[2].record_name_en).toBe(input.name_en);
  });

  it("keeps a course type's colour in lower case and refuses one that is not #rrggbb", async () => {
    const { store, client, key } = await merchant(transport);
    const { data: added } = await client.add_yoga_course_type_data({ ...key, ...newType({ colour: "#A1B2C3" }) });
    const { data } = await client.get_yoga_course_type_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data.colour).toBe("#a1b2c3");

    for (const colour of ["red", "#abc", "#gggggg", "#a1b2c3 "]) {
      const failure = await expectFailure(
        client.add_yoga_course_type_data({ ...key, ...newType({ colour, name_zh_hk: " " }) }),
        400,
        "invalid-payload",
      );
      expect(failure.fields, colour).toEqual({
        name_zh_hk: ["force-input"],
        ...(colour.trim() !== "#a1b2c3" && { colour: ["format-not-match"] }),
      });
    }

    await client.update_yoga_course_type_data_by_application_key_and_id({
      ...key,
      ...newType({ name_zh_hk: data.name_zh_hk, name_en: data.name_en, colour: "#00FF00", description: "慢\n靜" }),
      id: added.id,
      version: 1,
    });
    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type }) => [action, data_type])).toEqual([
      ["add", "yoga_course_type_data"],
      ["edit", "yoga_course_type_data"],
    ]);
    expect(log[1].changes).toEqual({ colour: ["#a1b2c3", "#00ff00"], description: ["", "慢\n靜"] });
  });

  it("refuses to delete a coach or a course type that has sessions (409 record-in-use), keeping both", async () => {
    const { store, client, key } = await merchant(transport);
    const [coach, type] = await Promise.all([
      createCoach(db(), store.applicationKey),
      createCourseType(db(), store.applicationKey),
    ]);
    await createCourseSession(db(), store.applicationKey, { coachId: coach.id, courseTypeId: type.id });

    await expectFailure(
      client.delete_yoga_coach_data_by_application_key_and_id({ ...key, id: coach.id }),
      409,
      "record-in-use",
    );
    await expectFailure(
      client.delete_yoga_course_type_data_by_application_key_and_id({ ...key, id: type.id }),
      409,
      "record-in-use",
    );
    expect((await client.get_yoga_coach_data_by_application_key_and_id({ ...key, id: coach.id })).data.id).toBe(
      coach.id,
    );
    expect((await client.get_yoga_course_type_data_by_application_key_and_id({ ...key, id: type.id })).data.id).toBe(
      type.id,
    );
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("adds a package paying for the store's own course types, edits its types and logs both", async () => {
    const { store, client, key } = await merchant(transport);
    const [hatha, yin, theirs] = await Promise.all([
      createCourseType(db(), store.applicationKey),
      createCourseType(db(), store.applicationKey),
      createCourseType(db(), (await createStore(db())).applicationKey),
    ]);
    await expectFailure(
      client.add_credit_package_data({ ...key, ...newPackage([hatha.id, theirs.id]) }),
      404,
      "not-found",
    );

    const input = newPackage([yin.id, hatha.id]);
    const { data: added } = await client.add_credit_package_data({ ...key, ...input });
    const { data } = await client.get_credit_package_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({
      ...input,
      course_type_ids: [hatha.id, yin.id].sort((a, b) => a - b),
      id: added.id,
      version: 1,
    });

    await client.update_credit_package_data_by_application_key_and_id({
      ...key,
      ...input,
      course_type_ids: [yin.id],
      price_cents: 99_900,
      id: added.id,
      version: 1,
    });
    const { data: edited } = await client.get_credit_package_data_by_application_key_and_id({ ...key, id: added.id });
    expect(edited).toMatchObject({ course_type_ids: [yin.id], price_cents: 99_900, version: 2 });

    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "credit_package_data", String(added.id)],
      ["edit", "credit_package_data", String(added.id)],
    ]);
    expect(log[1].changes).toEqual({
      price_cents: [120_000, 99_900],
      course_type_ids: [[hatha.id, yin.id].sort((a, b) => a - b), [yin.id]],
    });
  });

  it("answers bad package fields with the field rules' keys: no credits, no course type, bad validity", async () => {
    const { client, key } = await merchant(transport);
    const failure = await expectFailure(
      client.add_credit_package_data({
        ...key,
        ...newPackage([], { credits: 0, validity_days: 3651, price_cents: 1.5 }),
        validity_starts: "never" as "purchase",
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      credits: ["number-range:1:1000"],
      validity_days: ["number-range:1:3650"],
      price_cents: ["format-not-match"],
      validity_starts: ["force-input"],
      course_type_ids: ["force-input"],
    });
  });

  it("deletes only a package never sold (409 record-in-use), and an edit leaves what was sold as it was", async () => {
    const { store, client, key } = await merchant(transport);
    const type = await createCourseType(db(), store.applicationKey);
    const [sold, unsold] = await Promise.all([
      createCreditPackage(db(), store.applicationKey, [type.id]),
      createCreditPackage(db(), store.applicationKey, [type.id]),
    ]);
    const member = await createMember(db(), store.applicationKey);
    const { order, credit } = await createPaidCreditOrder(db(), store.applicationKey, member.id, sold);

    await expectFailure(
      client.delete_credit_package_data_by_application_key_and_id({ ...key, id: sold.id }),
      409,
      "record-in-use",
    );
    await client.update_credit_package_data_by_application_key_and_id({
      ...key,
      ...newPackage([type.id], { credits: 5, validity_days: 30, price_cents: 1 }),
      id: sold.id,
      version: sold.version,
    });
    const kept = await storeD1()
      .prepare(
        `SELECT o.credits, o.validity_days, o.price_cents, o.package_name_zh_hk, c.credits_remaining
       FROM credit_order o JOIN member_credit c ON c.credit_order_id = o.id WHERE o.id = ?`,
      )
      .bind(order.id)
      .first();
    expect(kept).toEqual({
      credits: sold.credits,
      validity_days: sold.validityDays,
      price_cents: sold.priceCents,
      package_name_zh_hk: sold.nameZhHk,
      credits_remaining: credit.creditsRemaining,
    });

    await client.delete_credit_package_data_by_application_key_and_id({ ...key, id: unsold.id });
    await expectFailure(
      client.get_credit_package_data_by_application_key_and_id({ ...key, id: unsold.id }),
      404,
      "not-found",
    );
    expect((await logOf(store.applicationKey)).map(({ action, record_id }) => [action, record_id])).toEqual([
      ["edit", String(sold.id)],
      ["delete", String(unsold.id)],
    ]);
  });

  it("refuses edits over a version saved since (409) for coaches, types, packages and the setting", async () => {
    const { store, client, key } = await merchant(transport);
    const [coach, type] = await Promise.all([
      createCoach(db(), store.applicationKey),
      createCourseType(db(), store.applicationKey),
    ]);
    const creditPackage = await createCreditPackage(db(), store.applicationKey, [type.id]);
    const saves = [
      (version: number) =>
        client.update_yoga_coach_data_by_application_key_and_id({ ...key, ...newCoach(), id: coach.id, version }),
      (version: number) =>
        client.update_yoga_course_type_data_by_application_key_and_id({ ...key, ...newType(), id: type.id, version }),
      (version: number) =>
        client.update_credit_package_data_by_application_key_and_id({
          ...key,
          ...newPackage([type.id]),
          id: creditPackage.id,
          version,
        }),
      (version: number) =>
        client.update_course_setting_data_by_application_key({ ...key, course_cancel_hours: 6, version }),
    ];
    for (const save of saves) {
      await save(1);
      await expectFailure(save(1), 409, "edited-elsewhere");
    }
    expect((await logOf(store.applicationKey)).map(({ data_type }) => data_type)).toEqual([
      "yoga_coach_data",
      "yoga_course_type_data",
      "credit_package_data",
      "store_setting_data",
    ]);
    expect((await client.get_course_setting_data_by_application_key(key)).data).toEqual({
      course_cancel_hours: 6,
      version: 2,
    });
  });

  it("keeps the late cancellation window from 0 to 168 hours, 12 by default, logged as a store setting", async () => {
    const { store, client, key } = await merchant(transport);
    expect((await client.get_course_setting_data_by_application_key(key)).data).toEqual({
      course_cancel_hours: 12,
      version: 1,
    });
    for (const hours of [-1, 169, 2.5]) {
      const failure = await expectFailure(
        client.update_course_setting_data_by_application_key({ ...key, course_cancel_hours: hours, version: 1 }),
        400,
        "invalid-payload",
      );
      expect(failure.fields).toEqual({
        course_cancel_hours: [hours === 2.5 ? "format-not-match" : "number-range:0:168"],
      });
    }
    await client.update_course_setting_data_by_application_key({ ...key, course_cancel_hours: 0, version: 1 });
    const log = await logOf(store.applicationKey);
    expect(log).toEqual([
      expect.objectContaining({
        action: "edit",
        data_type: "store_setting_data",
        record_id: store.applicationKey,
        changes: { course_cancel_hours: [12, 0] },
      }),
    ]);
  });

  it("lists coaches by name and status, and packages by status and price, with their totals", async () => {
    const { store, client, key } = await merchant(transport);
    for (const coach of [
      newCoach({ name_en: "Amy", active: true }),
      newCoach({ name_en: "bella", active: false }),
      newCoach({ name_en: "Carmen", name_zh_hk: "卡門", active: true }),
    ]) {
      await client.add_yoga_coach_data({ ...key, ...coach });
    }
    const coaches = async (
      overrides: Partial<Payload<"get_yoga_coach_data_and_total_number_by_sorting_and_limit">>,
    ) => {
      const { data, extra } = await client.get_yoga_coach_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...paging,
        sorting: "name",
        ...overrides,
      });
      return { names: data.map((coach) => coach.name_en), total: extra.total_number };
    };
    expect(await coaches({ direction: "ASC" })).toEqual({ names: ["Amy", "bella", "Carmen"], total: 3 });
    expect(await coaches({ status: "active", limit: 1, page: 2 })).toEqual({ names: ["Amy"], total: 2 });
    expect(await coaches({ status: "inactive" })).toEqual({ names: ["bella"], total: 1 });
    expect(await coaches({ keyword: "卡" })).toEqual({ names: ["Carmen"], total: 1 });

    const type = await createCourseType(db(), store.applicationKey);
    await createCreditPackage(db(), store.applicationKey, [type.id], { nameEn: "Five", priceCents: 50_000 });
    await createCreditPackage(db(), store.applicationKey, [type.id], { nameEn: "Ten", priceCents: 90_000 });
    await createCreditPackage(db(), store.applicationKey, [type.id], {
      nameEn: "Old",
      priceCents: 10_000,
      onSale: false,
    });
    const packages = async (
      overrides: Partial<Payload<"get_credit_package_data_and_total_number_by_sorting_and_limit">>,
    ) => {
      const { data, extra } = await client.get_credit_package_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...paging,
        sorting: "price",
        ...overrides,
      });
      return { names: data.map((row) => row.name_en), total: extra.total_number };
    };
    expect(await packages({ direction: "ASC" })).toEqual({ names: ["Old", "Five", "Ten"], total: 3 });
    expect(await packages({ status: "on_sale" })).toEqual({ names: ["Ten", "Five"], total: 2 });
    expect(await packages({ status: "off_sale", keyword: "ol" })).toEqual({ names: ["Old"], total: 1 });
  });

  it("offers the store's own course types to the package form", async () => {
    const { store, client, key } = await merchant(transport);
    const type = await createCourseType(db(), store.applicationKey, { colour: "#123abc" });
    await createCourseType(db(), (await createStore(db())).applicationKey);
    const choice = { id: type.id, name_zh_hk: type.nameZhHk, name_en: type.nameEn, colour: "#123abc" };

    expect((await client.get_yoga_course_type_data_list_by_application_key(key)).data).toEqual([choice]);
  });
});
