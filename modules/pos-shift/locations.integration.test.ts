import { applyD1Migrations, env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { createDb } from "../../backend/db/client";
import { locations as locationsTable, posShifts, storeSettings } from "../../backend/db/schema";
import { createProduct, createStore } from "../../tests/helpers/factories";
import {
  db,
  expectFailure,
  merchant,
  storeD1,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";
import { createLocation } from "../location/factories";

/** A store selling for cash and card at its shop (its first location) and at a second counter, Causeway Bay. */
async function twoCounters(transport: TransportName) {
  const seller = await merchant(transport, { sells: true });
  await db()
    .update(storeSettings)
    .set({ paymentMethods: { cash: { enabled: true }, credit_card: { enabled: true } }, cardFeeBasisPoints: 0 })
    .where(eq(storeSettings.applicationKey, seller.store.applicationKey));
  const bay = await createLocation(db(), seller.key.application_key, { nameZhHk: "銅鑼灣店", nameEn: "Causeway Bay" });
  return { ...seller, bay };
}

type Seller = Awaited<ReturnType<typeof twoCounters>>;
type Payments = { method: "cash" | "credit_card"; amount_cents: number }[];

/** A counter sale of one product at this price at a location (none: the store's first counter), paid as given. */
async function sell({ client, key }: Seller, priceCents: number, payments: Payments, locationId?: number) {
  const product = await createProduct(db(), key.application_key, { priceCents, unlimitedInventory: true });
  await client.add_pos_order_data({
    ...key,
    lines: [{ product_code: product.productCode, quantity: 1 }],
    payments,
    idempotency_key: crypto.randomUUID(),
    location_id: locationId,
  });
}

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

const close = (seller: Seller, id: number, counted: number) =>
  seller.client.update_pos_shift_data_by_application_key_and_id({
    ...seller.key,
    id,
    version: 1,
    counted_cents: counted,
    note: null,
  });

describe.each(TRANSPORT_NAMES)("cash shifts per location over the %s transport", (transport) => {
  it("opens a drawer at each location at once, and counts in each only the cash sold there", async () => {
    const seller = await twoCounters(transport);
    const { client, key, bay } = seller;
    const [shop, atBay] = await Promise.all([
      client.add_pos_shift_data({ ...key, float_cents: 100_00 }),
      client.add_pos_shift_data({ ...key, float_cents: 200_00, location_id: bay.id }),
    ]);
    expect(atBay.data.location_id).toBe(bay.id);
    expect(shop.data.location_id).not.toBe(bay.id);
    await expectFailure(
      client.add_pos_shift_data({ ...key, float_cents: 1_00, location_id: bay.id }),
      409,
      "pos-shift-already-open",
    );

    await sell(seller, 10_00, [{ method: "cash", amount_cents: 10_00 }]);
    await sell(seller, 25_00, [{ method: "cash", amount_cents: 30_00 }], bay.id);
    await sell(seller, 40_00, [{ method: "credit_card", amount_cents: 40_00 }], bay.id);

    const { data: atShop } = await client.get_pos_shift_data_by_application_key(key);
    const { data: atBayCounter } = await client.get_pos_shift_data_by_application_key({ ...key, location_id: bay.id });
    // Each answer names the counter it is of, which the shift page shows.
    expect([atShop.location?.id, atBayCounter.location]).toEqual([
      shop.data.location_id,
      { id: bay.id, name_zh_hk: "銅鑼灣店", name_en: "Causeway Bay" },
    ]);
    const [shopReport, bayReport] = [atShop.report, atBayCounter.report];
    expect(shopReport).toMatchObject({
      shift: { id: shop.data.id, location_id: shop.data.location_id },
      sales: [{ method: "cash", orders: 1, amount_cents: 10_00 }],
      expected_cash_cents: 110_00,
    });
    expect(bayReport).toMatchObject({
      shift: {
        id: atBay.data.id,
        location_id: bay.id,
        location_name_zh_hk: "銅鑼灣店",
        location_name_en: "Causeway Bay",
      },
      sales: [
        { method: "credit_card", orders: 1, amount_cents: 40_00 },
        { method: "cash", orders: 1, amount_cents: 25_00 },
      ],
      expected_cash_cents: 225_00,
    });

    // The POS page at each counter sees that counter's shift.
    const posAt = async (location_id?: number) =>
      (await client.get_pos_data_by_application_key({ ...key, location_id })).data.open_shift?.id;
    expect([await posAt(), await posAt(bay.id)]).toEqual([shop.data.id, atBay.data.id]);

    const { data: closedShop } = await close(seller, shop.data.id, 110_00);
    const { data: closedBay } = await close(seller, atBay.data.id, 220_00);
    expect([closedShop.over_short_cents, closedBay.expected_cash_cents, closedBay.over_short_cents]).toEqual([
      0, 225_00, -5_00,
    ]);
    expect(await posAt(bay.id)).toBeUndefined();

    const {
      data: { shifts: list, locations },
      extra,
    } = await client.get_pos_shift_data_and_total_number_by_sorting_and_limit({ ...key, location_id: bay.id });
    expect({ ids: list.map((shift) => shift.id), total: extra.total_number, name: list[0]?.location_name_en }).toEqual({
      ids: [atBay.data.id],
      total: 1,
      name: "Causeway Bay",
    });
    // The list's filter offers every location of the store, in its order.
    const inOrder = await db()
      .select({ id: locationsTable.id })
      .from(locationsTable)
      .where(eq(locationsTable.applicationKey, key.application_key))
      .orderBy(asc(locationsTable.position));
    expect(locations.map((location) => location.id)).toEqual(inOrder.map((location) => location.id));
    expect(locations.at(-1)).toEqual({ id: bay.id, name_zh_hk: "銅鑼灣店", name_en: "Causeway Bay" });
  });

  it("lets one of two opens racing at one location through, and opens at no location that does not sell at the counter", async () => {
    const { client, key, bay, store } = await twoCounters(transport);
    const outcomes = await Promise.all([
      outcomeOf(client.add_pos_shift_data({ ...key, float_cents: 100_00, location_id: bay.id })),
      outcomeOf(client.add_pos_shift_data({ ...key, float_cents: 200_00, location_id: bay.id })),
    ]);
    expect(outcomes.sort()).toEqual(["409 pos-shift-already-open", "ok"]);
    expect(await db().select().from(posShifts).where(eq(posShifts.applicationKey, store.applicationKey))).toHaveLength(
      1,
    );

    const warehouse = await createLocation(db(), key.application_key, { sellsAtCounter: false });
    const refused = await outcomeOf(client.add_pos_shift_data({ ...key, float_cents: 0, location_id: warehouse.id }));
    expect(refused).toBe("400 location-not-counter");
    // A location whose drawer is open stays until the shift is closed.
    await expectFailure(
      client.delete_location_data_by_application_key_and_id({ ...key, id: bay.id }),
      409,
      "location-has-open-shift",
    );
  });
});

describe("a shift's location in the database", () => {
  it("is required of every new shift", async () => {
    const { key, store } = await twoCounters("embedded");
    await expect(
      storeD1()
        .prepare("INSERT INTO pos_shift (application_key, opened_by, float_cents) VALUES (?, ?, 0)")
        .bind(key.application_key, store.email)
        .run(),
    ).rejects.toThrow(/pos-shift-needs-location/);
  });
});

describe("migration 0073", () => {
  it("puts the shifts before it at their store's first location, one open there", async () => {
    const d1 = env.MIGRATION_DB;
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < "0073"),
    );
    const store = await createStore(createDb(d1));
    await createLocation(createDb(d1), store.applicationKey);
    const shift = (closed: boolean) =>
      d1
        .prepare(
          `INSERT INTO pos_shift (application_key, opened_by, float_cents, closed_by, closed_at, counted_cents,
             expected_cash_cents) VALUES (?, 'a@example.com', 100, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(
          store.applicationKey,
          ...(closed ? ["a@example.com", "2026-01-01T10:00:00.000Z", 100, 100] : [null, null, null, null]),
        )
        .first<{ id: number }>();
    const closed = await shift(true);
    const open = await shift(false);
    await applyD1Migrations(d1, env.TEST_MIGRATIONS);

    const first = await d1
      .prepare("SELECT id FROM location WHERE application_key = ? ORDER BY position LIMIT 1")
      .bind(store.applicationKey)
      .first<{ id: number }>();
    const rows = await d1
      .prepare("SELECT id, location_id FROM pos_shift WHERE application_key = ? ORDER BY id")
      .bind(store.applicationKey)
      .all();
    expect(rows.results).toEqual([
      { id: closed!.id, location_id: first!.id },
      { id: open!.id, location_id: first!.id },
    ]);
    await expect(
      d1
        .prepare(
          "INSERT INTO pos_shift (application_key, location_id, opened_by, float_cents) VALUES (?, ?, 'b@example.com', 0)",
        )
        .bind(store.applicationKey, first!.id)
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed/);
  });
});
