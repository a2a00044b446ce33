import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import {
  orders,
  productBookingQuotas,
  productBookings,
  productBookingSettings,
  products,
  storeSettings,
} from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import {
  createBookingProduct,
  createMember,
  createProduct,
  createProductBooking,
  createStore,
  setStock,
  waitForEmailTo,
} from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES, type TransportName } from "../../tests/integration/wire";

/** A store with VIP pricing on, and a sold-out product taking bookings (quota 5, HK$50 deposit a unit). */
async function preOrderShop(transport: TransportName) {
  const shop = await merchant(transport, { hasVip: true });
  const applicationKey = shop.store.applicationKey;
  await db().update(storeSettings).set({ vipEnabled: true }).where(eq(storeSettings.applicationKey, applicationKey));
  const { product, variantId } = await createBookingProduct(
    db(),
    applicationKey,
    { quota: 5, depositCents: 50_00 },
    { priceCents: 300_00, vipPriceCents: 250_00 },
  );
  const book = (overrides: Partial<PayloadInput<"add_product_booking_data">> = {}) =>
    shop.client.add_product_booking_data({
      ...shop.key,
      product_code: product.productCode,
      customer_name: "Chan Tai Man",
      customer_phone: "91234567",
      customer_email: "chan@example.com",
      quantity: 1,
      ...overrides,
    });
  const convert = () => shop.client.add_product_booking_order_data({ ...shop.key, product_code: product.productCode });
  const restock = (stock: number) => setStock(db(), product.id, stock);
  const bookingsOf = () =>
    db()
      .select()
      .from(productBookings)
      .where(eq(productBookings.productId, product.id))
      .orderBy(asc(productBookings.id));
  const quota = async () =>
    (await db().select().from(productBookingQuotas).where(eq(productBookingQuotas.variantId, variantId)))[0];
  return { ...shop, applicationKey, product, book, convert, restock, bookingsOf, quota };
}

const stockOf = async (productId: number) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0].stock;

describe.each(TRANSPORT_NAMES)("product booking over the %s transport", (transport) => {
  it("sets a product up for bookings, edits it over its version, and refuses a quota below the units booked", async () => {
    const shop = await merchant(transport);
    const product = await createProduct(db(), shop.store.applicationKey, { stock: 0 });
    const code = { ...shop.key, product_code: product.productCode };
    const { data: before } =
      await shop.client.get_product_booking_setting_data_by_application_key_and_product_code(code);
    expect(before).toMatchObject({
      product: { product_code: product.productCode, stock: 0 },
      setting: null,
      queue: [],
    });

    const fields = { open: true, quotas: [{ quota: 3 }], deposit_cents: 20_00, expected_arrival_date: "2030-01-31" };
    await shop.client.add_product_booking_setting_data({ ...code, ...fields });
    await expectFailure(shop.client.add_product_booking_setting_data({ ...code, ...fields }), 409, "edited-elsewhere");
    await createProductBooking(db(), shop.store.applicationKey, product.id, { quantity: 2 });

    const refused = await expectFailure(
      shop.client.update_product_booking_setting_data_by_application_key_and_product_code({
        ...code,
        ...fields,
        quotas: [{ quota: 1 }],
        version: 1,
      }),
      409,
      "product-booking-quota-full",
    );
    expect(refused.fields).toEqual({ "quotas.0.quota": ["product-booking-quota-full"] });
    await shop.client.update_product_booking_setting_data_by_application_key_and_product_code({
      ...code,
      ...fields,
      quotas: [{ quota: 2 }],
      expected_arrival_date: null,
      version: 1,
    });
    await expectFailure(
      shop.client.update_product_booking_setting_data_by_application_key_and_product_code({
        ...code,
        ...fields,
        version: 1,
      }),
      409,
      "edited-elsewhere",
    );
    const { data: list } = await shop.client.get_product_booking_setting_data_list_by_application_key(shop.key);
    expect(list).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ product_code: product.productCode }),
        open: true,
        quota: 2,
        booked_units: 2,
        deposit_cents: 20_00,
        expected_arrival_date: null,
        version: 2,
      }),
    ]);
    const log = await logOf(shop.store.applicationKey);
    expect(log.filter((entry) => entry.data_type === "product_booking_data").map((entry) => entry.action)).toEqual([
      "add",
      "edit",
    ]);
  });

  it("takes staff bookings for members and guests, with the deposit worked out by the backend", async () => {
    const shop = await preOrderShop(transport);
    const member = await createMember(db(), shop.applicationKey, { phone: "98765432" });
    const { data: forMember } = await shop.book({
      member_id: member.id,
      customer_name: undefined,
      customer_phone: undefined,
      customer_email: undefined,
      quantity: 2,
      deposit_paid: true,
    });
    const { data: record } = await shop.client.get_product_booking_data_by_application_key_and_id({
      ...shop.key,
      id: forMember.id,
    });
    expect(record).toMatchObject({
      member: { id: member.id, name: member.name },
      customer_name: member.name,
      customer_phone: "98765432",
      customer_email: member.email,
      quantity: 2,
      deposit_cents: 100_00,
      deposit_paid: true,
      status: "booked",
      channel: "staff",
      order: null,
      version: 1,
    });
    const refused = await expectFailure(
      shop.client.add_product_booking_data({ ...shop.key, product_code: shop.product.productCode, quantity: 1 }),
      400,
      "invalid-payload",
    );
    expect(Object.keys(refused.fields ?? {})).toEqual(["customer_name", "customer_phone"]);
    await expectFailure(shop.book({ product_code: "NO-SUCH-CODE" }), 404, "not-found");
    await expectFailure(shop.book({ quantity: 4 }), 409, "product-booking-quota-full");

    await db()
      .update(productBookingSettings)
      .set({ open: false })
      .where(eq(productBookingSettings.productId, shop.product.id));
    const closed = await expectFailure(shop.book(), 409, "product-booking-closed");
    expect(closed.fields).toEqual({ product_code: ["product-booking-closed"] });
    expect((await shop.quota()).bookedUnits).toBe(2);
    const [entry] = (await logOf(shop.applicationKey)).filter((row) => row.data_type === "product_booking_data");
    expect(entry).toMatchObject({ action: "add", record_id: String(forMember.id) });
  });

  it("never books past the quota, however many bookings arrive at once; a cancellation frees its units", async () => {
    const shop = await preOrderShop(transport);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop.book().then(
          () => "booked",
          (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "booked")).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome !== "booked")).toEqual(Array(15).fill("product-booking-quota-full"));
    expect((await shop.quota()).bookedUnits).toBe(5);

    const [first] = await shop.bookingsOf();
    await shop.client.update_product_booking_status_data_by_application_key_and_id({
      ...shop.key,
      id: first.id,
      status: "cancelled",
      version: 1,
    });
    expect((await shop.quota()).bookedUnits).toBe(4);
    await shop.book();
    await expectFailure(shop.book(), 409, "product-booking-quota-full");
  });

  it("notifies a customer by e-mail and cancels; converted and cancelled are final, a stale move is refused", async () => {
    const shop = await preOrderShop(transport);
    const { data: booked } = await shop.book({ customer_email: "notify-me@example.com" });
    await expectFailure(
      shop.client.update_product_booking_status_data_by_application_key_and_id({
        ...shop.key,
        id: booked.id,
        status: "notified",
        version: 2,
      }),
      409,
      "edited-elsewhere",
    );
    await shop.client.update_product_booking_status_data_by_application_key_and_id({
      ...shop.key,
      id: booked.id,
      status: "notified",
      version: 1,
    });
    const mail = await waitForEmailTo(db(), "notify-me@example.com");
    expect(mail.body).toContain(`#${booked.id}`);
    expect(mail.body).toContain(shop.product.nameZhHk);
    await shop.client.update_product_booking_status_data_by_application_key_and_id({
      ...shop.key,
      id: booked.id,
      status: "cancelled",
      version: 2,
    });
    const [row] = await shop.bookingsOf();
    expect(row).toMatchObject({ status: "cancelled", version: 3 });
    expect(row.notifiedAt).not.toBeNull();
    await expectFailure(
      shop.client.update_product_booking_status_data_by_application_key_and_id({
        ...shop.key,
        id: booked.id,
        status: "notified",
        version: 3,
      }),
      409,
      "product-booking-final",
    );
  });

  it("converts bookings to orders in booking order while they fit the stock, each at its customer's price", async () => {
    const shop = await preOrderShop(transport);
    const vip = await createMember(db(), shop.applicationKey, { level: "vip" });
    const { data: first } = await shop.book({
      member_id: vip.id,
      customer_name: undefined,
      customer_phone: undefined,
      customer_email: undefined,
      quantity: 2,
      deposit_paid: true,
    });
    const { data: second } = await shop.book({ quantity: 2, customer_email: "second@example.com" });
    const { data: third } = await shop.book({ quantity: 1 });
    expect((await shop.convert()).data).toEqual({ converted: [], remaining: 3 });

    await shop.restock(3);
    const { data: conversion } = await shop.convert();
    // The second (2 units) does not fit the 1 unit left: the third waits behind it.
    expect(conversion.converted.map((row) => row.booking_id)).toEqual([first.id]);
    expect(conversion.remaining).toBe(2);
    const [order] = await db().select().from(orders).where(eq(orders.id, conversion.converted[0].order_id));
    expect(order).toMatchObject({
      channel: "pos",
      status: "awaiting_payment",
      paymentStatus: "no_payment_record",
      memberId: vip.id,
      totalCents: 500_00,
      orderNumber: conversion.converted[0].order_number,
    });
    expect(order.note).toContain("HK$100.00");
    expect(await stockOf(shop.product.id)).toBe(1);
    const mail = await waitForEmailTo(db(), vip.email!);
    expect(mail.body).toContain(`#${order.orderNumber}`);
    expect(mail.body).toContain("HK$400.00");

    await shop.restock(3);
    const { data: rest } = await shop.convert();
    expect(rest.converted.map((row) => row.booking_id)).toEqual([second.id, third.id]);
    expect(rest.remaining).toBe(0);
    expect((await shop.bookingsOf()).map((row) => row.status)).toEqual(["converted", "converted", "converted"]);
    expect(await stockOf(shop.product.id)).toBe(0);
    // Converted bookings keep their units of the quota: they were sold.
    expect((await shop.quota()).bookedUnits).toBe(5);
    await expectFailure(
      shop.client.update_product_booking_status_data_by_application_key_and_id({
        ...shop.key,
        id: first.id,
        status: "cancelled",
        version: 2,
      }),
      409,
      "product-booking-final",
    );
  });

  it("converts each booking once when two conversions run at once, and never takes stock below zero", async () => {
    const shop = await preOrderShop(transport);
    for (let index = 0; index < 5; index++) await shop.book();
    await shop.restock(4);
    const outcomes = await Promise.all(
      [shop.convert(), shop.convert()].map((call) =>
        call.then(
          ({ data }) => data.converted.length,
          (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
        ),
      ),
    );
    // The one that comes second either finds nothing left to convert or is refused whole.
    expect(outcomes.filter((outcome) => typeof outcome !== "number" && outcome !== "edited-elsewhere")).toEqual([]);
    expect(outcomes.reduce<number>((sum, outcome) => sum + (typeof outcome === "number" ? outcome : 0), 0)).toBe(4);
    const bookings = await shop.bookingsOf();
    expect(bookings.map((row) => row.status)).toEqual(["converted", "converted", "converted", "converted", "booked"]);
    const orderIds = bookings.flatMap((row) => (row.orderId === null ? [] : [row.orderId]));
    expect(new Set(orderIds).size).toBe(4);
    const made = await db().select().from(orders).where(eq(orders.applicationKey, shop.applicationKey));
    expect(made).toHaveLength(4);
    expect(await stockOf(shop.product.id)).toBe(0);
  });

  it("lists bookings by search, status, product and Hong Kong day; a product of another store is 404", async () => {
    const shop = await preOrderShop(transport);
    const { product: other } = await createBookingProduct(db(), shop.applicationKey);
    await shop.book({ customer_name: "Wong Siu Ming", customer_phone: "61234567" });
    await shop.book({ customer_name: "Lee Ka Yan" });
    await createProductBooking(db(), shop.applicationKey, other.id, {
      customerName: "Wong Old",
      createdAt: "2025-01-01T17:00:00.000Z",
    });
    const list = (filters: Partial<PayloadInput<"get_product_booking_data_and_total_number_by_sorting_and_limit">>) =>
      shop.client
        .get_product_booking_data_and_total_number_by_sorting_and_limit({ ...shop.key, ...filters })
        .then(({ data, extra }) => ({ names: data.map((row) => row.customer_name), total: extra.total_number }));

    expect(await list({ keyword: "wong" })).toEqual({ names: ["Wong Siu Ming", "Wong Old"], total: 2 });
    expect(await list({ keyword: "6123" })).toEqual({ names: ["Wong Siu Ming"], total: 1 });
    expect(await list({ product_id: other.id })).toEqual({ names: ["Wong Old"], total: 1 });
    // 2025-01-01T17:00Z is 2 January in Hong Kong.
    expect(await list({ date_from: "2025-01-02", date_to: "2025-01-02" })).toEqual({ names: ["Wong Old"], total: 1 });
    expect(await list({ date_to: "2025-01-01" })).toEqual({ names: [], total: 0 });
    expect(await list({ status: "booked", direction: "ASC" })).toEqual({
      names: ["Wong Old", "Wong Siu Ming", "Lee Ka Yan"],
      total: 3,
    });
    const stranger = await createStore(db());
    const { product: theirs } = await createBookingProduct(db(), stranger.applicationKey);
    await expectFailure(list({ product_id: theirs.id }), 404, "not-found");
  });

  it("takes website bookings: a replay answers the first, a member needs the e-mail on file", async () => {
    const shop = await preOrderShop(transport);
    const member = await createMember(db(), shop.applicationKey);
    const online = (overrides: Partial<PayloadInput<"add_online_product_booking_data">> = {}) =>
      shop.client.add_online_product_booking_data({
        ...shop.key,
        idempotency_key: "website-booking-0000001",
        product_code: shop.product.productCode,
        quantity: 2,
        customer_name: "Guest",
        customer_phone: "51234567",
        customer_email: "guest@example.com",
        ...overrides,
      });
    const [{ data: first }, { data: replay }] = await Promise.all([online(), online()]);
    expect(replay).toEqual(first);
    expect(first).toMatchObject({ status: "booked", quantity: 2, deposit_cents: 100_00 });
    expect((await shop.bookingsOf()).map((row) => row.channel)).toEqual(["online"]);
    await expectFailure(
      online({
        idempotency_key: "website-booking-0000002",
        member_id: member.id,
        customer_email: "someone@example.com",
      }),
      404,
      "user-not-found-or-disabled",
    );
    const { data: byMember } = await online({
      idempotency_key: "website-booking-0000003",
      member_id: member.id,
      customer_email: member.email!,
      quantity: 1,
    });
    expect(byMember.status).toBe("booked");
    await expectFailure(
      online({ idempotency_key: "website-booking-0000004", quantity: 3 }),
      409,
      "product-booking-quota-full",
    );
    await expectFailure(online({ idempotency_key: "website-booking-0000005", product_code: "NOPE" }), 404, "not-found");
  });
});
