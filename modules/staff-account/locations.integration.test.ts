import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Payload } from "../../contract/actions";
import { accessStamp, ACCESS_STAMP_HEADER } from "../../contract/permissions";
import { locations, stockLevels } from "../../backend/db/schema";
import { forStore } from "../../backend/db/scope";
import { locationInUse, rethrowLocationRefused } from "../../backend/location-access";
import {
  createLocation,
  createProduct,
  createPurchaseOrderRow,
  createStoreStaff,
  createSupplier,
} from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  postRaw,
  signIn,
  TRANSPORT_NAMES,
} from "../../tests/integration/wire";

/** A store with three locations (its shop first, then two more) and a product with its 5 units at the shop. */
async function threePlaces(transport: (typeof TRANSPORT_NAMES)[number]) {
  const owner = await merchant(transport);
  const { applicationKey } = owner.store;
  const [shop] = await db()
    .select()
    .from(locations)
    .where(and(eq(locations.applicationKey, applicationKey), eq(locations.position, 1)));
  const causewayBay = await createLocation(db(), applicationKey, { nameZhHk: "銅鑼灣店" });
  const warehouse = await createLocation(db(), applicationKey, { nameZhHk: "貨倉" });
  const item = await createProduct(db(), applicationKey, { stock: 5 });
  return { ...owner, shop, causewayBay, warehouse, item };
}

const stockAt = async (variantId: number, locationId: number) =>
  (
    await db()
      .select({ stock: stockLevels.stock })
      .from(stockLevels)
      .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.locationId, locationId)))
  )[0].stock;

const edit = (
  record: { id: number; name: string; email: string; role: "admin" | "sales"; sells_offline: boolean; version: number },
  limit: Pick<Payload<"update_store_staff_data_by_application_key_and_id">, "location_access" | "location_ids">,
) => ({
  id: record.id,
  name: record.name,
  email: record.email,
  role: record.role,
  sells_offline: record.sells_offline,
  version: record.version,
  ...limit,
});

describe.each(TRANSPORT_NAMES)("store staff limited to locations over the %s transport", (transport) => {
  it("adjusts stock only at its locations, by default at the first of them", async () => {
    const { key, shop, causewayBay, warehouse, item } = await threePlaces(transport);
    const staff = await createStoreStaff(db(), key.application_key, {
      role: "admin",
      locations: [causewayBay.id, warehouse.id],
    });
    const seller = clientOver(transport, await signIn(transport, staff.email, staff.password));
    const adjust = (location_id?: number) =>
      seller.add_inventory_adjustment_data({
        ...key,
        product_code: item.productCode,
        change: 2,
        reason: "count",
        location_id,
      });

    await adjust(warehouse.id);
    await adjust();
    await expectFailure(adjust(shop.id), 403, "location-not-allowed");
    expect([await stockAt(item.variantId, shop.id), await stockAt(item.variantId, causewayBay.id)]).toEqual([5, 2]);
    expect(await stockAt(item.variantId, warehouse.id)).toBe(2);
    // Another store's location is no location of this one's.
    const elsewhere = await threePlaces(transport);
    await expectFailure(adjust(elsewhere.shop.id), 404, "not-found");
  });

  it("receives a purchase order only at its locations", async () => {
    const { key, shop, warehouse, item } = await threePlaces(transport);
    const staff = await createStoreStaff(db(), key.application_key, { role: "admin", locations: [warehouse.id] });
    const buyer = clientOver(transport, await signIn(transport, staff.email, staff.password));
    const supplier = await createSupplier(db(), key.application_key);
    const { order, lines } = await createPurchaseOrderRow(
      db(),
      key.application_key,
      supplier,
      [{ productId: item.id, quantity: 10 }],
      { status: "ordered" },
    );
    const receive = (version: number, location_id?: number) =>
      buyer.add_purchase_order_receipt_data({
        ...key,
        purchase_order_id: order.id,
        version,
        location_id,
        lines: [{ line_id: lines[0].id, quantity: 3 }],
      });
    await expectFailure(receive(1, shop.id), 403, "location-not-allowed");
    await receive(1);
    expect([await stockAt(item.variantId, shop.id), await stockAt(item.variantId, warehouse.id)]).toEqual([5, 3]);
  });

  it("sets the limit on the form: one location at least, its name in the log, held from the account's next call", async () => {
    const { store, client, key, shop, causewayBay, warehouse, item } = await threePlaces(transport);
    const staff = await createStoreStaff(db(), key.application_key, { role: "admin" });
    const token = await signIn(transport, staff.email, staff.password);
    const seller = clientOver(transport, token);
    const { data: record } = await client.get_single_data_by_data_type_and_application_key_and_id({
      ...key,
      data_type: "store_staff_data",
      id: staff.id,
    });
    expect(record.locations).toBeNull();
    // The form's choices come with the account: the store's locations in their order.
    expect(record.store_locations.map((location) => location.id)).toEqual([shop.id, causewayBay.id, warehouse.id]);
    const update = (limit: Parameters<typeof edit>[1], version = 1) =>
      client.update_store_staff_data_by_application_key_and_id({ ...key, ...edit({ ...record, version }, limit) });

    const refused = await update({ location_access: "chosen", location_ids: [] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, fields: { location_ids: ["location-required"] } });

    // What the account's replies carry before and after, so its pages load again with the new limit.
    const stampOf = async () => {
      const response = await postRaw(
        new URLSearchParams({ get_store_account_data_by_application_key: JSON.stringify(key) }),
        { Authorization: `Bearer ${token}` },
      );
      return response.headers.get(ACCESS_STAMP_HEADER);
    };
    const every = await stampOf();
    expect(every).toMatch(/:\*$/);

    await update({ location_access: "chosen", location_ids: [causewayBay.id] });
    const { data: own } = await seller.get_store_account_data_by_application_key(key);
    expect(own.store_staff_data?.locations).toEqual([causewayBay.id]);
    const limited = own.store_staff_data!;
    expect(await stampOf()).toBe(
      accessStamp(limited.role, limited.permissions, limited.sells_offline, [causewayBay.id]),
    );
    await expectFailure(
      seller.add_inventory_adjustment_data({
        ...key,
        product_code: item.productCode,
        change: 1,
        reason: "count",
        location_id: shop.id,
      }),
      403,
      "location-not-allowed",
    );

    await update({ location_access: "all", location_ids: [causewayBay.id] }, 2);
    expect((await seller.get_store_account_data_by_application_key(key)).data.store_staff_data?.locations).toBeNull();
    expect(await stampOf()).toBe(every);

    const edits = (await logOf(store.applicationKey)).filter((entry) => entry.data_type === "store_staff_data");
    expect(edits.map((entry) => entry.changes)).toEqual([
      { location_access: ["all", "chosen"], locations: ["", "銅鑼灣店"] },
      { location_access: ["chosen", "all"], locations: ["銅鑼灣店", ""] },
    ]);
  });

  it("lets an account limited to some locations grant no other, nor every one", async () => {
    const { key, shop, causewayBay } = await threePlaces(transport);
    const admin = await createStoreStaff(db(), key.application_key, { role: "admin", locations: [causewayBay.id] });
    const adminClient = clientOver(transport, await signIn(transport, admin.email, admin.password));
    const newStaff = (limit: Partial<Parameters<typeof edit>[1]>) => ({
      ...key,
      name: "Limited",
      email: `limited-${crypto.randomUUID().slice(0, 8)}@example.test`,
      role: "sales" as const,
      password_setup: "invite" as const,
      ...limit,
    });
    await expectFailure(adminClient.add_store_staff_data(newStaff({})), 403, "permission-above-own");
    await expectFailure(
      adminClient.add_store_staff_data(newStaff({ location_access: "chosen", location_ids: [shop.id] })),
      403,
      "permission-above-own",
    );
    const { data } = await adminClient.add_store_staff_data(
      newStaff({ location_access: "chosen", location_ids: [causewayBay.id] }),
    );
    expect(data.id).toBeGreaterThan(0);
  });
});

describe("the location guard", () => {
  it("refuses a write's batch as it runs when the account's limit leaves the location out", async () => {
    const { key, shop, causewayBay } = await threePlaces("embedded");
    const staff = await createStoreStaff(db(), key.application_key, { locations: [causewayBay.id] });
    const store = forStore(db(), key.application_key);
    const as = { accountType: "store_staff" as const, accountId: staff.id };
    await store.batch([locationInUse(store, as, causewayBay.id)]);
    const refused = await store
      .batch([locationInUse(store, as, shop.id)])
      .catch(rethrowLocationRefused)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 403, messageKey: "location-not-allowed" });
    await store.batch([locationInUse(store, { accountType: "store", accountId: 1 }, shop.id)]);
  });
});
