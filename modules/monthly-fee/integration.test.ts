import { MODULE_IDS, type ModuleId } from "../../contract/modules";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMailer } from "../../backend/mail";
import { renewMonthlyFees } from "../../backend/monthly-fee-renewal";
import { emailOutbox, monthlyFeeRecords, pushOutbox, storeSettings } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { addDays } from "../../contract/course-calendar";
import { hongKongDate } from "../../contract/dates";
import {
  createMember,
  createMonthlyFeePlan,
  createMonthlyFeeRecord,
  createPushSubscription,
  createStore,
} from "../../tests/helpers/factories";
import { control, db, expectFailure, logOf, merchant, TRANSPORT_NAMES } from "../../tests/integration/wire";
import { env } from "cloudflare:test";

/** A store with a 30-day plan at HK$800 and a member. */
async function gym(transport: (typeof TRANSPORT_NAMES)[number]) {
  const shop = await merchant(transport);
  const applicationKey = shop.store.applicationKey;
  const plan = await createMonthlyFeePlan(db(), applicationKey, { days: 30, priceCents: 80_000 });
  const member = await createMember(db(), applicationKey);
  const add = (overrides: Partial<PayloadInput<"add_monthly_fee_record_data">> = {}) =>
    shop.client.add_monthly_fee_record_data({
      ...shop.key,
      member_id: member.id,
      plan_id: plan.id,
      period_start: "2027-01-01",
      days: 30,
      amount_cents: 80_000,
      renews: true,
      ...overrides,
    });
  const recordsOf = (memberId = member.id) =>
    db()
      .select()
      .from(monthlyFeeRecords)
      .where(eq(monthlyFeeRecords.memberId, memberId))
      .orderBy(monthlyFeeRecords.periodStart);
  return { ...shop, applicationKey, plan, member, add, recordsOf };
}

const outboxTo = (recipient: string) =>
  control().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient));

describe.each(TRANSPORT_NAMES)("monthly fees over the %s transport", (transport) => {
  it("adds, edits, lists and deletes plans; a plan with records is in use", async () => {
    const s = await gym(transport);
    const { data: added } = await s.client.add_monthly_fee_plan_data({
      ...s.key,
      name_zh_hk: "季費",
      name_en: "Quarterly",
      days: 90,
      price_cents: 200_000,
      active: true,
    });
    await s.client.update_monthly_fee_plan_data_by_application_key_and_id({
      ...s.key,
      id: added.id,
      name_zh_hk: "季費",
      name_en: "Quarterly",
      days: 91,
      price_cents: 210_000,
      active: false,
      version: 1,
    });
    const { data: plan } = await s.client.get_monthly_fee_plan_data_by_application_key_and_id({
      ...s.key,
      id: added.id,
    });
    expect(plan).toMatchObject({ days: 91, price_cents: 210_000, active: false, version: 2 });
    await expectFailure(
      s.client.update_monthly_fee_plan_data_by_application_key_and_id({
        ...s.key,
        id: added.id,
        name_zh_hk: "舊",
        days: 30,
        price_cents: 1,
        active: true,
        version: 1,
      }),
      409,
      "edited-elsewhere",
    );
    const { data: inactive, extra } = await s.client.get_monthly_fee_plan_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      status: "inactive",
    });
    expect(inactive.map((row) => row.id)).toEqual([added.id]);
    expect(extra.total_number).toBe(1);
    await expectFailure(
      s.client.add_monthly_fee_plan_data({ ...s.key, name_zh_hk: "太長", days: 367, price_cents: 1 }),
      400,
      "invalid-payload",
    );

    await s.add();
    await expectFailure(
      s.client.delete_monthly_fee_plan_data_by_application_key_and_id({ ...s.key, id: s.plan.id }),
      409,
      "record-in-use",
    );
    await s.client.delete_monthly_fee_plan_data_by_application_key_and_id({ ...s.key, id: added.id });
    const log = await logOf(s.applicationKey);
    expect(log.filter((entry) => entry.data_type === "monthly_fee_plan_data").map((entry) => entry.action)).toEqual([
      "add",
      "edit",
      "delete",
    ]);
    expect(log.find((entry) => entry.action === "edit")?.changes.days).toEqual([90, 91]);
  });

  it("adds a record of the plan's days and price, and refuses a wrong plan, price or period", async () => {
    const s = await gym(transport);
    const { data } = await s.add({ note: "Front desk" });
    const [record] = await s.recordsOf();
    expect(record).toMatchObject({
      id: data.id,
      periodStart: "2027-01-01",
      periodEnd: "2027-01-30",
      amountCents: 80_000,
      status: "pending",
      renews: true,
      note: "Front desk",
    });

    const mismatch = await expectFailure(
      s.add({ period_start: "2027-02-01", amount_cents: 1 }),
      409,
      "monthly-fee-plan-mismatch",
    );
    expect(mismatch.fields).toEqual({ plan_id: ["monthly-fee-plan-mismatch"] });
    await expectFailure(s.add({ period_start: "2027-02-01", days: 31 }), 409, "monthly-fee-plan-mismatch");
    await expectFailure(s.add({ period_start: "2027-01-01" }), 409, "monthly-fee-period-taken");
    const overlapping = await expectFailure(s.add({ period_start: "2026-12-15" }), 409, "monthly-fee-period-taken");
    expect(overlapping.fields).toEqual({ period_start: ["monthly-fee-period-taken"] });
    await expectFailure(s.add({ period_start: "2027-01-30" }), 409, "monthly-fee-period-taken");
    const other = await createStore(db());
    const foreignPlan = await createMonthlyFeePlan(db(), other.applicationKey, { days: 30, priceCents: 80_000 });
    await expectFailure(s.add({ period_start: "2027-02-01", plan_id: foreignPlan.id }), 404, "monthly-plan-not-found");
    const inactivePlan = await createMonthlyFeePlan(db(), s.applicationKey, {
      days: 30,
      priceCents: 80_000,
      active: false,
    });
    await expectFailure(s.add({ period_start: "2027-02-01", plan_id: inactivePlan.id }), 404, "monthly-plan-not-found");
    const foreignMember = await createMember(db(), other.applicationKey);
    await expectFailure(s.add({ period_start: "2027-02-01", member_id: foreignMember.id }), 404, "not-found");
    await expectFailure(s.add({ period_start: "2027-02-30" }), 400, "invalid-payload");
    await expectFailure(s.add({ days: 0 }), 400, "invalid-payload");
    await expectFailure(s.add({ amount_cents: -1 }), 400, "invalid-payload");
    expect(await s.recordsOf()).toHaveLength(1);

    const { data: listed, extra } = await s.client.get_monthly_fee_record_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      keyword: s.member.memberCode,
      status: "pending",
      plan_id: s.plan.id,
      period_from: "2027-01-01",
      period_to: "2027-01-01",
    });
    expect(extra.total_number).toBe(1);
    expect(listed[0]).toMatchObject({
      member_name: s.member.name,
      member_code: s.member.memberCode,
      plan_name_en: s.plan.nameEn,
      period_end: "2027-01-30",
    });
    const { data: none } = await s.client.get_monthly_fee_record_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      status: "paid",
    });
    expect(none).toEqual([]);
    const [entry] = (await logOf(s.applicationKey)).filter((row) => row.data_type === "monthly_fee_record_data");
    expect(entry).toMatchObject({ action: "add", record_id: String(data.id) });
  });

  it("keeps one record of ten concurrent adds of the same member and period", async () => {
    const s = await gym(transport);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.add().then(
          () => "ok",
          (error: { messageKey: string }) => error.messageKey,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "monthly-fee-period-taken")).toHaveLength(9);
    expect(await s.recordsOf()).toHaveLength(1);
  });

  it("keeps one record of ten concurrent adds of overlapping periods", async () => {
    const s = await gym(transport);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, day) =>
        s.add({ period_start: addDays("2027-01-01", day * 3) }).then(
          () => "ok",
          (error: { messageKey: string }) => error.messageKey,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "monthly-fee-period-taken")).toHaveLength(9);
    expect(await s.recordsOf()).toHaveLength(1);
  });

  it("takes a cancelled period again, and offers each member with their next due date", async () => {
    const s = await gym(transport);
    await s.add();
    const { data: cancelled } = await s.add({ period_start: "2027-01-31" });
    await s.client.update_monthly_fee_record_cancellation_data_by_application_key_and_id({
      ...s.key,
      id: cancelled.id,
    });
    const newcomer = await createMember(db(), s.applicationKey, { name: `${s.member.name} Junior` });
    const { data: options } = await s.client.get_monthly_fee_record_option_data_list_by_application_key_and_keyword({
      ...s.key,
      keyword: s.member.name,
    });
    expect(options.members.map((member) => [member.id, member.next_due_date])).toEqual([
      [s.member.id, "2027-01-31"],
      [newcomer.id, null],
    ]);

    await s.add({ period_start: "2027-01-31" });
    expect((await s.recordsOf()).map((row) => [row.periodStart, row.status])).toEqual([
      ["2027-01-01", "pending"],
      ["2027-01-31", "cancelled"],
      ["2027-01-31", "pending"],
    ]);
  });

  it("marks a pending record paid once, cancels a pending one, and stops its renewing over its version", async () => {
    const s = await gym(transport);
    const { data: first } = await s.add();
    const { data: second } = await s.add({ period_start: "2027-01-31" });
    const pay = () =>
      s.client
        .update_monthly_fee_record_payment_data_by_application_key_and_id({
          ...s.key,
          id: first.id,
          payment_method: "cash",
          paid_at: "2027-01-02T10:30",
        })
        .then(
          () => "ok",
          (error: { messageKey: string }) => error.messageKey,
        );
    expect((await Promise.all([pay(), pay()])).sort()).toEqual(["monthly-fee-not-pending", "ok"]);
    const [paid] = await s.recordsOf();
    expect(paid).toMatchObject({ status: "paid", paymentMethod: "cash", paidAt: "2027-01-02T02:30:00.000Z" });
    await expectFailure(
      s.client.update_monthly_fee_record_cancellation_data_by_application_key_and_id({ ...s.key, id: first.id }),
      409,
      "monthly-fee-not-pending",
    );

    await s.client.update_monthly_fee_record_cancellation_data_by_application_key_and_id({ ...s.key, id: second.id });
    await s.client.update_monthly_fee_record_renewal_data_by_application_key_and_id({
      ...s.key,
      id: first.id,
      renews: false,
      version: 2,
    });
    await expectFailure(
      s.client.update_monthly_fee_record_renewal_data_by_application_key_and_id({
        ...s.key,
        id: first.id,
        renews: true,
        version: 2,
      }),
      409,
      "edited-elsewhere",
    );
    expect((await s.recordsOf()).map((row) => [row.status, row.renews])).toEqual([
      ["paid", false],
      ["cancelled", true],
    ]);

    const { data: mine } = await s.client.get_monthly_fee_record_data_list_by_application_key_and_member_id({
      ...s.key,
      member_id: s.member.id,
    });
    expect(mine.records.map((row) => row.id)).toEqual([second.id, first.id]);
    // The cancelled period does not count: the next fee is due after the paid one.
    expect(mine).toMatchObject({ next_due_date: "2027-01-31", latest_status: "paid" });
    await expectFailure(
      s.client.get_monthly_fee_record_data_list_by_application_key_and_member_id({ ...s.key, member_id: 0 }),
      400,
      "invalid-payload",
    );
  });

  it("saves the reminder days over the setting's version", async () => {
    const s = await gym(transport);
    await s.client.update_monthly_fee_setting_data_by_application_key({ ...s.key, reminder_days: 7, version: 1 });
    const { data } = await s.client.get_monthly_fee_setting_data_by_application_key(s.key);
    expect(data).toEqual({ reminder_days: 7, version: 2 });
    await expectFailure(
      s.client.update_monthly_fee_setting_data_by_application_key({ ...s.key, reminder_days: 1, version: 1 }),
      409,
      "edited-elsewhere",
    );
    await expectFailure(
      s.client.update_monthly_fee_setting_data_by_application_key({ ...s.key, reminder_days: 31, version: 2 }),
      400,
      "invalid-payload",
    );
  });
});

describe("the monthly fee renewal job", () => {
  const now = new Date();
  const today = hongKongDate(now);
  const mailer = () => createMailer(control(), env, now);

  /** A record of the plan ending `endsIn` days from today (0: today). */
  async function ending(
    endsIn: number,
    options: { renews?: boolean; active?: boolean; reminderDays?: number; modules?: ModuleId[] } = {},
  ) {
    const store = await createStore(db(), { modules: options.modules });
    const key = store.applicationKey;
    await db()
      .update(storeSettings)
      .set({ monthlyFeeReminderDays: options.reminderDays ?? 3 })
      .where(eq(storeSettings.applicationKey, key));
    const plan = await createMonthlyFeePlan(db(), key, {
      days: 30,
      priceCents: 80_000,
      active: options.active ?? true,
    });
    const member = await createMember(db(), key);
    const record = await createMonthlyFeeRecord(db(), key, member.id, plan, {
      periodStart: addDays(today, endsIn - 29),
      renews: options.renews ?? true,
    });
    const records = () =>
      db()
        .select()
        .from(monthlyFeeRecords)
        .where(and(eq(monthlyFeeRecords.applicationKey, key), eq(monthlyFeeRecords.memberId, member.id)))
        .orderBy(monthlyFeeRecords.periodStart);
    return { key, plan, member, record, records };
  }

  it("creates the next period's pending record and one reminder, however often it runs", async () => {
    const due = await ending(2);
    await db()
      .update(monthlyFeeRecords)
      .set({ status: "paid", paymentMethod: "cash", paidAt: now.toISOString() })
      .where(eq(monthlyFeeRecords.id, due.record.id));
    const browser = await createPushSubscription(db(), due.key, { memberId: due.member.id, language: "en" });
    await Promise.all([renewMonthlyFees(db(), mailer(), env, now), renewMonthlyFees(db(), mailer(), env, now)]);
    await renewMonthlyFees(db(), mailer(), env, now);

    const [, next, ...more] = await due.records();
    expect(more).toEqual([]);
    expect(next).toMatchObject({
      periodStart: addDays(today, 3),
      periodEnd: addDays(today, 32),
      days: 30,
      amountCents: 80_000,
      status: "pending",
      renews: true,
      remindedAt: now.toISOString(),
    });
    const mails = await outboxTo(due.member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(addDays(today, 3));
    expect(mails[0].body).toContain("----");
    expect(mails[0].subject).toContain(due.plan.nameEn);
    const pushes = await db().select().from(pushOutbox).where(eq(pushOutbox.endpoint, browser.endpoint));
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0].payload)).toMatchObject({
      title: expect.stringContaining("monthly fee due"),
      body: expect.stringContaining(`${due.plan.nameEn} (${addDays(today, 3)} to ${addDays(today, 32)}), HK$800.00`),
      tag: `reminder-monthly-fee-${next.id}`,
    });
  });

  it("waits until the next period is within the reminder days; 0 renews on the day", async () => {
    const early = await ending(3);
    const onTheDay = await ending(-1, { reminderDays: 0 });
    const notYet = await ending(0, { reminderDays: 0 });
    await renewMonthlyFees(db(), mailer(), env, now);
    expect(await early.records()).toHaveLength(1);
    expect((await onTheDay.records()).map((row) => row.periodStart)).toEqual([addDays(today, -30), today]);
    expect(await notYet.records()).toHaveLength(1);
    expect(await outboxTo(onTheDay.member.email)).toHaveLength(1);
  });

  it("does not renew a record that stopped renewing, of an inactive plan, of a store without the module, or followed by a later one", async () => {
    const stopped = await ending(1, { renews: false });
    const switchedOff = await ending(1, { modules: MODULE_IDS.filter((module) => module !== "monthly_fee") });
    const inactive = await ending(1, { active: false });
    const followed = await ending(1);
    await createMonthlyFeeRecord(db(), followed.key, followed.member.id, followed.plan, {
      periodStart: addDays(today, 10),
    });
    const skipped = await ending(1);
    await createMonthlyFeeRecord(db(), skipped.key, skipped.member.id, skipped.plan, {
      periodStart: addDays(today, 2),
      status: "cancelled",
      cancelledAt: now.toISOString(),
    });
    await renewMonthlyFees(db(), mailer(), env, now);
    expect(await stopped.records()).toHaveLength(1);
    expect(await switchedOff.records()).toHaveLength(1);
    expect(await inactive.records()).toHaveLength(1);
    expect(await followed.records()).toHaveLength(2);
    expect((await skipped.records()).map((row) => row.status)).toEqual(["pending", "cancelled"]);
    expect(await outboxTo(stopped.member.email)).toEqual([]);
    expect(await outboxTo(skipped.member.email)).toEqual([]);
  });
});
