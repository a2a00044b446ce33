import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { posShifts, storeSettings } from "../../backend/db/schema";
import { createProduct, createStoreStaff } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  signIn,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

/** A store that sells at the counter: cash, card (no card fee) and FPS on. */
async function counter(transport: TransportName) {
  const seller = await merchant(transport, { sells: true });
  await db()
    .update(storeSettings)
    .set({
      paymentMethods: {
        cash: { enabled: true },
        credit_card: { enabled: true },
        fps: { enabled: true, account_id: "1" },
      },
      cardFeeBasisPoints: 0,
    })
    .where(eq(storeSettings.applicationKey, seller.store.applicationKey));
  return seller;
}

type Seller = Awaited<ReturnType<typeof counter>>;
type Payments = { method: "cash" | "credit_card" | "fps"; amount_cents: number }[];

/** A counter sale of one product at this price, paid as given (cash beyond the total is change). */
async function sell({ client, key }: Seller, priceCents: number, payments: Payments) {
  const product = await createProduct(db(), key.application_key, { priceCents, stock: 10 });
  await client.add_pos_order_data({
    ...key,
    lines: [{ product_code: product.productCode, quantity: 1 }],
    payments,
    idempotency_key: crypto.randomUUID(),
  });
}

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

describe.each(TRANSPORT_NAMES)("POS shifts over the %s transport", (transport) => {
  it("opens, pays in and out, closes, and reports the shift's POS sales and cash to the cent", async () => {
    const seller = await counter(transport);
    const { client, key, store } = seller;
    // Before the shift: not part of it.
    await sell(seller, 10_00, [{ method: "cash", amount_cents: 10_00 }]);
    expect((await client.get_pos_shift_data_by_application_key(key)).data.report).toBeNull();

    const { data: opened } = await client.add_pos_shift_data({ ...key, float_cents: 500_00 });
    await sell(seller, 100_00, [
      { method: "cash", amount_cents: 40_00 },
      { method: "credit_card", amount_cents: 60_00 },
    ]);
    // HK$100 tendered for HK$82.50: HK$17.50 change, HK$82.50 of cash kept.
    await sell(seller, 82_50, [{ method: "cash", amount_cents: 100_00 }]);
    await sell(seller, 25_00, [{ method: "fps", amount_cents: 25_00 }]);
    await client.add_pos_shift_movement_data({
      ...key,
      shift_id: opened.id,
      kind: "pay_in",
      amount_cents: 200_00,
      reason: "Coins from the bank",
    });
    await client.add_pos_shift_movement_data({
      ...key,
      shift_id: opened.id,
      kind: "pay_out",
      amount_cents: 35_50,
      reason: "Cleaning supplies",
    });

    const {
      data: { report: running },
    } = await client.get_pos_shift_data_by_application_key(key);
    const expected = 500_00 + 40_00 + 82_50 + 200_00 - 35_50;
    expect(running).toMatchObject({
      shift: { id: opened.id, state: "open", float_cents: 500_00, opened_by: store.email, version: 1 },
      sales: [
        { method: "cash", orders: 2, amount_cents: 122_50 },
        { method: "credit_card", orders: 1, amount_cents: 60_00 },
        { method: "fps", orders: 1, amount_cents: 25_00 },
      ],
      cash_sales_cents: 122_50,
      pay_in_cents: 200_00,
      pay_out_cents: 35_50,
      expected_cash_cents: expected,
    });
    expect(running!.movements.map(({ kind, amount_cents, reason }) => [kind, amount_cents, reason])).toEqual([
      ["pay_in", 200_00, "Coins from the bank"],
      ["pay_out", 35_50, "Cleaning supplies"],
    ]);

    const { data: closed } = await client.update_pos_shift_data_by_application_key_and_id({
      ...key,
      id: opened.id,
      version: 1,
      counted_cents: expected - 1_20,
      note: "Short by HK$1.20",
    });
    expect(closed).toMatchObject({
      state: "closed",
      closed_by: store.email,
      counted_cents: expected - 1_20,
      expected_cash_cents: expected,
      over_short_cents: -1_20,
      note: "Short by HK$1.20",
      version: 2,
    });

    // After the close: not part of it.
    await sell(seller, 50_00, [{ method: "cash", amount_cents: 50_00 }]);
    const { data: report } = await client.get_pos_shift_data_by_application_key_and_id({ ...key, id: opened.id });
    expect(report).toMatchObject({ sales: running!.sales, expected_cash_cents: expected, cash_sales_cents: 122_50 });
    expect((await client.get_pos_shift_data_by_application_key(key)).data.report).toBeNull();

    const {
      data: { shifts: list },
      extra,
    } = await client.get_pos_shift_data_and_total_number_by_sorting_and_limit({
      ...key,
      state: "closed",
    });
    expect({ ids: list.map((shift) => shift.id), total: extra.total_number }).toEqual({ ids: [opened.id], total: 1 });
    expect(
      (await client.get_pos_shift_data_and_total_number_by_sorting_and_limit({ ...key, state: "open" })).data.shifts,
    ).toEqual([]);

    expect(
      (await logOf(store.applicationKey))
        .filter((entry) => entry.data_type === "pos_shift")
        .map((entry) => [entry.action, entry.record_id, entry.changes]),
    ).toEqual([
      ["add", String(opened.id), { float_cents: [null, 500_00] }],
      ["edit", String(opened.id), { pay_in: [null, 200_00], reason: [null, "Coins from the bank"] }],
      ["edit", String(opened.id), { pay_out: [null, 35_50], reason: [null, "Cleaning supplies"] }],
      ["edit", String(opened.id), { counted_cents: [null, expected - 1_20], note: [null, "Short by HK$1.20"] }],
    ]);
  });

  it("lets exactly one of two concurrent opens through", async () => {
    const { client, key } = await counter(transport);
    const outcomes = await Promise.all([
      outcomeOf(client.add_pos_shift_data({ ...key, float_cents: 100_00 })),
      outcomeOf(client.add_pos_shift_data({ ...key, float_cents: 200_00 })),
    ]);
    expect(outcomes.sort()).toEqual(["409 pos-shift-already-open", "ok"]);
    expect(await db().select().from(posShifts).where(eq(posShifts.applicationKey, key.application_key))).toHaveLength(
      1,
    );
  });

  it("closes once: a stale version is 409 edited-elsewhere, a movement into a closed shift 409 pos-shift-closed", async () => {
    const { client, key, store } = await counter(transport);
    const { data: shift } = await client.add_pos_shift_data({ ...key, float_cents: 100_00 });
    const close = { ...key, id: shift.id, version: 1, counted_cents: 100_00, note: null };
    await client.update_pos_shift_data_by_application_key_and_id(close);

    await expectFailure(
      client.update_pos_shift_data_by_application_key_and_id({ ...close, counted_cents: 90_00 }),
      409,
      "edited-elsewhere",
    );
    await expectFailure(
      client.update_pos_shift_data_by_application_key_and_id({ ...close, version: 2 }),
      409,
      "pos-shift-closed",
    );
    await expectFailure(
      client.add_pos_shift_movement_data({
        ...key,
        shift_id: shift.id,
        kind: "pay_in",
        amount_cents: 1_00,
        reason: "Late",
      }),
      409,
      "pos-shift-closed",
    );
    const [row] = await db().select().from(posShifts).where(eq(posShifts.id, shift.id));
    expect(row).toMatchObject({ countedCents: 100_00, expectedCashCents: 100_00, version: 2 });
    expect((await logOf(store.applicationKey)).filter((entry) => entry.data_type === "pos_shift")).toHaveLength(2);
    // A new shift may open once the last one is closed.
    await expect(client.add_pos_shift_data({ ...key, float_cents: 0 })).resolves.toBeTruthy();
  });

  it("refuses a movement without a reason or amount, and a negative float", async () => {
    const { client, key } = await counter(transport);
    const { data: shift } = await client.add_pos_shift_data({ ...key, float_cents: 0 });
    const movement = { ...key, shift_id: shift.id, kind: "pay_out" as const, amount_cents: 1_00, reason: "" };
    await expectFailure(client.add_pos_shift_movement_data(movement), 400, "invalid-payload");
    await expectFailure(
      client.add_pos_shift_movement_data({ ...movement, amount_cents: 0, reason: "x" }),
      400,
      "invalid-payload",
    );
    await expectFailure(client.add_pos_shift_data({ ...key, float_cents: -1 }), 400, "invalid-payload");
  });

  it("lets sales staff open and close a shift, and finds no other store's shift", async () => {
    const { key, store } = await counter(transport);
    const other = await counter(transport);
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const client = clientOver(transport, await signIn(transport, sales.email, sales.password));
    const { data: shift } = await client.add_pos_shift_data({ ...key, float_cents: 300_00 });
    const { data: closed } = await client.update_pos_shift_data_by_application_key_and_id({
      ...key,
      id: shift.id,
      version: 1,
      counted_cents: 300_00,
      note: null,
    });
    expect(closed).toMatchObject({ opened_by: sales.email, closed_by: sales.email, over_short_cents: 0 });

    const { data: theirs } = await other.client.add_pos_shift_data({ ...other.key, float_cents: 1_00 });
    await expectFailure(
      client.get_pos_shift_data_by_application_key_and_id({ ...key, id: theirs.id }),
      404,
      "not-found",
    );
    await expectFailure(
      client.add_pos_shift_movement_data({
        ...key,
        shift_id: theirs.id,
        kind: "pay_in",
        amount_cents: 1_00,
        reason: "x",
      }),
      404,
      "not-found",
    );
  });
});
