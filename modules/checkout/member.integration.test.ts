import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Caller } from "../../backend/caller";
import { cashDollarStatements, cashDollarTakeBackStatements } from "../../backend/cash-dollar";
import { forStore } from "../../backend/db/scope";
import { cashDollarRecords, members } from "../../backend/db/schema";
import {
  checkoutMemberQuery,
  requireCheckoutMember,
  vipUpgradeStatement,
  type VipSetting,
} from "../../backend/member-checkout";
import { createMember, createStore } from "../../tests/helpers/factories";
import { db } from "../../tests/integration/wire";

/** The primitives orders and the POS build on, run in batches of their own against D1. */
async function storeWithMember(overrides: Partial<typeof members.$inferInsert> = {}) {
  const account = await createStore(db());
  const member = await createMember(db(), account.applicationKey, overrides);
  const caller: Caller = {
    tokenHash: "test",
    accountType: "store",
    accountId: account.id,
    email: account.email,
    applicationKey: account.applicationKey,
    role: null,
    permissions: {},
    sellsOffline: true,
  };
  return { store: forStore(db(), account.applicationKey), caller, member };
}

const ledgerOf = (memberId: number) =>
  db()
    .select({ amount: cashDollarRecords.amountCents, after: cashDollarRecords.balanceAfterCents })
    .from(cashDollarRecords)
    .where(eq(cashDollarRecords.memberId, memberId))
    .orderBy(cashDollarRecords.id);

const balanceOf = async (memberId: number) =>
  (await db().select({ cents: members.cashDollarCents }).from(members).where(eq(members.id, memberId)))[0].cents;

describe("taking cash dollar back (a refund reclaiming what its order earned)", () => {
  it("takes what the balance still holds, never below 0, and writes nothing once it is empty", async () => {
    const { store, caller, member } = await storeWithMember();
    await store.batch([
      ...cashDollarStatements(store, caller, { memberId: member.id, amountCents: 800, action: "order" }),
    ]);
    await store.batch([
      ...cashDollarStatements(store, caller, { memberId: member.id, amountCents: -500, action: "order" }),
    ]);

    await store.batch([
      ...cashDollarTakeBackStatements(store, caller, { memberId: member.id, amountCents: 200, orderId: 7 }),
    ]);
    expect(await balanceOf(member.id)).toBe(100);
    // More than is left: only the 1.00 remaining is taken.
    await store.batch([
      ...cashDollarTakeBackStatements(store, caller, { memberId: member.id, amountCents: 800, orderId: 8 }),
    ]);
    expect(await balanceOf(member.id)).toBe(0);
    await store.batch([
      ...cashDollarTakeBackStatements(store, caller, { memberId: member.id, amountCents: 300, orderId: 9 }),
    ]);

    const ledger = await ledgerOf(member.id);
    expect(ledger).toEqual([
      { amount: 800, after: 800 },
      { amount: -500, after: 300 },
      { amount: -200, after: 100 },
      { amount: -100, after: 0 },
    ]);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(await balanceOf(member.id));
  });

  it("touches no member of another store", async () => {
    const { caller, member } = await storeWithMember({ cashDollarCents: 0 });
    const other = await storeWithMember();
    await other.store.batch([
      ...cashDollarTakeBackStatements(other.store, caller, { memberId: member.id, amountCents: 100 }),
    ]);
    await db().update(members).set({ cashDollarCents: 500 }).where(eq(members.id, member.id));
    await other.store.batch([
      ...cashDollarTakeBackStatements(other.store, caller, { memberId: member.id, amountCents: 100 }),
    ]);
    expect(await balanceOf(member.id)).toBe(500);
    expect(await ledgerOf(member.id)).toEqual([]);
  });
});

describe("the member at checkout", () => {
  it("is refused when disabled or missing, and read with its level and balance otherwise", async () => {
    const { store, member } = await storeWithMember({ level: "vip", cashDollarCents: 0 });
    expect(requireCheckoutMember(await checkoutMemberQuery(store, member.id))).toMatchObject({
      id: member.id,
      level: "vip",
      cashDollarCents: 0,
    });

    const disabled = await createMember(db(), store.applicationKey, { disabled: true });
    for (const id of [disabled.id, member.id + 1_000_000]) {
      const rows = await checkoutMemberQuery(store, id);
      expect(() => requireCheckoutMember(rows)).toThrow(
        expect.objectContaining({ status: 404, messageKey: "user-not-found-or-disabled" }),
      );
    }
  });
});

describe("the automatic VIP upgrade", () => {
  const rule: VipSetting = { enabled: true, upgradeSpendCents: 100_000, upgradeDays: 365 };
  const spent = (cents: number) => () => sql`${cents}`;

  it("makes a general member VIP once the spending within the rule's days reaches its amount", async () => {
    const { store, member } = await storeWithMember();
    const below = vipUpgradeStatement(store, rule, true, { memberId: member.id, spentCents: spent(99_999) });
    expect(await below?.all()).toEqual([]);
    const reached = vipUpgradeStatement(store, rule, true, { memberId: member.id, spentCents: spent(100_000) });
    expect(await reached?.all()).toEqual([{ id: member.id }]);
    const [after] = await db().select().from(members).where(eq(members.id, member.id));
    expect(after).toMatchObject({ level: "vip", version: member.version + 1 });
  });

  it("gives the days to the caller's spending and does nothing without a rule or with VIP off", async () => {
    const { store, member } = await storeWithMember();
    const days: number[] = [];
    vipUpgradeStatement(store, rule, true, {
      memberId: member.id,
      spentCents: (sinceDays) => (days.push(sinceDays), sql`0`),
    });
    expect(days).toEqual([365]);
    expect(
      vipUpgradeStatement(store, { ...rule, upgradeSpendCents: null, upgradeDays: null }, true, {
        memberId: member.id,
        spentCents: spent(1_000_000),
      }),
    ).toBeNull();
    expect(vipUpgradeStatement(store, rule, false, { memberId: member.id, spentCents: spent(1_000_000) })).toBeNull();
  });
});
