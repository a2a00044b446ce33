import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runHourlyJobs } from "../../backend";
import { emailOutbox, orderPayments, orders, storeAccounts, storeSettings } from "../../backend/db/schema";
import { readPayLink } from "../../backend/pay-link";
import { parseEmvTlv, readTlv } from "../../contract/fps-qr";
import { createOrderRow, latestEmailTo } from "../../tests/helpers/factories";
import { clientOver, control, db, expectFailure, logOf, merchant } from "../../tests/integration/wire";

const HOUR = 3_600_000;
const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (id: number) =>
  db().select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(orderPayments.id);

/** A store taking FPS with a proof, and an FPS order of HK$123.45 whose proof waits for staff. */
async function queue() {
  const shop = await merchant("embedded", { sells: true });
  await db()
    .update(storeSettings)
    .set({ paymentMethods: { fps: { enabled: true, account_id: "1234567", requires_proof: true } } })
    .where(eq(storeSettings.applicationKey, shop.key.application_key));
  const { order } = await createOrderRow(db(), shop.key.application_key, {
    status: "unverified_payment",
    paymentMethod: "fps",
    totalCents: 123_45,
    proofImageUrls: [`/uploads/${shop.key.application_key}/proof.png`],
  });
  const detail = async () =>
    (await shop.client.get_order_data_by_application_key_and_id({ ...shop.key, id: order.id })).data;
  const move = (fields: { version: number; to: "paid" | "awaiting_payment" } & Record<string, unknown>) =>
    shop.client.update_order_status_data_by_application_key_and_id({ ...shop.key, id: order.id, ...fields });
  return { ...shop, order, detail, move };
}

describe("the proof queue", () => {
  it("shows beside the proof what is owed and the reference the FPS QR code carries", async () => {
    const { detail, order } = await queue();
    const data = await detail();
    expect(data).toMatchObject({ amount_owed_cents: 123_45, payment_reference: String(order.orderNumber) });
    expect(data.payments).toEqual([
      expect.objectContaining({ status: "no_payment_record", amount_cents: 123_45, received_cents: null }),
    ]);
    const referenceLabel = readTlv(parseEmvTlv(data.fps_qr!.payload).get("62")!).get("05");
    expect(referenceLabel).toBe(data.payment_reference);
  });

  it("verifies with the amount received: the expected one at once, another only once confirmed, stored and logged", async () => {
    const { move, order, key } = await queue();
    const differs = await expectFailure(
      move({ version: 1, to: "paid", received_cents: 120_00 }),
      400,
      "invalid-payload",
    );
    expect(differs.fields).toEqual({ received_cents: ["received-amount-differs:HK$123.45"] });
    expect(await orderRow(order.id)).toMatchObject({ status: "unverified_payment", version: 1 });

    // A stale page's confirmation is still over the version it showed.
    await expectFailure(
      move({ version: 2, to: "paid", received_cents: 120_00, confirm_received: true }),
      409,
      "order-status-changed",
    );
    await move({ version: 1, to: "paid", received_cents: 120_00, confirm_received: true });
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", paymentStatus: "succeeded", version: 2 });
    expect(await paymentsOf(order.id)).toEqual([
      expect.objectContaining({ status: "succeeded", amountCents: 123_45, receivedCents: 120_00 }),
    ]);
    const [entry] = (await logOf(key.application_key)).filter((log) => log.data_type === "order_data");
    expect(entry.changes).toMatchObject({ status: ["unverified_payment", "paid"], received_cents: [null, 120_00] });
  });

  it("takes the amount owed as received when staff leave it, without asking", async () => {
    const { move, order } = await queue();
    await move({ version: 1, to: "paid" });
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: "succeeded", receivedCents: 123_45 });
  });

  it("marks a rejected proof's payment failed, keeps the order awaiting payment, and takes the customer's new proof", async () => {
    const { move, order, key, client } = await queue();
    await move({ version: 1, to: "awaiting_payment", note: "No such transfer arrived" });
    expect(await orderRow(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "failed" });
    expect(await paymentsOf(order.id)).toEqual([expect.objectContaining({ status: "failed" })]);
    const failed = await client.get_order_data_and_total_number_by_sorting_and_limit({
      ...key,
      payment_status: "failed",
    });
    expect(failed.data.map((row) => row.id)).toEqual([order.id]);

    const website = clientOver("embedded");
    const { data: sent } = await website.update_order_payment_proof_data_by_application_key_and_idempotency_key({
      ...key,
      idempotency_key: order.idempotencyKey,
      proof_images: [PNG_DATA_URL],
    });
    expect(sent).toMatchObject({ status: "unverified_payment", payment_status: "no_payment_record" });
    const [rejected, renewed] = await paymentsOf(order.id);
    expect(rejected).toMatchObject({ status: "failed", proofImageUrls: [`/uploads/${key.application_key}/proof.png`] });
    expect(renewed).toMatchObject({ status: "no_payment_record", method: "fps", amountCents: 123_45 });
    expect(renewed.proofImageUrls).toEqual([expect.stringMatching(new RegExp(`^/uploads/${key.application_key}/`))]);

    // Verified now, only the new payment succeeds; the rejected one stays failed.
    await move({ version: 3, to: "paid" });
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(["failed", "succeeded"]);
  });
});

describe("the payment reminder", () => {
  it("e-mails each unpaid order once after the store's hours, in its customer's language, however many runs race", async () => {
    const { key, store } = await merchant("embedded", { sells: true });
    await db()
      .update(storeSettings)
      .set({ unpaidOrderReminderHours: 6 })
      .where(eq(storeSettings.applicationKey, key.application_key));
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
    const order = (options: Parameters<typeof createOrderRow>[2]) =>
      createOrderRow(db(), key.application_key, { paymentMethod: "fps", totalCents: 88_00, ...options });
    const { order: due } = await order({ createdAt: ago(7), customerLanguage: "en" });
    const { order: chinese } = await order({ createdAt: ago(7), channel: "pos" });
    const { order: recent } = await order({ createdAt: ago(4) });
    const { order: proof } = await order({ createdAt: ago(7), status: "unverified_payment" });
    const { order: paid } = await order({ createdAt: ago(7), status: "paid", paymentStatus: "succeeded" });
    const { order: noEmail } = await order({ createdAt: ago(7), customerEmail: null });
    const quiet = await merchant("embedded", { sells: true });
    const { order: elsewhere } = await createOrderRow(db(), quiet.key.application_key, { createdAt: ago(47) });

    await Promise.all([runHourlyJobs(env, now), runHourlyJobs(env, now)]);
    await runHourlyJobs(env, new Date(now.getTime() + HOUR));

    const sentTo = async (email: string | null) =>
      email ? control().select().from(emailOutbox).where(eq(emailOutbox.recipient, email)) : [];
    const [english, ...again] = await sentTo(due.customerEmail);
    expect(again).toEqual([]);
    expect(english.subject).toBe(`${store.storeName}: order #${due.orderNumber} is waiting for your payment`);
    expect(english.body).toContain("Amount to pay: HK$88.00");
    expect(english.body).toContain(`Reference to quote with your transfer: ${due.orderNumber}`);
    const token = /\/pay\/(\S+)/.exec(english.body)?.[1];
    expect(english.body).toContain(`${env.APP_URL}/pay/${token}`);
    expect(await readPayLink(env.SESSION_SECRET, token!, now)).toMatchObject({
      applicationKey: key.application_key,
      kind: "order",
      id: due.id,
      amountCents: 88_00,
    });
    const [inChinese, ...twice] = await sentTo(chinese.customerEmail);
    expect(twice).toEqual([]);
    expect(inChinese.body).toContain("應付金額：HK$88.00");
    expect((await orderRow(due.id)).paymentRemindedAt).toBe(now.toISOString());

    for (const unreminded of [recent, proof, paid, noEmail, elsewhere]) {
      expect(await sentTo(unreminded.customerEmail)).toEqual([]);
      expect((await orderRow(unreminded.id)).paymentRemindedAt).toBeNull();
    }
    // The order's version is the staff's compare-and-set: the reminder leaves it.
    expect((await orderRow(due.id)).version).toBe(1);
  });

  it("sends nothing for a disabled store", async () => {
    const { key } = await merchant("embedded", { sells: true });
    await db()
      .update(storeSettings)
      .set({ unpaidOrderReminderHours: 1 })
      .where(eq(storeSettings.applicationKey, key.application_key));
    await db()
      .update(storeAccounts)
      .set({ disabled: true })
      .where(eq(storeAccounts.applicationKey, key.application_key));
    const { order } = await createOrderRow(db(), key.application_key, {
      createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    await runHourlyJobs(env, new Date());
    expect(await latestEmailTo(db(), order.customerEmail!)).toBeUndefined();
    expect((await orderRow(order.id)).paymentRemindedAt).toBeNull();
  });
});
