import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeSettings, websiteData } from "../../backend/db/schema";
import { parseEmvTlv, readTlv } from "../../contract/fps-qr";
import { ordersForExport } from "../../app/routes/_store+/order+/order-list+/__order-export.server";
import {
  orderListPayload,
  orderListQuery,
} from "../../app/routes/_store+/order+/order-list+/__order-list-query.server";
import { ordersToCsv } from "../../app/routes/_store+/order+/order-list+/__order-sheet.server";
import { printableOrder } from "../../app/server/order-print.server";
import { createMember, createOrderRow, createProduct, createStoreStaff } from "../../tests/helpers/factories";
import { resources } from "../../app/locales.generated.server";
import { decodeQrSvg } from "../../tests/helpers/qr";
import { clientOver, db, expectFailure, merchant, signIn } from "../../tests/integration/wire";

describe("what the print pages and the order export read", () => {
  it("gives the order's detail with the store's name, logo and contact, in the same call", async () => {
    const { store, client, key } = await merchant("embedded");
    await db()
      .update(websiteData)
      .set({
        logoImgUrl: `/uploads/${store.applicationKey}/logo.png`,
        address: "香港中環皇后大道中 1 號",
        contactPhone: "21234567",
        contactEmail: "shop@example.com",
      })
      .where(eq(websiteData.applicationKey, store.applicationKey));
    const { order } = await createOrderRow(db(), store.applicationKey);
    const { data } = await client.get_order_data_by_application_key_and_id({ ...key, id: order.id });
    expect(data.store).toEqual({
      name: store.storeName,
      logo_img_url: `/uploads/${store.applicationKey}/logo.png`,
      address: "香港中環皇后大道中 1 號",
      phone: "21234567",
      email: "shop@example.com",
    });
    // uqr draws the QR code inside workerd.
    expect(printableOrder(data, "en", { qr: "QR", fpsQr: null, district: null }).qr).toMatch(
      /^<svg role="img" aria-label="QR" class="print-qr" [^>]*viewBox="0 0 \d+ \d+"><rect /,
    );
  });

  it("prints an FPS order awaiting payment with the FPS QR code of what it owes and its number", async () => {
    const { store, client, key } = await merchant("embedded");
    const setFps = (fps: object) =>
      db()
        .update(storeSettings)
        .set({ paymentMethods: { fps } })
        .where(eq(storeSettings.applicationKey, store.applicationKey));
    await setFps({ enabled: true, account_id: "+852 9123 4567", bank_code: "004" });
    const awaiting = await createOrderRow(db(), store.applicationKey, { paymentMethod: "fps", totalCents: 123_45 });
    const { data } = await client.get_order_data_by_application_key_and_id({ ...key, id: awaiting.order.id });
    expect(data.fps_qr).toMatchObject({ amount_cents: 123_45, reference: String(awaiting.order.orderNumber) });

    const printed = printableOrder(data, "en", { qr: "QR", fpsQr: "FPS QR code", district: null });
    expect(printed.fps?.amount).toBe("HK$123.45");
    const decoded = decodeQrSvg(printed.fps!.svg);
    expect(decoded).toBe(data.fps_qr!.payload);
    const objects = parseEmvTlv(decoded!);
    expect(objects.get("54")).toBe("123.45");
    expect(objects.get("59")).toBe(store.storeName);
    expect(Object.fromEntries(readTlv(objects.get("26")!))).toEqual({
      "00": "hk.com.hkicl",
      "01": "004",
      "03": "+852-91234567",
    });
    expect(Object.fromEntries(readTlv(objects.get("62")!))).toEqual({ "05": String(awaiting.order.orderNumber) });

    // Paid, paid another way, or a store whose identifier is none (saved before the rule): no FPS QR code.
    const paid = await createOrderRow(db(), store.applicationKey, { paymentMethod: "fps", status: "paid" });
    const cash = await createOrderRow(db(), store.applicationKey);
    for (const order of [paid, cash]) {
      expect((await client.get_order_data_by_application_key_and_id({ ...key, id: order.order.id })).data.fps_qr).toBe(
        null,
      );
    }
    await setFps({ enabled: true, account_id: "12345678" });
    expect((await client.get_order_data_by_application_key_and_id({ ...key, id: awaiting.order.id })).data.fps_qr).toBe(
      null,
    );
  });

  it("refuses the detail to staff without the order module (403) and an unknown order (404)", async () => {
    const { store, client, key } = await merchant("embedded");
    const { order } = await createOrderRow(db(), store.applicationKey);
    const staff = await createStoreStaff(db(), store.applicationKey, { role: "sales", permissions: { order: "none" } });
    const staffClient = clientOver("embedded", await signIn("embedded", staff.email, staff.password));
    await expectFailure(
      staffClient.get_order_data_by_application_key_and_id({ ...key, id: order.id }),
      403,
      "forbidden",
    );
    await expectFailure(
      client.get_order_data_by_application_key_and_id({ ...key, id: order.id + 1_000_000 }),
      404,
      "not-found",
    );
  });

  it("exports exactly the filtered list, in its order, with the member code and the item count", async () => {
    const { store, client } = await merchant("embedded");
    const member = await createMember(db(), store.applicationKey);
    const product = await createProduct(db(), store.applicationKey);
    const paid = await createOrderRow(db(), store.applicationKey, {
      status: "paid",
      memberId: member.id,
      couponDiscountCents: 500,
      lines: [
        { productId: product.id, unitPriceCents: 2_000, quantity: 2 },
        { productId: product.id, unitPriceCents: 1_000, quantity: 3 },
      ],
    });
    const alsoPaid = await createOrderRow(db(), store.applicationKey, { status: "paid" });
    await createOrderRow(db(), store.applicationKey, { status: "awaiting_payment" });

    const query = orderListQuery(new URL("http://localhost/order/order-list/export.csv?status=paid&sort=total.DESC"));
    const exported = await ordersForExport(client, store.applicationKey, query);
    const { data: listed } = await client.get_order_data_and_total_number_by_sorting_and_limit(
      orderListPayload(store.applicationKey, query),
    );
    expect(exported.map((order) => order.id)).toEqual(listed.map((order) => order.id));
    expect(exported.map((order) => order.id).sort()).toEqual([paid.order.id, alsoPaid.order.id].sort());
    expect(exported.find((order) => order.id === paid.order.id)).toMatchObject({
      member_code: member.memberCode,
      item_count: 5,
      discount_cents: 500,
    });
    expect(exported.find((order) => order.id === alsoPaid.order.id)).toMatchObject({
      member_code: null,
      item_count: 1,
    });

    const lines = ordersToCsv(exported, "en").trim().split("\r\n");
    expect(lines[0]).toContain(`${resources.en.order.sheet.headers.order_number},`);
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.startsWith(`${paid.order.orderNumber},`))).toContain(
      `,${member.memberCode},5,70.00,5.00,`,
    );
  });
});
