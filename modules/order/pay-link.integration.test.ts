import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fpsQrSvg } from "../../app/server/fps-qr.server";
import { storeSettings } from "../../backend/db/schema";
import { readPayLink, type PayLinkKind } from "../../backend/pay-link";
import { parseEmvTlv, readTlv } from "../../contract/fps-qr";
import {
  createCourseType,
  createCreditPackage,
  createMember,
  createMonthlyFeePlan,
  createMonthlyFeeRecord,
  createOrderRow,
  createPaidCreditOrder,
  createQuotation,
  createRentingProduct,
  createRentingRecord,
  createStore,
  createStoreStaff,
  waitForEmailTo,
} from "../../tests/helpers/factories";
import { decodeQrSvg } from "../../tests/helpers/qr";
import { clientOver, db, expectFailure, logOf, merchant, signIn } from "../../tests/integration/wire";

const TRANSPORT = "embedded";

/** What a pay link's path names, checked against the deployment's secret. */
const linkOf = async (path: string) => {
  const token = /^\/pay\/(.+)$/.exec(path)?.[1];
  return token ? readPayLink(env.SESSION_SECRET, token, new Date()) : null;
};

/** The pay link in an e-mail's body, as the customer opens it. */
const linkInEmail = (body: string) => new URL(/https?:\/\/\S+\/pay\/\S+/.exec(body)![0]).pathname;

const expectLink = async (
  path: string | undefined,
  owed: { applicationKey: string; kind: PayLinkKind; id: number; amountCents: number },
) => expect(await linkOf(path ?? "")).toMatchObject(owed);

describe("pay links in the staff reads and their e-mail", () => {
  it("answers an order's pay link only while it awaits payment, and e-mails it in the customer's language", async () => {
    const { store, client, key } = await merchant(TRANSPORT);
    const customerEmail = "buyer-order@example.com";
    const awaiting = await createOrderRow(db(), store.applicationKey, { customerEmail, totalCents: 1234_50 });
    const paid = await createOrderRow(db(), store.applicationKey, { customerEmail, status: "paid" });
    const id = { ...key, id: awaiting.order.id };

    const { data } = await client.get_order_data_by_application_key_and_id(id);
    const owed = {
      applicationKey: store.applicationKey,
      kind: "order" as const,
      id: awaiting.order.id,
      amountCents: 1234_50,
    };
    await expectLink(data.pay_link?.path, owed);
    expect(Date.parse(data.pay_link!.expires_at)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect((await client.get_order_data_by_application_key_and_id({ ...key, id: paid.order.id })).data.pay_link).toBe(
      null,
    );

    expect((await client.add_order_pay_link_email_data({ ...id, language: "en" })).data).toEqual({
      sent_to: customerEmail,
    });
    const english = await waitForEmailTo(db(), customerEmail);
    const number = awaiting.order.orderNumber;
    expect(english.subject).toBe(`${store.storeName}: payment for order #${number}`);
    expect(english.body).toContain("Please pay HK$1,234.50 for order");
    expect(english.body).toContain(`${env.APP_URL}/pay/`);
    await expectLink(linkInEmail(english.body), owed);

    await client.add_order_pay_link_email_data({ ...id, language: "zh-HK" });
    const chinese = await waitForEmailTo(db(), customerEmail);
    expect(chinese.id).toBeGreaterThan(english.id);
    expect(chinese.subject).toBe(`${store.storeName}：訂單 #${number}的付款`);
    expect(chinese.body).toContain("請支付訂單");
    expect(chinese.body).toContain("HK$1,234.50");
    await expectLink(linkInEmail(chinese.body), owed);

    const entries = (await logOf(store.applicationKey)).filter((entry) => entry.data_type === "order_data");
    expect(entries.at(-1)).toMatchObject({
      action: "edit",
      record_id: String(awaiting.order.id),
      changes: { pay_link_sent_to: [null, customerEmail] },
    });
  });

  it("refuses an order that owes nothing or has no e-mail (409), one of another store (404) and sales without write (403)", async () => {
    const { store, client, key } = await merchant(TRANSPORT);
    const paid = await createOrderRow(db(), store.applicationKey, { customerEmail: "a@example.com", status: "paid" });
    const noEmail = await createOrderRow(db(), store.applicationKey, { customerEmail: null });
    const other = await createStore(db());
    const elsewhere = await createOrderRow(db(), other.applicationKey, { customerEmail: "b@example.com" });
    const send = (orderId: number) => client.add_order_pay_link_email_data({ ...key, id: orderId, language: "en" });
    await expectFailure(send(paid.order.id), 409, "pay-link-not-owed");
    await expectFailure(send(noEmail.order.id), 409, "pay-link-no-email");
    await expectFailure(send(elsewhere.order.id), 404, "not-found");

    const awaiting = await createOrderRow(db(), store.applicationKey, { customerEmail: "c@example.com" });
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales", permissions: { order: "read" } });
    const salesClient = clientOver(TRANSPORT, await signIn(TRANSPORT, sales.email, sales.password));
    const seen = await salesClient.get_order_data_by_application_key_and_id({ ...key, id: awaiting.order.id });
    expect(seen.data.pay_link).not.toBe(null);
    await expectFailure(
      salesClient.add_order_pay_link_email_data({ ...key, id: awaiting.order.id, language: "en" }),
      403,
      "forbidden",
    );
  });

  it("answers and e-mails the pay link of a credit order awaiting payment, to its member", async () => {
    const { store, client, key } = await merchant(TRANSPORT);
    const member = await createMember(db(), store.applicationKey);
    const courseType = await createCourseType(db(), store.applicationKey);
    const creditPackage = await createCreditPackage(db(), store.applicationKey, [courseType.id], {
      priceCents: 880_00,
    });
    const { order } = await createPaidCreditOrder(db(), store.applicationKey, member.id, creditPackage, {
      status: "awaiting_payment",
      paymentStatus: "no_payment_record",
      paidAt: null,
    });
    const paid = await createPaidCreditOrder(db(), store.applicationKey, member.id, creditPackage);
    const id = { ...key, id: order.id };
    const { data } = await client.get_credit_order_data_by_application_key_and_id(id);
    expect(data.member_email).toBe(member.email);
    const owed = {
      applicationKey: store.applicationKey,
      kind: "credit-order" as const,
      id: order.id,
      amountCents: 880_00,
    };
    await expectLink(data.pay_link?.path, owed);
    const paidRead = await client.get_credit_order_data_by_application_key_and_id({ ...key, id: paid.order.id });
    expect(paidRead.data.pay_link).toBe(null);

    await client.add_credit_order_pay_link_email_data({ ...id, language: "en" });
    const mail = await waitForEmailTo(db(), member.email);
    expect(mail.subject).toBe(
      `${store.storeName}: payment for credit package order #${order.id} (${creditPackage.nameEn})`,
    );
    await expectLink(linkInEmail(mail.body), owed);
    await expectFailure(
      client.add_credit_order_pay_link_email_data({ ...key, id: paid.order.id, language: "en" }),
      409,
      "pay-link-not-owed",
    );
  });

  it("answers and e-mails the pay link of each pending monthly fee record, and none for a paid one", async () => {
    const { store, client, key } = await merchant(TRANSPORT);
    const member = await createMember(db(), store.applicationKey);
    const plan = await createMonthlyFeePlan(db(), store.applicationKey, { priceCents: 600_00 });
    const pending = await createMonthlyFeeRecord(db(), store.applicationKey, member.id, plan);
    const paid = await createMonthlyFeeRecord(db(), store.applicationKey, member.id, plan, {
      periodStart: "2020-01-01",
      status: "paid",
      paymentMethod: "cash",
      paidAt: new Date().toISOString(),
    });
    const { data } = await client.get_monthly_fee_record_data_list_by_application_key_and_member_id({
      ...key,
      member_id: member.id,
    });
    expect(data.member.email).toBe(member.email);
    const byId = new Map(data.records.map((record) => [record.id, record.pay_link]));
    const owed = {
      applicationKey: store.applicationKey,
      kind: "monthly-fee" as const,
      id: pending.id,
      amountCents: 600_00,
    };
    await expectLink(byId.get(pending.id)?.path, owed);
    expect(byId.get(paid.id)).toBe(null);

    await client.add_monthly_fee_record_pay_link_email_data({ ...key, id: pending.id, language: "zh-HK" });
    const mail = await waitForEmailTo(db(), member.email);
    expect(mail.subject).toBe(
      `${store.storeName}：月費 ${plan.nameZhHk}（${pending.periodStart} 至 ${pending.periodEnd}）的付款`,
    );
    await expectLink(linkInEmail(mail.body), owed);
    await expectFailure(
      client.add_monthly_fee_record_pay_link_email_data({ ...key, id: paid.id, language: "en" }),
      409,
      "pay-link-not-owed",
    );
  });

  it("answers and e-mails the deposit's pay link of a booked rental, and none once picked up", async () => {
    const { store, client, key } = await merchant(TRANSPORT);
    const product = await createRentingProduct(db(), store.applicationKey, { depositCents: 300_00 });
    const customerEmail = "renter@example.com";
    const booked = await createRentingRecord(db(), store.applicationKey, product, { customerEmail });
    const rented = await createRentingRecord(db(), store.applicationKey, product, {
      customerEmail,
      status: "rented",
      startsAt: "2020-01-01T02:00:00.000Z",
      endsAt: "2020-01-03T02:00:00.000Z",
      pickedUpAt: "2020-01-01T02:00:00.000Z",
    });
    const { data } = await client.get_renting_record_data_by_application_key_and_id({ ...key, id: booked.id });
    const owed = { applicationKey: store.applicationKey, kind: "rental" as const, id: booked.id, amountCents: 300_00 };
    await expectLink(data.pay_link?.path, owed);
    const rentedRead = await client.get_renting_record_data_by_application_key_and_id({ ...key, id: rented.id });
    expect(rentedRead.data.pay_link).toBe(null);

    await client.add_renting_record_pay_link_email_data({ ...key, id: booked.id, language: "en" });
    const mail = await waitForEmailTo(db(), customerEmail);
    expect(mail.subject).toBe(
      `${store.storeName}: payment for the deposit of rental #${booked.id} (${product.nameEn})`,
    );
    expect(mail.body).toContain("HK$300.00");
    await expectLink(linkInEmail(mail.body), owed);
  });

  it("gives a converted quotation its order's pay link", async () => {
    const { store, client, key } = await merchant(TRANSPORT);
    const { order } = await createOrderRow(db(), store.applicationKey, { totalCents: 300_00 });
    const quotation = await createQuotation(db(), store.applicationKey, undefined, {
      status: "processing",
      orderId: order.id,
    });
    const { data } = await client.get_quotation_data_by_application_key_and_id({ ...key, id: quotation.quotation.id });
    await expectLink(data.order_pay_link?.path, {
      applicationKey: store.applicationKey,
      kind: "order",
      id: order.id,
      amountCents: 300_00,
    });
  });
});

describe("the printed quotation's FPS QR code", () => {
  it("pays the quotation's total with its number as the reference, read by a real QR decoder", async () => {
    const { store, client, key } = await merchant(TRANSPORT);
    await db()
      .update(storeSettings)
      .set({ paymentMethods: { fps: { enabled: true, account_id: "1234567", bank_code: "" } } })
      .where(eq(storeSettings.applicationKey, store.applicationKey));
    const pending = await createQuotation(db(), store.applicationKey, [
      { name: "Installation", unitPriceCents: 1250_50, quantity: 2 },
    ]);
    const cancelled = await createQuotation(db(), store.applicationKey, undefined, { status: "cancelled" });
    const { data } = await client.get_quotation_data_by_application_key_and_id({ ...key, id: pending.quotation.id });
    expect(data.fps_qr).toMatchObject({ amount_cents: 2501_00, reference: data.number });
    const decoded = decodeQrSvg(fpsQrSvg(data.fps_qr!.payload, "FPS QR code"));
    expect(decoded).toBe(data.fps_qr!.payload);
    const objects = parseEmvTlv(decoded!);
    expect(objects.get("01")).toBe("12");
    expect(objects.get("53")).toBe("344");
    expect(objects.get("54")).toBe("2501.00");
    expect(objects.get("59")).toBe(store.storeName);
    expect(Object.fromEntries(readTlv(objects.get("26")!))).toMatchObject({ "00": "hk.com.hkicl", "02": "1234567" });
    expect(Object.fromEntries(readTlv(objects.get("62")!))).toEqual({ "05": data.number });

    const cancelledRead = await client.get_quotation_data_by_application_key_and_id({
      ...key,
      id: cancelled.quotation.id,
    });
    expect(cancelledRead.data.fps_qr).toBe(null);
  });
});
