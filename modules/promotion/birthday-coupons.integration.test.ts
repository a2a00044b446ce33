import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hongKongDate } from "../../contract/dates";
import { runDailyJobs } from "../../backend";
import { issueBirthdayCoupons } from "../../backend/birthday-coupons";
import { couponMembers, coupons, storeSettings } from "../../backend/db/schema";
import type { ModuleId } from "../../contract/modules";
import { MODULE_IDS } from "../../contract/modules";
import { createMember, createStore } from "../../tests/helpers/factories";
import { db } from "../../tests/integration/wire";

/** 00:30 in Hong Kong on the 1st of next month: still the last day of this month in UTC. */
function firstOfNextMonth() {
  const [year, month] = hongKongDate(new Date()).split("-").map(Number);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const label = `${next.year}-${String(next.month).padStart(2, "0")}`;
  return { now: new Date(`${label}-01T00:30:00+08:00`), label, month: next.month, previousMonth: month };
}

async function birthdayStore({ enabled = true, modules = MODULE_IDS as readonly ModuleId[] } = {}) {
  const store = await createStore(db(), { modules, expiresInDays: 60 });
  await db()
    .update(storeSettings)
    .set({
      birthdayCouponEnabled: enabled,
      birthdayCouponType: "cash",
      birthdayCouponAmount: 5_000,
      birthdayCouponMinimumSubtotalCents: 20_000,
      birthdayCouponValidDays: 14,
    })
    .where(eq(storeSettings.applicationKey, store.applicationKey));
  return store;
}

const couponsOf = (applicationKey: string) =>
  db().select().from(coupons).where(eq(coupons.applicationKey, applicationKey)).orderBy(coupons.id);
const couponMembersOf = (applicationKey: string) =>
  db()
    .select({ couponId: couponMembers.couponId, memberId: couponMembers.memberId })
    .from(couponMembers)
    .where(eq(couponMembers.applicationKey, applicationKey));

describe("birthday coupons", () => {
  it("issue one single-use coupon to each member born in the Hong Kong month, for that member only", async () => {
    const { now, label, month, previousMonth } = firstOfNextMonth();
    const store = await birthdayStore();
    const born = await createMember(db(), store.applicationKey, { birthdayMonth: month });
    // In UTC it is still the previous month: members born then get nothing.
    await createMember(db(), store.applicationKey, { birthdayMonth: previousMonth });
    await createMember(db(), store.applicationKey, { birthdayMonth: month, disabled: true });
    await createMember(db(), store.applicationKey, { birthdayMonth: null });

    await issueBirthdayCoupons(db(), now);

    const [coupon, ...others] = await couponsOf(store.applicationKey);
    expect(others).toEqual([]);
    expect(coupon).toMatchObject({
      source: "birthday",
      issuedFor: label,
      birthdayMemberId: born.id,
      usage: "once",
      audience: "specific",
      usageLimit: 1,
      timesUsed: 0,
      discountType: "cash",
      discountValue: 5_000,
      minimumSubtotalCents: 20_000,
      startsAt: new Date(`${label}-01T00:00:00+08:00`).toISOString(),
      expiresAt: new Date(Date.parse(`${label}-01T00:00:00+08:00`) + 14 * 86_400_000).toISOString(),
      titleEn: `Birthday coupon ${label}`,
      disabled: false,
    });
    expect(coupon.code).toMatch(/^[A-Z2-9]{5}$/);
    expect(await couponMembersOf(store.applicationKey)).toEqual([{ couponId: coupon.id, memberId: born.id }]);
  });

  it("keep a percentage's whole percent as the coupon's basis points", async () => {
    const { now } = firstOfNextMonth();
    const store = await birthdayStore();
    await db()
      .update(storeSettings)
      .set({ birthdayCouponType: "percentage", birthdayCouponAmount: 15 })
      .where(eq(storeSettings.applicationKey, store.applicationKey));
    await createMember(db(), store.applicationKey, { birthdayMonth: firstOfNextMonth().month });

    await issueBirthdayCoupons(db(), now);

    expect(
      (await couponsOf(store.applicationKey)).map((coupon) => [coupon.discountType, coupon.discountValue]),
    ).toEqual([["percentage", 15_00]]);
  });

  it("issue nothing new when the job runs again, and catch up a run that was missed", async () => {
    const { now, month } = firstOfNextMonth();
    const store = await birthdayStore();
    await createMember(db(), store.applicationKey, { birthdayMonth: month });
    await createMember(db(), store.applicationKey, { birthdayMonth: month });

    await runDailyJobs(env, now);
    const first = await couponsOf(store.applicationKey);
    expect(first).toHaveLength(2);
    await runDailyJobs(env, now);
    // A day later, as if the 1st's run had failed: still the same two coupons.
    await runDailyJobs(env, new Date(now.getTime() + 86_400_000));
    expect(await couponsOf(store.applicationKey)).toEqual(first);
    expect(await couponMembersOf(store.applicationKey)).toHaveLength(2);

    const missed = await birthdayStore();
    await createMember(db(), missed.applicationKey, { birthdayMonth: month });
    await issueBirthdayCoupons(db(), new Date(now.getTime() + 3 * 86_400_000));
    expect(await couponsOf(missed.applicationKey)).toHaveLength(1);
  });

  it("skip stores with the setting off or without promotions, and members registered during the month", async () => {
    const { now, month, label } = firstOfNextMonth();
    const off = await birthdayStore({ enabled: false });
    const noPromotions = await birthdayStore({ modules: MODULE_IDS.filter((id) => id !== "promotion") });
    for (const store of [off, noPromotions]) await createMember(db(), store.applicationKey, { birthdayMonth: month });
    const store = await birthdayStore();
    await createMember(db(), store.applicationKey, {
      birthdayMonth: month,
      registrationDate: `${label}-02`,
    });

    await issueBirthdayCoupons(db(), new Date(now.getTime() + 2 * 86_400_000));
    for (const { applicationKey } of [off, noPromotions, store]) expect(await couponsOf(applicationKey)).toEqual([]);
  });
});
