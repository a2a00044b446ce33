import { describe, expect, it } from "vitest";
import type { PayloadInput } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import { couponRedemptionStatements } from "../../backend/coupons";
import { couponMembers } from "../../backend/db/schema";
import { forStore } from "../../backend/db/scope";
import { createCoupon, createMember, createStore, createStoreStaff } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, signIn, TRANSPORT_NAMES } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);
/** A Hong Kong mobile number no other test uses (8 digits from 5). */
const newPhone = () => `5${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

function newMember(overrides: Partial<PayloadInput<"add_member_data">> = {}) {
  const id = unique();
  return {
    name: `陳大文 ${id}`,
    email: `Member-${id}@Example.com`,
    phone: newPhone(),
    birthday_month: 5,
    marketing_consent: true,
    ...overrides,
  };
}

const list = (overrides: Partial<PayloadInput<"get_member_data_and_total_number_by_sorting_and_limit">> = {}) => ({
  sorting: "create_date" as const,
  direction: "DESC" as const,
  limit: 20,
  page: 1,
  ...overrides,
});

describe.each(TRANSPORT_NAMES)("member actions over the %s transport", (transport) => {
  it("adds a member with the store's next member code, reads and edits it, logging both writes", async () => {
    const { store, client, key } = await merchant(transport);
    const input = newMember({ delivery_address: "旺角彌敦道 1 號", delivery_district: "kln", note: "喜歡綠茶\n少甜" });
    const { data: added } = await client.add_member_data({ ...key, ...input });
    expect(added.member_code).toBe("M00001");
    const { data: second } = await client.add_member_data({ ...key, ...newMember() });
    expect(second.member_code).toBe("M00002");

    const { data } = await client.get_member_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({
      ...input,
      id: added.id,
      member_code: "M00001",
      // E-mails are kept lower-case, so the store's unique check ignores case.
      email: input.email.toLowerCase(),
      registration_date: hongKongDate(new Date()),
      level: "general",
      disabled: false,
      version: 1,
    });

    await client.update_member_data_by_application_key_and_id({
      ...key,
      ...input,
      id: added.id,
      phone: null,
      registration_date: "2024-02-29",
      birthday_month: null,
      disabled: true,
      version: data.version,
    });
    expect((await client.get_member_data_by_application_key_and_id({ ...key, id: added.id })).data).toMatchObject({
      phone: null,
      registration_date: "2024-02-29",
      birthday_month: null,
      disabled: true,
      member_code: "M00001",
      version: 2,
    });

    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "member_data", String(added.id)],
      ["add", "member_data", String(second.id)],
      ["edit", "member_data", String(added.id)],
    ]);
    expect(log[2].changes).toEqual({
      phone: [input.phone, null],
      registration_date: [hongKongDate(new Date()), "2024-02-29"],
      birthday_month: [5, null],
      disabled: [false, true],
    });
    expect(log[2].record_name_zh_hk).toBe(input.name);
  });

  it("reads the coupons issued to the member, newest first, each with its state and whether the member used it", async () => {
    const { store, client, key } = await merchant(transport);
    const member = await createMember(db(), store.applicationKey);
    const other = await createMember(db(), store.applicationKey);
    const DAY = 86_400_000;
    const birthday = await createCoupon(db(), store.applicationKey, {
      source: "birthday",
      issuedFor: "2026-12",
      birthdayMemberId: member.id,
      usage: "once",
      audience: "specific",
      usageLimit: 1,
    });
    const expired = await createCoupon(db(), store.applicationKey, {
      audience: "specific",
      startsAt: new Date(Date.now() - 3 * DAY).toISOString(),
      expiresAt: new Date(Date.now() - DAY).toISOString(),
    });
    const notTheirs = await createCoupon(db(), store.applicationKey, { audience: "specific" });
    await createCoupon(db(), store.applicationKey, { audience: "all" });
    await db()
      .insert(couponMembers)
      .values([
        { applicationKey: store.applicationKey, couponId: birthday.id, memberId: member.id },
        { applicationKey: store.applicationKey, couponId: expired.id, memberId: member.id },
        { applicationKey: store.applicationKey, couponId: notTheirs.id, memberId: other.id },
      ]);
    const scope = forStore(db(), store.applicationKey);
    await scope.batch([
      ...couponRedemptionStatements(scope, { coupon: birthday, memberId: member.id, discountCents: 500 }),
    ]);

    const { data } = await client.get_member_data_by_application_key_and_id({ ...key, id: member.id });
    expect(data.coupons.map(({ id, source, status, used }) => ({ id, source, status, used }))).toEqual([
      { id: expired.id, source: "manual", status: "expired", used: false },
      { id: birthday.id, source: "birthday", status: "used_up", used: true },
    ]);
    expect((await client.get_member_data_by_application_key_and_id({ ...key, id: other.id })).data.coupons).toEqual([
      expect.objectContaining({ id: notTheirs.id, code: notTheirs.code, status: "active", used: false }),
    ]);
  });

  it("refuses an edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { store, client, key } = await merchant(transport);
    const member = await createMember(db(), store.applicationKey);
    const id = { ...key, id: member.id };
    const theirs = newMember();
    await client.update_member_data_by_application_key_and_id({ ...id, ...theirs, version: 1 });

    await expectFailure(
      client.update_member_data_by_application_key_and_id({ ...id, ...newMember(), version: 1 }),
      409,
      "edited-elsewhere",
    );
    expect((await client.get_member_data_by_application_key_and_id(id)).data).toMatchObject({
      name: theirs.name,
      version: 2,
    });
    expect((await logOf(store.applicationKey)).map((entry) => entry.record_name_zh_hk)).toEqual([theirs.name]);
  });

  it("answers a taken e-mail (any case) or phone beside its field, bad fields with the rules' keys, and VIP only with the plan's VIP", async () => {
    const { store, client, key } = await merchant(transport);
    const taken = await createMember(db(), store.applicationKey);
    const email = await expectFailure(
      client.add_member_data({ ...key, ...newMember({ email: taken.email.toUpperCase() }) }),
      409,
      "email-used",
    );
    expect(email.fields).toEqual({ email: ["email-used"] });
    const phone = await expectFailure(
      client.add_member_data({ ...key, ...newMember({ phone: taken.phone }) }),
      409,
      "phone-used",
    );
    expect(phone.fields).toEqual({ phone: ["phone-used"] });
    // Another store's members take nothing from this one.
    const other = await createStore(db());
    await createMember(db(), other.applicationKey, { email: "same@example.com", phone: "23456789" });
    await client.add_member_data({ ...key, ...newMember({ email: "same@example.com", phone: "23456789" }) });
    // An edit meets the same checks.
    const mine = await createMember(db(), store.applicationKey);
    await expectFailure(
      client.update_member_data_by_application_key_and_id({
        ...key,
        ...newMember({ phone: taken.phone }),
        id: mine.id,
        version: 1,
      }),
      409,
      "phone-used",
    );

    const bad = await expectFailure(
      client.add_member_data({
        ...key,
        ...newMember({
          name: " ",
          email: "not-an-email",
          phone: "12345678",
          birthday_month: 13,
          registration_date: "2025-02-30",
          delivery_district: "mars" as "hk",
        }),
      }),
      400,
      "invalid-payload",
    );
    expect(bad.fields).toEqual({
      name: ["force-input"],
      email: ["format-not-match"],
      phone: ["phone-invalid"],
      birthday_month: ["number-range:1:12"],
      registration_date: ["format-not-match"],
      delivery_district: [expect.any(String)],
    });

    const vip = await expectFailure(
      client.add_member_data({ ...key, ...newMember({ level: "vip" }) }),
      400,
      "invalid-payload",
    );
    expect(vip.fields).toEqual({ level: ["plan-has-no-vip"] });
    await expectFailure(
      client.update_member_data_by_application_key_and_id({
        ...key,
        ...newMember({ level: "vip" }),
        id: mine.id,
        version: 1,
      }),
      400,
      "invalid-payload",
    );

    const withVip = await merchant(transport, { hasVip: true });
    const { data } = await withVip.client.add_member_data({ ...withVip.key, ...newMember({ level: "vip" }) });
    expect(
      (await withVip.client.get_member_data_by_application_key_and_id({ ...withVip.key, id: data.id })).data.level,
    ).toBe("vip");
  });

  it("gives concurrent adds distinct member codes, and one e-mail to only one of two racing adds", async () => {
    const { client, key } = await merchant(transport);
    const added = await Promise.all(
      Array.from({ length: 5 }, () => client.add_member_data({ ...key, ...newMember() })),
    );
    expect(added.map(({ data }) => data.member_code).sort()).toEqual([
      "M00001",
      "M00002",
      "M00003",
      "M00004",
      "M00005",
    ]);

    const email = `race-${unique()}@example.com`;
    const outcomes = await Promise.allSettled([
      client.add_member_data({ ...key, ...newMember({ email }) }),
      client.add_member_data({ ...key, ...newMember({ email: email.toUpperCase() }) }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const { extra } = await client.get_member_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list({ keyword: email }),
    });
    expect(extra.total_number).toBe(1);
  });

  it("searches name, e-mail, phone and member code, filters, sorts, pages and counts in one answer", async () => {
    const { store, client, key } = await merchant(transport);
    const members = [
      newMember({ name: "Chan Tai Man", email: "chan@example.com", phone: "91234567", birthday_month: 1 }),
      newMember({ name: "Wong Siu Ming", email: "wong@example.hk", phone: "62345678", marketing_consent: false }),
      newMember({ name: "李嘉欣", email: "lee@example.com", phone: null, birthday_month: null, disabled: true }),
    ];
    for (const member of members) await client.add_member_data({ ...key, ...member });
    const vip = await createMember(db(), store.applicationKey, {
      name: "Au Yeung",
      email: "au@example.com",
      // Not the factory's random number, which could hold the digits searched for below.
      phone: "98765430",
      level: "vip",
      birthdayMonth: 1,
      registrationDate: "2020-01-01",
    });

    const names = async (overrides: Parameters<typeof list>[0]) => {
      const { data, extra } = await client.get_member_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...list(overrides),
      });
      return { names: data.map((member) => member.name), total: extra.total_number };
    };
    expect(await names({ sorting: "name", direction: "ASC" })).toEqual({
      names: ["Au Yeung", "Chan Tai Man", "Wong Siu Ming", "李嘉欣"],
      total: 4,
    });
    expect(await names({ sorting: "registration_date", direction: "ASC", limit: 1 })).toEqual({
      names: ["Au Yeung"],
      total: 4,
    });
    expect(await names({ sorting: "create_date", direction: "DESC", limit: 2, page: 2 })).toEqual({
      names: ["Wong Siu Ming", "Chan Tai Man"],
      total: 4,
    });
    expect(await names({ keyword: "tai" })).toEqual({ names: ["Chan Tai Man"], total: 1 });
    expect(await names({ keyword: "嘉" })).toEqual({ names: ["李嘉欣"], total: 1 });
    expect(await names({ keyword: ".hk" })).toEqual({ names: ["Wong Siu Ming"], total: 1 });
    expect(await names({ keyword: "2345" })).toEqual({ names: ["Wong Siu Ming", "Chan Tai Man"], total: 2 });
    expect(await names({ keyword: vip.memberCode.toLowerCase() })).toEqual({ names: ["Au Yeung"], total: 1 });
    expect(await names({ level: "vip" })).toEqual({ names: ["Au Yeung"], total: 1 });
    expect(await names({ birthday_month: 1 })).toEqual({ names: ["Au Yeung", "Chan Tai Man"], total: 2 });
    expect(await names({ marketing_consent: false })).toEqual({ names: ["Au Yeung", "Wong Siu Ming"], total: 2 });
    expect(await names({ disabled: true })).toEqual({ names: ["李嘉欣"], total: 1 });
    expect(await names({ disabled: false, level: "general", keyword: "example.com" })).toEqual({
      names: ["Chan Tai Man"],
      total: 1,
    });
  });

  it("lets sales staff read and write members, and keeps other stores' members out of reach", async () => {
    const { store, key } = await merchant(transport);
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const salesClient = clientOver(transport, await signIn(transport, sales.email, sales.password));
    const { data } = await salesClient.add_member_data({ ...key, ...newMember() });
    expect((await salesClient.get_member_data_by_application_key_and_id({ ...key, id: data.id })).data.id).toBe(
      data.id,
    );

    const other = await createStore(db());
    const theirs = await createMember(db(), other.applicationKey);
    await expectFailure(
      salesClient.get_member_data_by_application_key_and_id({ ...key, id: theirs.id }),
      404,
      "not-found",
    );
    await expectFailure(
      salesClient.update_member_data_by_application_key_and_id({ ...key, ...newMember(), id: theirs.id, version: 1 }),
      404,
      "not-found",
    );
  });
});
