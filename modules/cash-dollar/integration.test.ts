import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { cashDollarStatements } from "../../backend/cash-dollar";
import { forStore } from "../../backend/db/scope";
import { createMember, createOrderRow } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES, type TransportName } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

/** A store whose plan has cash dollar (or not), with the setting on (or not) and a welcome amount. */
async function cashStore(
  transport: TransportName,
  { plan = true, enabled = true, welcomeCents = 0 }: { plan?: boolean; enabled?: boolean; welcomeCents?: number } = {},
) {
  return merchant(transport, { hasCashDollar: plan, cashDollarEnabled: enabled, welcomeCashDollarCents: welcomeCents });
}

describe.each(TRANSPORT_NAMES)("cash dollar over the %s transport", (transport) => {
  it("adjusts a balance up and down, each change a ledger row with the balance it left, and logged", async () => {
    const { store, client, key } = await cashStore(transport);
    const member = await createMember(db(), store.applicationKey);
    const ids = { ...key, member_id: member.id };

    expect(
      (await client.add_cash_dollar_record_data({ ...ids, amount_cents: 1_250, reason: "Goodwill" })).data,
    ).toEqual({
      id: expect.any(Number),
      balance_after_cents: 1_250,
    });
    await client.add_cash_dollar_record_data({ ...ids, amount_cents: -250, reason: "Correction" });

    const { data, extra } = await client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit(ids);
    expect(extra.total_number).toBe(2);
    expect(data.cash_dollar_enabled).toBe(true);
    expect(data.member).toEqual({
      id: member.id,
      member_code: member.memberCode,
      name: member.name,
      cash_dollar_cents: 1_000,
    });
    // Newest first.
    expect(
      data.records.map(
        ({ action, amount_cents, balance_after_cents, reason, actor_email, order_id, order_number }) => ({
          action,
          amount_cents,
          balance_after_cents,
          reason,
          actor_email,
          order_id,
          order_number,
        }),
      ),
    ).toEqual([
      {
        action: "admin",
        amount_cents: -250,
        balance_after_cents: 1_000,
        reason: "Correction",
        actor_email: store.email,
        order_id: null,
        order_number: null,
      },
      {
        action: "admin",
        amount_cents: 1_250,
        balance_after_cents: 1_250,
        reason: "Goodwill",
        actor_email: store.email,
        order_id: null,
        order_number: null,
      },
    ]);
    expect(
      (await client.get_member_data_by_application_key_and_id({ ...key, id: member.id })).data.cash_dollar_cents,
    ).toBe(1_000);

    // Paging: one per page.
    const second = await client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      ...ids,
      limit: 1,
      page: 2,
    });
    expect(second.data.records.map((record) => record.amount_cents)).toEqual([1_250]);

    const log = await logOf(store.applicationKey);
    expect(
      log.map(({ action, data_type, record_id, record_name_en }) => [action, data_type, record_id, record_name_en]),
    ).toEqual([
      ["edit", "member_cash_dollar", String(member.id), member.name],
      ["edit", "member_cash_dollar", String(member.id), member.name],
    ]);
    expect(log[1].changes).toEqual({ cash_dollar_cents: [1_250, 1_000], reason: [null, "Correction"] });
  });

  it("names each order's row by the number the customer sees, not the order's internal id", async () => {
    const { store, client, key } = await cashStore(transport);
    const member = await createMember(db(), store.applicationKey);
    await createOrderRow(db(), store.applicationKey);
    const { order } = await createOrderRow(db(), store.applicationKey, { memberId: member.id });
    expect(order.id).not.toBe(order.orderNumber);
    await db().batch([
      ...cashDollarStatements(forStore(db(), store.applicationKey), store, {
        memberId: member.id,
        amountCents: 300,
        action: "order",
        orderId: order.id,
      }),
    ]);

    const { data } = await client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      ...key,
      member_id: member.id,
    });
    expect(data.records.map(({ order_id, order_number }) => ({ order_id, order_number }))).toEqual([
      { order_id: order.id, order_number: order.orderNumber },
    ]);
  });

  it("refuses taking more than the balance (409), a missing reason or amount, and writes nothing", async () => {
    const { store, client, key } = await cashStore(transport);
    const member = await createMember(db(), store.applicationKey, { cashDollarCents: 0 });
    const ids = { ...key, member_id: member.id };
    await client.add_cash_dollar_record_data({ ...ids, amount_cents: 500, reason: "Start" });

    await expectFailure(
      client.add_cash_dollar_record_data({ ...ids, amount_cents: -501, reason: "Too much" }),
      409,
      "not-enough-cash-dollar",
    );
    const noReason = await expectFailure(
      client.add_cash_dollar_record_data({ ...ids, amount_cents: -100, reason: " " }),
      400,
      "invalid-payload",
    );
    expect(noReason.fields).toEqual({ reason: ["force-input"] });
    const zero = await expectFailure(
      client.add_cash_dollar_record_data({ ...ids, amount_cents: 0, reason: "Nothing" }),
      400,
      "invalid-payload",
    );
    expect(zero.fields).toEqual({ amount_cents: ["force-input"] });
    await expectFailure(
      client.add_cash_dollar_record_data({ ...key, member_id: 999_999_999, amount_cents: 100, reason: "Nobody" }),
      404,
      "not-found",
    );

    const { data, extra } = await client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit(ids);
    expect(extra.total_number).toBe(1);
    expect(data.member.cash_dollar_cents).toBe(500);
    expect(await logOf(store.applicationKey)).toHaveLength(1);
  });

  it("refuses an adjustment beside the amount when the plan lacks cash dollar or the setting is off", async () => {
    for (const [options, message] of [
      [{ plan: false, enabled: false }, "plan-has-no-cash-dollar"],
      [{ plan: true, enabled: false }, "cash-dollar-not-enabled"],
    ] as const) {
      const { store, client, key } = await cashStore(transport, options);
      const member = await createMember(db(), store.applicationKey);
      const failure = await expectFailure(
        client.add_cash_dollar_record_data({ ...key, member_id: member.id, amount_cents: 100, reason: "Gift" }),
        400,
        "invalid-payload",
      );
      expect(failure.fields).toEqual({ amount_cents: [message] });
      const { data } = await client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
        ...key,
        member_id: member.id,
      });
      expect(data).toMatchObject({ cash_dollar_enabled: false, records: [], member: { cash_dollar_cents: 0 } });
    }
  });

  it("credits the welcome cash dollar once with the add, only when cash dollar is on", async () => {
    const on = await cashStore(transport, { welcomeCents: 2_000 });
    const { data: added } = await on.client.add_member_data({
      ...on.key,
      name: "新會員",
      email: `welcome-${unique()}@example.com`,
    });
    const { data } = await on.client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      ...on.key,
      member_id: added.id,
    });
    expect(data.member.cash_dollar_cents).toBe(2_000);
    expect(data.records).toMatchObject([
      {
        action: "welcome_cash_dollar",
        amount_cents: 2_000,
        balance_after_cents: 2_000,
        reason: null,
        actor_email: on.store.email,
      },
    ]);
    // Another member gets their own welcome, not a second one for the first.
    const { data: other } = await on.client.add_member_data({
      ...on.key,
      name: "另一位",
      email: `other-${unique()}@example.com`,
    });
    const first = await on.client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      ...on.key,
      member_id: added.id,
    });
    expect(first.extra.total_number).toBe(1);
    const second = await on.client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      ...on.key,
      member_id: other.id,
    });
    expect(second.data.member.cash_dollar_cents).toBe(2_000);

    for (const options of [
      { plan: true, enabled: false, welcomeCents: 2_000 },
      { plan: false, enabled: true, welcomeCents: 2_000 },
      { plan: true, enabled: true, welcomeCents: 0 },
    ]) {
      const off = await cashStore(transport, options);
      const { data: member } = await off.client.add_member_data({
        ...off.key,
        name: "無迎新",
        email: `none-${unique()}@example.com`,
      });
      const { data: ledger, extra } =
        await off.client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
          ...off.key,
          member_id: member.id,
        });
      expect({ balance: ledger.member.cash_dollar_cents, total: extra.total_number }).toEqual({ balance: 0, total: 0 });
    }
  });
});

describe("concurrent deductions", () => {
  it("never overdraw: 50 deductions of 1.00 against 10.00 leave 10 applied, 40 refused, a balance of 0 and a chained ledger", async () => {
    const { store, client, key } = await cashStore("embedded");
    const member = await createMember(db(), store.applicationKey);
    const ids = { ...key, member_id: member.id };
    await client.add_cash_dollar_record_data({ ...ids, amount_cents: 1_000, reason: "Start" });

    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        client.add_cash_dollar_record_data({ ...ids, amount_cents: -100, reason: `Spend ${index}` }).then(
          () => "ok",
          (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === "409 not-enough-cash-dollar")).toHaveLength(40);

    const { data, extra } = await client.get_cash_dollar_record_data_and_total_number_by_sorting_and_limit({
      ...ids,
      limit: 100,
    });
    expect(data.member.cash_dollar_cents).toBe(0);
    expect(extra.total_number).toBe(11);
    // Oldest first: 10.00, then 9.00 … 0.00, each the one before less 1.00, summing to the balance.
    const chain = data.records.map((record) => record.balance_after_cents).reverse();
    expect(chain).toEqual([1_000, 900, 800, 700, 600, 500, 400, 300, 200, 100, 0]);
    expect(data.records.reduce((sum, record) => sum + record.amount_cents, 0)).toBe(0 + data.member.cash_dollar_cents);
  });
});
