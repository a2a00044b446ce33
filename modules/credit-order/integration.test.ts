import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ONLINE_CREDIT_ORDERS_PER_CLIENT } from "../../modules/credit-order/actions";
import { courseBookings, creditMovements, creditPackages, memberCredits } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import {
  createCoach,
  createCourseSession,
  createCourseType,
  createCreditPackage,
  createMember,
  createStore,
  createStoreStaff,
  waitForEmailTo,
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

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const uuid = () => crypto.randomUUID();

/** A store that sells (cash, and FPS with a proof), with a package of 5 credits on sale and a member. */
async function studio(transport: (typeof TRANSPORT_NAMES)[number], options: Parameters<typeof createStore>[1] = {}) {
  const shop = await merchant(transport, { sells: true, ...options });
  const applicationKey = shop.store.applicationKey;
  const type = await createCourseType(db(), applicationKey);
  const pack = await createCreditPackage(db(), applicationKey, [type.id], { credits: 5, priceCents: 80_000 });
  const member = await createMember(db(), applicationKey);
  const credits = async () => db().select().from(memberCredits).where(eq(memberCredits.memberId, member.id));
  const sell = (overrides: Partial<PayloadInput<"add_credit_order_data">> = {}) =>
    shop.client.add_credit_order_data({
      ...shop.key,
      idempotency_key: uuid(),
      member_id: member.id,
      package_id: pack.id,
      payment_method: "cash",
      paid: true,
      ...overrides,
    });
  const detail = async (id: number) =>
    (await shop.client.get_credit_order_data_by_application_key_and_id({ ...shop.key, id })).data;
  return { ...shop, applicationKey, type, pack, member, credits, sell, detail };
}

const movementsOf = async (creditId: number) =>
  (
    await db().select().from(creditMovements).where(eq(creditMovements.creditId, creditId)).orderBy(creditMovements.id)
  ).map((row) => `${row.reason}:${row.change}`);

describe.each(TRANSPORT_NAMES)("credit orders over the %s transport", (transport) => {
  it("sells a package at the counter paid now: the credits granted at once, a replayed submission the same order", async () => {
    const s = await studio(transport);
    const idempotency_key = uuid();
    const { data: sold } = await s.sell({ idempotency_key, note: "Front desk" });
    expect(sold).toMatchObject({ status: "paid", price_cents: 80_000 });
    const { data: replayed } = await s.sell({ idempotency_key });
    expect(replayed.id).toBe(sold.id);
    const [credit, ...more] = await s.credits();
    expect(more).toEqual([]);
    expect(credit).toMatchObject({ creditOrderId: sold.id, creditsGranted: 5, creditsRemaining: 5, status: "active" });

    const detail = await s.detail(sold.id);
    expect(detail).toMatchObject({
      status: "paid",
      payment_status: "succeeded",
      member_name: s.member.name,
      package_name_en: s.pack.nameEn,
      credits: 5,
      channel: "counter",
      actor_email: s.store.email,
      credit: { credits_remaining: 5, expires_at: credit.expiresAt },
      allowed_transitions: ["cancelled"],
      can_refund: true,
    });
    expect(detail.paid_at).not.toBeNull();

    const { data: listed, extra } = await s.client.get_credit_order_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      keyword: s.member.phone!,
      status: "paid",
    });
    expect([listed.map((row) => row.id), extra.total_number]).toEqual([[sold.id], 1]);
    expect(await logOf(s.applicationKey)).toEqual([
      expect.objectContaining({ action: "add", data_type: "credit_order_data", record_id: String(sold.id) }),
    ]);
  });

  it("verifies a payment once under two staff at once and e-mails the member; a move its status lacks is refused", async () => {
    const s = await studio(transport);
    const { data: sold } = await s.sell({ paid: false, payment_method: "fps" });
    expect(sold.status).toBe("awaiting_payment");
    expect(await s.credits()).toEqual([]);

    const verify = () =>
      s.client.update_credit_order_status_data_by_application_key_and_id({
        ...s.key,
        id: sold.id,
        version: 1,
        to: "paid",
      });
    const outcomes = await Promise.allSettled([verify(), verify()]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    await expectFailure(verify(), 409, "edited-elsewhere");
    expect((await s.credits()).map((credit) => credit.creditsRemaining)).toEqual([5]);
    expect((await waitForEmailTo(db(), s.member.email)).body).toContain(`#${sold.id}`);

    const { data: other } = await s.sell({ paid: false, payment_method: "fps" });
    await expectFailure(
      s.client.update_credit_order_status_data_by_application_key_and_id({
        ...s.key,
        id: other.id,
        version: 1,
        to: "awaiting_payment",
      }),
      409,
      "credit-order-transition-not-allowed",
    );
  });

  it("cancels an unused paid order with its credits taken back, refuses once one is used, and refunds once", async () => {
    const s = await studio(transport);
    const { data: unused } = await s.sell();
    await s.client.update_credit_order_status_data_by_application_key_and_id({
      ...s.key,
      id: unused.id,
      version: 1,
      to: "cancelled",
    });
    const [taken] = await s.credits();
    expect(taken).toMatchObject({ status: "refunded", creditsRemaining: 0 });
    expect(await movementsOf(taken.id)).toEqual(["purchase:5", "refund:-5"]);
    expect((await logOf(s.applicationKey)).at(-1)).toMatchObject({
      action: "edit",
      data_type: "credit_order_data",
      record_id: String(unused.id),
      changes: { status: ["paid", "cancelled"], payment_status: ["succeeded", "refunded"] },
    });

    const { data: used } = await s.sell();
    const [, credit] = await s.credits();
    const session = await createCourseSession(db(), s.applicationKey, {
      courseTypeId: s.type.id,
      coachId: (await createCoach(db(), s.applicationKey)).id,
    });
    await db().insert(courseBookings).values({
      applicationKey: s.applicationKey,
      sessionId: session.id,
      memberId: s.member.id,
      creditId: credit.id,
      creditsSpent: 1,
    });
    expect((await s.detail(used.id)).allowed_transitions).toEqual([]);
    await expectFailure(
      s.client.update_credit_order_status_data_by_application_key_and_id({
        ...s.key,
        id: used.id,
        version: 1,
        to: "cancelled",
      }),
      409,
      "credits-already-used",
    );

    const refund = () =>
      s.client.update_credit_order_refund_data_by_application_key_and_id({ ...s.key, id: used.id, version: 1 });
    const outcomes = await Promise.allSettled([refund(), refund()]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await movementsOf(credit.id)).toEqual(["purchase:5", "booking:-1", "refund:-4"]);
    expect(await s.detail(used.id)).toMatchObject({
      status: "refunded",
      payment_status: "refunded",
      can_refund: false,
    });
    await expectFailure(
      s.client.update_credit_order_refund_data_by_application_key_and_id({ ...s.key, id: used.id, version: 2 }),
      409,
      "credit-order-transition-not-allowed",
    );
  });
});

describe("credit orders' rules", () => {
  const transport = "embedded";

  it("refuses a package off sale, a payment method the store does not take, and a reject without its reason", async () => {
    const s = await studio(transport);
    const offSale = await createCreditPackage(db(), s.applicationKey, [s.type.id], { onSale: false });
    await expectFailure(s.sell({ package_id: offSale.id }), 404, "credit-package-not-found");
    await expectFailure(s.sell({ payment_method: "payme" }), 400, "invalid-payment-method");
    await expectFailure(s.sell({ member_id: 999_999_999 }), 404, "not-found");

    const { data: options } = await s.client.get_credit_order_option_data_list_by_application_key_and_keyword({
      ...s.key,
      keyword: s.member.memberCode,
    });
    expect(options).toEqual({
      members: [{ id: s.member.id, member_code: s.member.memberCode, name: s.member.name, phone: s.member.phone }],
      packages: [expect.objectContaining({ id: s.pack.id, credits: 5, price_cents: 80_000 })],
      payment_methods: ["cash", "fps"],
    });

    const website = clientOver(transport);
    const { data: online } = await website.add_online_credit_order_data({
      ...s.key,
      idempotency_key: uuid(),
      member_id: s.member.id,
      customer_email: s.member.email,
      package_id: s.pack.id,
      payment_method: "fps",
      proof_images: [`data:image/png;base64,${ONE_PIXEL_PNG}`],
    });
    expect(online.status).toBe("unverified_payment");
    await expectFailure(
      s.client.update_credit_order_status_data_by_application_key_and_id({
        ...s.key,
        id: online.id,
        version: 1,
        to: "awaiting_payment",
      }),
      400,
      "invalid-payload",
    );
    await s.client.update_credit_order_status_data_by_application_key_and_id({
      ...s.key,
      id: online.id,
      version: 1,
      to: "awaiting_payment",
      note: "The amount is wrong",
    });
    expect((await waitForEmailTo(db(), s.member.email)).body).toContain("The amount is wrong");
    expect(await s.detail(online.id)).toMatchObject({
      status: "awaiting_payment",
      channel: "online",
      actor_email: s.store.email,
    });
  });

  it("matches a proof: the price and reference beside it, a rejected one failed, another amount received confirmed", async () => {
    const s = await studio(transport);
    const website = clientOver(transport);
    const buy = async () =>
      (
        await website.add_online_credit_order_data({
          ...s.key,
          idempotency_key: uuid(),
          member_id: s.member.id,
          customer_email: s.member.email,
          package_id: s.pack.id,
          payment_method: "fps",
          proof_images: [`data:image/png;base64,${ONE_PIXEL_PNG}`],
        })
      ).data;
    const move = (id: number, fields: { version: number; to: "paid" | "awaiting_payment" } & Record<string, unknown>) =>
      s.client.update_credit_order_status_data_by_application_key_and_id({ ...s.key, id, ...fields });
    const rejected = await buy();
    const verified = await buy();
    expect(await s.detail(verified.id)).toMatchObject({ payment_reference: `C${verified.id}`, received_cents: null });

    await move(rejected.id, { version: 1, to: "awaiting_payment", note: "No such transfer" });
    expect(await s.detail(rejected.id)).toMatchObject({ status: "awaiting_payment", payment_status: "failed" });
    const failed = await s.client.get_credit_order_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      payment_status: "failed",
    });
    expect(failed.data.map((order) => order.id)).toEqual([rejected.id]);

    const differs = await expectFailure(
      move(verified.id, { version: 1, to: "paid", received_cents: 70_000 }),
      400,
      "invalid-payload",
    );
    expect(differs.fields).toEqual({ received_cents: ["received-amount-differs:HK$800.00"] });
    expect(await s.credits()).toEqual([]);
    await move(verified.id, { version: 1, to: "paid", received_cents: 70_000, confirm_received: true });
    expect(await s.detail(verified.id)).toMatchObject({
      status: "paid",
      payment_status: "succeeded",
      received_cents: 70_000,
    });
    expect((await s.credits()).map((credit) => credit.creditOrderId)).toEqual([verified.id]);
    const entries = (await logOf(s.applicationKey)).filter((log) => log.record_id === String(verified.id));
    expect(entries[0].changes).toMatchObject({ received_cents: [null, 70_000] });
  });

  it("lets a sales staff account with the module sell but never refund", async () => {
    const s = await studio(transport);
    const sales = await createStoreStaff(db(), s.applicationKey, {
      role: "sales",
      permissions: { credit_package: "write" },
    });
    const client = clientOver(transport, await signIn(transport, sales.email, sales.password));
    const { data: sold } = await client.add_credit_order_data({
      ...s.key,
      idempotency_key: uuid(),
      member_id: s.member.id,
      package_id: s.pack.id,
      payment_method: "cash",
      paid: true,
    });
    const { data: detail } = await client.get_credit_order_data_by_application_key_and_id({ ...s.key, id: sold.id });
    expect(detail.can_refund).toBe(false);
    await expectFailure(
      client.update_credit_order_refund_data_by_application_key_and_id({ ...s.key, id: sold.id, version: 1 }),
      403,
      "forbidden",
    );
  });

  it("sells on the store's website: packages on sale, the member confirmed by e-mail, a method with a proof", async () => {
    const s = await studio(transport);
    const website = clientOver(transport);
    const { data: packages } = await website.get_online_credit_package_data_list_by_application_key(s.key);
    expect(packages.map((row) => row.id)).toEqual([s.pack.id]);
    const buy = (overrides: Partial<PayloadInput<"add_online_credit_order_data">> = {}) =>
      website.add_online_credit_order_data({
        application_key: s.applicationKey,
        idempotency_key: uuid(),
        member_id: s.member.id,
        customer_email: s.member.email,
        package_id: s.pack.id,
        payment_method: "fps",
        ...overrides,
      });
    const idempotency_key = uuid();
    const { data: bought } = await buy({ idempotency_key, customer_email: s.member.email.toUpperCase() });
    expect(bought).toMatchObject({ status: "awaiting_payment", price_cents: 80_000 });
    expect((await buy({ idempotency_key })).data.id).toBe(bought.id);
    expect(await s.credits()).toEqual([]);

    await expectFailure(buy({ customer_email: "someone-else@example.com" }), 404, "user-not-found-or-disabled");
    await expectFailure(buy({ payment_method: "cash" }), 400, "invalid-payment-method");
    await db().update(creditPackages).set({ onSale: false }).where(eq(creditPackages.id, s.pack.id));
    await expectFailure(buy(), 404, "credit-package-not-found");

    const disabled = await createStore(db(), { disabled: true });
    const withoutModule = await createStore(db(), { modules: ["order", "member"] });
    await expectFailure(buy({ application_key: disabled.applicationKey }), 404, "store-account-not-found-or-disabled");
    await expectFailure(buy({ application_key: withoutModule.applicationKey }), 404, "module-not-in-plan");
    await expectFailure(
      website.get_online_credit_package_data_list_by_application_key({ application_key: withoutModule.applicationKey }),
      404,
      "module-not-in-plan",
    );
  });

  it("limits one client address per store an hour (429), refused requests counted too", async () => {
    const s = await studio(transport);
    const payload = {
      application_key: s.applicationKey,
      member_id: s.member.id,
      customer_email: s.member.email,
      package_id: s.pack.id,
      payment_method: "cash",
    };
    const statuses: number[] = [];
    for (let sent = 0; sent <= ONLINE_CREDIT_ORDERS_PER_CLIENT; sent++) {
      const body = new FormData();
      body.set("add_online_credit_order_data", JSON.stringify({ ...payload, idempotency_key: uuid() }));
      statuses.push((await postRaw(body, { "CF-Connecting-IP": "203.0.113.9" })).status);
    }
    expect(statuses).toEqual([...Array(ONLINE_CREDIT_ORDERS_PER_CLIENT).fill(400), 429]);
  });
});
