import { applyD1Migrations, env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../backend/db/client";
import { locations, storeSettings } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { createLocation, createStore } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES } from "../../tests/integration/wire";
import { line, outcomeOf, shop, tally } from "../checkout/shop.integration";

const unique = () => crypto.randomUUID().slice(0, 8);

type LocationInput = Omit<PayloadInput<"add_location_data">, "application_key">;

const newLocation = (overrides: Partial<LocationInput> = {}) => ({
  name_zh_hk: `銅鑼灣店 ${unique()}`,
  name_en: `Causeway Bay Shop ${unique()}`,
  address_zh_hk: "香港銅鑼灣軒尼詩道 500 號",
  address_en: "500 Hennessy Road, Causeway Bay",
  phone: "23456789",
  opening_hours_zh_hk: "每日 11:00–21:00",
  opening_hours_en: "Daily 11:00–21:00",
  sells_at_counter: true,
  ships_online_orders: false,
  is_pickup_point: true,
  ...overrides,
});

const list = { sorting: "position", direction: "DESC", limit: 20, page: 1 } as const;

/** The store's locations in the fulfilment order, by Chinese name. */
async function fulfilmentOrder(applicationKey: string) {
  const rows = await db()
    .select({ name: locations.nameZhHk })
    .from(locations)
    .where(eq(locations.applicationKey, applicationKey))
    .orderBy(asc(locations.position));
  return rows.map((row) => row.name);
}

const pickupAddresses = async (applicationKey: string) => {
  const [setting] = await db().select().from(storeSettings).where(eq(storeSettings.applicationKey, applicationKey));
  return (setting.deliveryMethods.self_pickup as { pickup_addresses?: string[] } | undefined)?.pickup_addresses;
};

describe.each(TRANSPORT_NAMES)("location actions over the %s transport", (transport) => {
  it("gives a new store its shop, then adds, reads, edits and deletes a location, logging every write", async () => {
    const { store, client, key } = await merchant(transport);
    const { data: first } = await client.get_location_data_and_total_number_by_sorting_and_limit({ ...key, ...list });
    expect(first).toMatchObject([
      {
        name_zh_hk: "門市",
        name_en: "Shop",
        sells_at_counter: true,
        ships_online_orders: true,
        is_pickup_point: false,
      },
    ]);

    const input = newLocation();
    const { data: added } = await client.add_location_data({ ...key, ...input });
    const { data } = await client.get_location_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ ...input, id: added.id, version: 1 });
    expect(data.position).toBeGreaterThan(first[0].position);

    await client.update_location_data_by_application_key_and_id({
      ...key,
      ...input,
      name_en: undefined,
      phone: null,
      is_pickup_point: false,
      id: added.id,
      version: 1,
    });
    expect((await client.get_location_data_by_application_key_and_id({ ...key, id: added.id })).data).toMatchObject({
      name_en: "",
      phone: null,
      is_pickup_point: false,
      version: 2,
    });

    await client.delete_location_data_by_application_key_and_id({ ...key, id: added.id });
    await expectFailure(client.get_location_data_by_application_key_and_id({ ...key, id: added.id }), 404, "not-found");

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id, entry.record_name_zh_hk])).toEqual([
      ["add", "location_data", String(added.id), input.name_zh_hk],
      ["edit", "location_data", String(added.id), input.name_zh_hk],
      ["delete", "location_data", String(added.id), input.name_zh_hk],
    ]);
    expect(log[1].changes).toEqual({
      name_en: [input.name_en, ""],
      phone: [input.phone, null],
      is_pickup_point: [true, false],
    });
  });

  it("answers bad fields all at once with the field rules' keys, a pickup point without an address beside it", async () => {
    const { store, client, key } = await merchant(transport);
    const bad = await expectFailure(
      client.add_location_data({
        ...key,
        ...newLocation({
          name_zh_hk: " ",
          name_en: "x".repeat(71),
          address_zh_hk: "",
          address_en: undefined,
          phone: "1234",
          opening_hours_en: "x".repeat(501),
        }),
      }),
      400,
      "invalid-payload",
    );
    expect(bad.fields).toEqual({
      name_zh_hk: ["force-input"],
      name_en: ["max-length:70"],
      address_zh_hk: ["pickup-point-needs-address"],
      phone: ["phone-invalid"],
      opening_hours_en: ["max-length:500"],
    });
    const location = await createLocation(db(), store.applicationKey);
    const edit = await expectFailure(
      client.update_location_data_by_application_key_and_id({
        ...key,
        ...newLocation({ address_zh_hk: undefined, address_en: undefined }),
        id: location.id,
        version: 1,
      }),
      400,
      "invalid-payload",
    );
    expect(edit.fields).toEqual({ address_zh_hk: ["pickup-point-needs-address"] });
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("refuses an edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { store, client, key } = await merchant(transport);
    const location = await createLocation(db(), store.applicationKey);
    const id = { ...key, id: location.id };
    const theirs = newLocation();
    await client.update_location_data_by_application_key_and_id({ ...id, ...theirs, version: 1 });
    await expectFailure(
      client.update_location_data_by_application_key_and_id({ ...id, ...newLocation(), version: 1 }),
      409,
      "edited-elsewhere",
    );
    const { data } = await client.get_location_data_by_application_key_and_id(id);
    expect(data).toMatchObject({ name_zh_hk: theirs.name_zh_hk, version: 2 });
    expect((await logOf(store.applicationKey)).length).toBe(1);
  });

  it("lists in the fulfilment order or by name, searched and narrowed by use, and moves a location up and down", async () => {
    const { store, client, key } = await merchant(transport);
    const shopRow = (await db().select().from(locations).where(eq(locations.applicationKey, store.applicationKey)))[0];
    const warehouse = await createLocation(db(), store.applicationKey, {
      nameZhHk: "倉庫",
      nameEn: "Warehouse",
      sellsAtCounter: false,
      shipsOnlineOrders: true,
    });
    const pickup = await createLocation(db(), store.applicationKey, {
      nameZhHk: "旺角店",
      nameEn: "Mong Kok",
      addressZhHk: "旺角",
      isPickupPoint: true,
    });
    const ids = async (overrides: Partial<PayloadInput<"get_location_data_and_total_number_by_sorting_and_limit">>) => {
      const { data, extra } = await client.get_location_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...list,
        ...overrides,
      });
      expect(extra.total_number).toBe(data.length);
      return data.map((row) => row.id);
    };
    expect(await ids({})).toEqual([shopRow.id, warehouse.id, pickup.id]);
    expect(await ids({ direction: "ASC" })).toEqual([pickup.id, warehouse.id, shopRow.id]);
    expect(await ids({ sorting: "name", direction: "ASC" })).toEqual([warehouse.id, pickup.id, shopRow.id]);
    expect(await ids({ keyword: "warehouse" })).toEqual([warehouse.id]);
    expect(await ids({ use: "counter" })).toEqual([shopRow.id, pickup.id]);
    expect(await ids({ use: "online" })).toEqual([shopRow.id, warehouse.id]);
    expect(await ids({ use: "pickup" })).toEqual([pickup.id]);

    const move = (id: number, to: "up" | "down") =>
      client.update_location_position_data_by_application_key_and_id({ ...key, id, move: to });
    await move(pickup.id, "up");
    expect(await fulfilmentOrder(store.applicationKey)).toEqual(["門市", "旺角店", "倉庫"]);
    await move(shopRow.id, "down");
    expect(await fulfilmentOrder(store.applicationKey)).toEqual(["旺角店", "門市", "倉庫"]);
    await expectFailure(move(pickup.id, "up"), 409, "cannot-move");
    await expectFailure(move(warehouse.id, "down"), 409, "cannot-move");
    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.record_name_zh_hk, entry.changes])).toEqual([
      ["旺角店", { position: [3, 2] }],
      ["門市", { position: [1, 2] }],
    ]);

    // Moves racing each other: each is made whole or refused whole, and the places stay one each.
    const outcomes = await Promise.all([pickup.id, warehouse.id, pickup.id].map((id) => outcomeOf(move(id, "down"))));
    expect(outcomes.every((outcome) => ["ok", "409 edited-elsewhere", "409 cannot-move"].includes(outcome))).toBe(true);
    expect([...(await fulfilmentOrder(store.applicationKey))].sort()).toEqual(["倉庫", "旺角店", "門市"].sort());
    const positions = (
      await db().select().from(locations).where(eq(locations.applicationKey, store.applicationKey))
    ).map((row) => row.position);
    expect(positions.every((position) => position > 0)).toBe(true);
    expect((await logOf(store.applicationKey)).length).toBe(2 + outcomes.filter((outcome) => outcome === "ok").length);
  });

  it("keeps the store's last location, also against two deletes of its last two at once", async () => {
    const { store, client, key } = await merchant(transport);
    const second = await createLocation(db(), store.applicationKey);
    const [shopRow] = await db().select().from(locations).where(eq(locations.applicationKey, store.applicationKey));
    const outcomes = await Promise.all(
      [shopRow.id, second.id].map((id) =>
        outcomeOf(client.delete_location_data_by_application_key_and_id({ ...key, id })),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, "409 last-location": 1 });
    const left = await db().select().from(locations).where(eq(locations.applicationKey, store.applicationKey));
    expect(left).toHaveLength(1);
    await expectFailure(
      client.delete_location_data_by_application_key_and_id({ ...key, id: left[0].id }),
      409,
      "last-location",
    );
    expect((await logOf(store.applicationKey)).map((entry) => entry.action)).toEqual(["delete"]);
  });

  it("does not show or change another store's locations", async () => {
    const { client, key } = await merchant(transport);
    const other = await createStore(db());
    const theirs = await createLocation(db(), other.applicationKey);
    const id = { ...key, id: theirs.id };
    await expectFailure(client.get_location_data_by_application_key_and_id(id), 404, "not-found");
    await expectFailure(
      client.update_location_data_by_application_key_and_id({ ...id, ...newLocation(), version: 1 }),
      404,
      "not-found",
    );
    await expectFailure(client.delete_location_data_by_application_key_and_id(id), 404, "not-found");
    await expectFailure(
      client.update_location_position_data_by_application_key_and_id({ ...id, move: "up" }),
      404,
      "not-found",
    );
    const { data } = await client.get_location_data_and_total_number_by_sorting_and_limit({ ...key, ...list });
    expect(data.map((row) => row.name_zh_hk)).toEqual(["門市"]);
  });
});

// One transport: the checkout's wire is covered over both by its own tests.
describe("pickup points", () => {
  it("are the delivery setting's self-pickup addresses, and checkout accepts their address in either language", async () => {
    const { store, client, key, product } = await shop("embedded");
    const plain = await product({ priceCents: 10_00 });
    const { data: added } = await client.add_location_data({
      ...key,
      ...newLocation({ address_zh_hk: "銅鑼灣軒尼詩道 500 號", address_en: "500 Hennessy Road" }),
    });
    // The shop's pickup point (checkout's fixtures) first, then the new one, each in Chinese then English.
    expect(await pickupAddresses(store.applicationKey)).toEqual([
      "Shop 1, 1 Example Street",
      "銅鑼灣軒尼詩道 500 號",
      "500 Hennessy Road",
    ]);
    const { data: setting } = await client.get_store_setting_data_by_application_key(key);
    expect(setting.delivery.methods.self_pickup.pickup_addresses).toEqual(await pickupAddresses(store.applicationKey));

    const pickupAt = (pickup_address: string) =>
      outcomeOf(
        client.get_order_amount_data_by_application_key({
          ...key,
          lines: [line(plain)],
          delivery: { method: "self_pickup", receiver_name: "Chan", receiver_phone: "91234567", pickup_address },
        }),
      );
    expect(
      await Promise.all(
        ["銅鑼灣軒尼詩道 500 號", "500 Hennessy Road", "1 Nathan Road"].map((address) => pickupAt(address)),
      ),
    ).toEqual(["ok", "ok", "400 invalid-delivery-method"]);

    // No longer a pickup point: its addresses go; the setting's own save cannot bring them back.
    const location = (await client.get_location_data_by_application_key_and_id({ ...key, id: added.id })).data;
    await client.update_location_data_by_application_key_and_id({
      ...key,
      ...newLocation({ is_pickup_point: false }),
      id: added.id,
      version: location.version,
    });
    expect(await pickupAddresses(store.applicationKey)).toEqual(["Shop 1, 1 Example Street"]);
    await db()
      .update(storeSettings)
      .set({ deliveryMethods: { self_pickup: { enabled: true, pickup_addresses: ["500 Hennessy Road"] } } })
      .where(eq(storeSettings.applicationKey, store.applicationKey));
    expect(await pickupAddresses(store.applicationKey)).toEqual(["Shop 1, 1 Example Street"]);
    expect(await pickupAt("500 Hennessy Road")).toBe("400 invalid-delivery-method");
  });
});

describe("migration 0068", () => {
  it("gives every store its shop and makes each self-pickup address a pickup point, losing none", async () => {
    const d1 = env.MIGRATION_DB;
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < "0068"),
    );
    const picking = await createStore(createDb(d1), { modules: ["product", "setting"], cmsSideMenu: ["setting"] });
    const plain = await createStore(createDb(d1), { modules: ["product"], cmsSideMenu: ["product"] });
    // Written as the schema was then: the factory writes the columns of later migrations too.
    const staff = { email: `staff-${crypto.randomUUID().slice(0, 8)}@factory.test` };
    await d1
      .prepare(
        `INSERT INTO store_staff (application_key, email, name, password_hash, role, permissions)
          VALUES (?, ?, 'Staff', '', 'sales', '{"setting":"write","product":"read"}')`,
      )
      .bind(picking.applicationKey, staff.email)
      .run();
    const addresses = ["九龍旺角彌敦道 1 號", "1 Nathan Road, Mong Kok", "香港銅鑼灣軒尼詩道 500 號"];
    await d1
      .prepare("UPDATE store_setting SET delivery_methods = ? WHERE application_key = ?")
      .bind(
        JSON.stringify({ sf_store: { enabled: true }, self_pickup: { enabled: true, pickup_addresses: addresses } }),
        picking.applicationKey,
      )
      .run();
    // Up to this migration: later ones switch on more where locations are.
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < "0069"),
    );

    const rowsOf = async (applicationKey: string) =>
      (
        await d1
          .prepare(
            `SELECT name_zh_hk, name_en, address_zh_hk, sells_at_counter, ships_online_orders, is_pickup_point, position
             FROM location WHERE application_key = ? ORDER BY position`,
          )
          .bind(applicationKey)
          .all()
      ).results;
    const shopRow = {
      name_zh_hk: "門市",
      name_en: "Shop",
      address_zh_hk: "",
      sells_at_counter: 1,
      ships_online_orders: 1,
      is_pickup_point: 0,
      position: 1,
    };
    expect(await rowsOf(plain.applicationKey)).toEqual([shopRow]);
    expect(await rowsOf(picking.applicationKey)).toEqual([
      shopRow,
      ...addresses.map((address, index) => ({
        name_zh_hk: `自取點 ${index + 1}`,
        name_en: `Pickup point ${index + 1}`,
        address_zh_hk: address,
        sells_at_counter: 0,
        ships_online_orders: 0,
        is_pickup_point: 1,
        position: index + 2,
      })),
    ]);
    // The setting reads as before, other methods untouched; a store made after it gets its shop too.
    await d1
      .prepare("UPDATE location SET phone = '23456789' WHERE application_key = ?")
      .bind(picking.applicationKey)
      .run();
    await d1
      .prepare(
        "UPDATE store_setting SET delivery_version = delivery_version + 1, delivery_methods = delivery_methods WHERE application_key = ?",
      )
      .bind(picking.applicationKey)
      .run();
    const setting = await d1
      .prepare("SELECT delivery_methods FROM store_setting WHERE application_key = ?")
      .bind(picking.applicationKey)
      .first<{ delivery_methods: string }>();
    expect(JSON.parse(setting!.delivery_methods)).toEqual({
      sf_store: { enabled: true },
      self_pickup: { enabled: true, pickup_addresses: addresses },
    });
    const later = await createStore(createDb(d1));
    expect(await rowsOf(later.applicationKey)).toEqual([shopRow]);

    // Pickup addresses were settings: where the settings are on, so are locations, with the same permission.
    const modulesOf = async (applicationKey: string) => ({
      plan: await d1
        .prepare("SELECT module_list FROM purchased_plan WHERE application_key = ?")
        .bind(applicationKey)
        .first("module_list"),
      menu: await d1
        .prepare("SELECT cms_side_menu FROM store_account WHERE application_key = ?")
        .bind(applicationKey)
        .first("cms_side_menu"),
    });
    expect(await modulesOf(picking.applicationKey)).toEqual({
      plan: JSON.stringify(["product", "setting", "location"]),
      menu: JSON.stringify(["setting", "location"]),
    });
    expect(await modulesOf(plain.applicationKey)).toEqual({
      plan: JSON.stringify(["product"]),
      menu: JSON.stringify(["product"]),
    });
    expect(
      JSON.parse(
        (await d1
          .prepare("SELECT permissions FROM store_staff WHERE email = ?")
          .bind(staff.email)
          .first("permissions"))!,
      ),
    ).toEqual({ setting: "write", product: "read", location: "write" });
  });
});
