import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { storeCreditEntries, storeCredits } from "../../backend/db/schema";
import { createMember, createStore, createStoreStaff } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, signIn, TRANSPORT_NAMES } from "../../tests/integration/wire";

const balanceOf = async (memberId: number) =>
  (await db().select().from(storeCredits).where(eq(storeCredits.memberId, memberId)))[0]?.balanceCents;
const ledgerOf = (memberId: number) =>
  db()
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.memberId, memberId))
    .orderBy(asc(storeCreditEntries.id));

describe.each(TRANSPORT_NAMES)("store credit over the %s transport", (transport) => {
  it("adjusts a member's credit both ways, each change a ledger entry with the balance it left, and logged", async () => {
    const { store, client, key } = await merchant(transport);
    const member = await createMember(db(), store.applicationKey);
    const ids = { ...key, member_id: member.id };
    const adjust = (amount_cents: number, reason = "Goodwill") =>
      client.add_store_credit_entry_data({ ...ids, amount_cents, reason });

    expect((await client.get_member_data_by_application_key_and_id({ ...key, id: member.id })).data).toMatchObject({
      store_credit_cents: 0,
      cash_dollar_cents: 0,
    });
    expect((await adjust(12_500)).data).toEqual({ id: expect.any(Number), balance_after_cents: 12_500 });
    expect((await adjust(-2_500, "Correction")).data.balance_after_cents).toBe(10_000);

    const { data, extra } = await client.get_store_credit_entry_data_and_total_number_by_sorting_and_limit(ids);
    expect(extra.total_number).toBe(2);
    expect(data.member).toEqual({
      id: member.id,
      member_code: member.memberCode,
      name: member.name,
      store_credit_cents: 10_000,
    });
    // Newest first.
    expect(
      data.entries.map(({ kind, amount_cents, balance_after_cents, reason, actor_email }) => ({
        kind,
        amount_cents,
        balance_after_cents,
        reason,
        actor_email,
      })),
    ).toEqual([
      {
        kind: "adjust",
        amount_cents: -2_500,
        balance_after_cents: 10_000,
        reason: "Correction",
        actor_email: store.email,
      },
      {
        kind: "adjust",
        amount_cents: 12_500,
        balance_after_cents: 12_500,
        reason: "Goodwill",
        actor_email: store.email,
      },
    ]);
    const second = await client.get_store_credit_entry_data_and_total_number_by_sorting_and_limit({
      ...ids,
      limit: 1,
      page: 2,
    });
    expect(second.data.entries.map((entry) => entry.amount_cents)).toEqual([12_500]);
    // Store credit is apart from cash dollar.
    expect((await client.get_member_data_by_application_key_and_id({ ...key, id: member.id })).data).toMatchObject({
      store_credit_cents: 10_000,
      cash_dollar_cents: 0,
    });
    const log = await logOf(store.applicationKey);
    expect(log.map(({ data_type, record_id, changes }) => ({ data_type, record_id, changes }))).toEqual([
      {
        data_type: "member_store_credit",
        record_id: String(member.id),
        changes: { store_credit_cents: [0, 12_500], reason: [null, "Goodwill"] },
      },
      {
        data_type: "member_store_credit",
        record_id: String(member.id),
        changes: { store_credit_cents: [12_500, 10_000], reason: [null, "Correction"] },
      },
    ]);
  });

  it("refuses a debit beyond the balance beside the amount naming it, and bad amounts and reasons by their rules", async () => {
    const { store, client, key } = await merchant(transport);
    const member = await createMember(db(), store.applicationKey);
    const adjust = (amount_cents: number, reason = "Counter") =>
      client.add_store_credit_entry_data({ ...key, member_id: member.id, amount_cents, reason });

    const none = await expectFailure(adjust(-1), 400, "invalid-payload");
    expect(none.fields).toEqual({ amount_cents: ["store-credit-balance-short:HK$0.00"] });
    await adjust(8_000);
    const short = await expectFailure(adjust(-8_001), 400, "invalid-payload");
    expect(short.fields).toEqual({ amount_cents: ["store-credit-balance-short:HK$80.00"] });
    expect((await expectFailure(adjust(0), 400, "invalid-payload")).fields).toEqual({ amount_cents: ["force-input"] });
    expect((await expectFailure(adjust(10_000_001), 400, "invalid-payload")).fields).toEqual({
      amount_cents: ["number-at-most:100000"],
    });
    expect((await expectFailure(adjust(-10_000_001), 400, "invalid-payload")).fields).toEqual({
      amount_cents: ["number-at-least:-100000"],
    });
    expect((await expectFailure(adjust(100, ""), 400, "invalid-payload")).fields).toEqual({
      reason: ["force-input"],
    });
    expect((await adjust(-8_000)).data.balance_after_cents).toBe(0);
    expect(await balanceOf(member.id)).toBe(0);
    expect((await ledgerOf(member.id)).map((entry) => entry.amountCents)).toEqual([8_000, -8_000]);
  });

  it("does not show or change another store's member's credit, and a member reader cannot adjust it", async () => {
    const { store, client, key } = await merchant(transport);
    const other = await createStore(db());
    const theirs = await createMember(db(), other.applicationKey);
    await expectFailure(
      client.get_store_credit_entry_data_and_total_number_by_sorting_and_limit({ ...key, member_id: theirs.id }),
      404,
      "not-found",
    );
    await expectFailure(
      client.add_store_credit_entry_data({ ...key, member_id: theirs.id, amount_cents: 100, reason: "x" }),
      404,
      "not-found",
    );
    expect(await balanceOf(theirs.id)).toBeUndefined();
    expect(await ledgerOf(theirs.id)).toEqual([]);

    const ours = await createMember(db(), store.applicationKey);
    const reader = await createStoreStaff(db(), store.applicationKey, {
      role: "sales",
      permissions: { member: "read" },
    });
    const readerClient = clientOver(transport, await signIn(transport, reader.email, reader.password));
    const page = await readerClient.get_store_credit_entry_data_and_total_number_by_sorting_and_limit({
      ...key,
      member_id: ours.id,
    });
    expect(page.data.member.store_credit_cents).toBe(0);
    await expectFailure(
      readerClient.add_store_credit_entry_data({ ...key, member_id: ours.id, amount_cents: 100, reason: "x" }),
      403,
      "forbidden",
    );
    expect(await balanceOf(ours.id)).toBeUndefined();
  });
});

describe("store credit under concurrent debits", () => {
  it("20 debits at once never take a balance below zero, and its ledger sums to it", async () => {
    const { store, client, key } = await merchant("embedded");
    const member = await createMember(db(), store.applicationKey);
    await client.add_store_credit_entry_data({ ...key, member_id: member.id, amount_cents: 10_000, reason: "Refund" });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        client.add_store_credit_entry_data({ ...key, member_id: member.id, amount_cents: -700, reason: "Counter" }),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => outcome.reason);
    expect(outcomes.length - refused.length).toBe(14);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ActionFailure);
      expect((error as ActionFailure).status).toBe(400);
      expect((error as ActionFailure).fields?.amount_cents?.[0]).toMatch(/^store-credit-balance-short:/);
    }
    const balance = await balanceOf(member.id);
    expect(balance).toBe(10_000 - 14 * 700);
    const ledger = await ledgerOf(member.id);
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(balance);
    expect(ledger.every((entry) => entry.balanceAfterCents >= 0)).toBe(true);
    expect(ledger.at(-1)?.balanceAfterCents).toBe(balance);
  });
});
