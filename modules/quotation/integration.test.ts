import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { emailOutbox, orderLines, orders, products, quotationHistory, quotations } from "../../backend/db/schema";
import { readPayLink } from "../../backend/pay-link";
import { linkExpiry, signQuotationLink } from "../../backend/quotation-link";
import { shortLinesOfRefusal } from "./contract";
import { createMember, createProduct, createQuotation, setStock } from "../../tests/helpers/factories";
import {
  clientOver,
  control,
  db,
  expectFailure,
  logOf,
  merchant,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

const list = { sorting: "create_date", direction: "DESC", limit: 20, page: 1 } as const;

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

const quotationRow = async (id: number) => (await db().select().from(quotations).where(eq(quotations.id, id)))[0];
const historyOf = (id: number) =>
  db().select().from(quotationHistory).where(eq(quotationHistory.quotationId, id)).orderBy(quotationHistory.id);

/** The token of a link to this quotation's revision, expiring at `expires` (seconds) or as links made now do. */
const tokenFor = (
  row: { applicationKey: string; id: number; revision: number; validUntil: string },
  expires?: number,
) =>
  signQuotationLink(env.SESSION_SECRET, {
    applicationKey: row.applicationKey,
    id: row.id,
    revision: row.revision,
    expires: expires ?? linkExpiry(row.validUntil, new Date()),
  }).then((token) => token!);

/** The token's part of a link's path. */
const tokenOf = (path: string) => path.replace("/quotation-reply/", "");

describe.each(TRANSPORT_NAMES)("quotation actions over the %s transport", (transport: TransportName) => {
  it("prepares a quotation, sends it, takes the customer's approval through the link and turns it into one order", async () => {
    const { store, client, key } = await merchant(transport);
    const [chair, member] = await Promise.all([
      createProduct(db(), store.applicationKey, { priceCents: 500_00, stock: 10 }),
      createMember(db(), store.applicationKey),
    ]);
    const { data: added } = await client.add_quotation_data({
      ...key,
      member_code: member.memberCode,
      company_name: "Example Trading Ltd",
      contact_name: "Chan Tai Man",
      email: "buyer@example.com",
      lines: [
        { product_code: chair.productCode, quantity: 4, unit_price_cents: 450_00 },
        { product_code: chair.productCode, quantity: 1 },
        { name: "Installation", quantity: 1, unit_price_cents: 300_00 },
      ],
      discount_cents: 100_00,
      delivery_cents: 80_00,
      valid_until: "2099-12-31",
    });
    expect(added.number).toBe("Q1001");
    const id = { ...key, id: added.id };
    const { data: detail } = await client.get_quotation_data_by_application_key_and_id(id);
    expect(detail).toMatchObject({
      member_id: member.id,
      member_code: member.memberCode,
      status: "pending",
      revision: 1,
      subtotal_cents: 4 * 450_00 + 500_00 + 300_00,
      total_cents: 4 * 450_00 + 500_00 + 300_00 - 100_00 + 80_00,
      sent_at: null,
      version: 1,
    });
    expect(detail.lines.map((line) => [line.product_code, line.unit_price_cents, line.line_total_cents])).toEqual([
      [chair.productCode, 450_00, 1800_00],
      [chair.productCode, 500_00, 500_00],
      [null, 300_00, 300_00],
    ]);

    await client.add_quotation_email_data({ ...id, version: 1, language: "en" });
    const [mail] = await control().select().from(emailOutbox).where(eq(emailOutbox.recipient, "buyer@example.com"));
    expect(mail.subject).toContain("Q1001");
    const { data: sent } = await client.get_quotation_data_by_application_key_and_id(id);
    expect(sent.sent_at).not.toBeNull();
    expect(mail.body).toContain(`${env.APP_URL}/quotation-reply/`);
    const token = /quotation-reply\/(\S+)/.exec(mail.body)![1];

    // The customer opens the link without signing in and approves.
    const visitor = clientOver(transport);
    const { data: shown } = await visitor.get_quotation_data_by_token({ token });
    expect(shown).toMatchObject({ number: "Q1001", total_cents: sent.total_cents, expired: false });
    expect(shown).not.toHaveProperty("note");
    // The approval makes the order at once, and the answer names its payment page.
    const { data: answer } = await visitor.update_quotation_decision_data_by_token({ token, decision: "approved" });
    expect(answer.status).toBe("processing");
    await expectFailure(
      visitor.update_quotation_decision_data_by_token({ token, decision: "not_approved" }),
      409,
      "quotation-status-changed",
    );
    await expectFailure(client.add_quotation_order_data({ ...id, version: 3 }), 409, "quotation-already-converted");

    const { orderId } = await quotationRow(added.id);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId!));
    const link = await readPayLink(env.SESSION_SECRET, answer.pay_path!.replace("/pay/", ""), new Date());
    expect(link).toMatchObject({
      applicationKey: store.applicationKey,
      kind: "order",
      id: order.id,
      amountCents: 2580_00,
    });
    // The page links the same order's payment (a link signed anew, its expiry from the moment it is shown).
    const shownPath = (await visitor.get_quotation_data_by_token({ token })).data.pay_path!;
    expect(await readPayLink(env.SESSION_SECRET, shownPath.replace("/pay/", ""), new Date())).toMatchObject({
      kind: "order",
      id: order.id,
      amountCents: 2580_00,
    });
    expect(order).toMatchObject({
      channel: "pos",
      status: "awaiting_payment",
      paymentStatus: "no_payment_record",
      memberId: member.id,
      subtotalCents: 2600_00,
      couponDiscountCents: 100_00,
      deliveryChargeCents: 80_00,
      totalCents: 2580_00,
      idempotencyKey: `quotation:${added.id}`,
    });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((line) => [line.productId, line.unitPriceCents, line.quantity])).toEqual([
      [chair.id, 450_00, 4],
      [chair.id, 500_00, 1],
      [null, 300_00, 1],
    ]);
    expect((await db().select().from(products).where(eq(products.id, chair.id)))[0].stock).toBe(5);
    const { data: after } = await client.get_quotation_data_by_application_key_and_id(id);
    expect(after).toMatchObject({ status: "processing", order_id: order.id, order_number: order.orderNumber });
    expect(after.history.map((row) => [row.from_status, row.to_status, row.actor_email])).toEqual([
      [null, "pending", store.email],
      ["pending", "approved", null],
      ["approved", "processing", null],
    ]);
    await client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 4, to: "completed" });
    expect((await quotationRow(added.id)).status).toBe("completed");
    // Staff's changes: the add, the e-mail and the completion; the customer's answer is the history's.
    expect((await logOf(store.applicationKey)).filter((entry) => entry.data_type === "quotation_data")).toHaveLength(3);
  });

  it("allows only the written moves, each over the version, and approves nothing past its validity", async () => {
    const { store, client, key } = await merchant(transport);
    const { quotation } = await createQuotation(db(), store.applicationKey);
    const id = { ...key, id: quotation.id };
    await expectFailure(
      client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 1, to: "completed" }),
      409,
      "quotation-status-changed",
    );
    await client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 1, to: "not_approved" });
    await expectFailure(
      client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 1, to: "cancelled" }),
      409,
      "edited-elsewhere",
    );
    await expectFailure(client.add_quotation_order_data({ ...id, version: 2 }), 409, "quotation-status-changed");
    await client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 2, to: "cancelled" });
    await expectFailure(
      client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 3, to: "approved" }),
      409,
      "quotation-status-changed",
    );

    const { quotation: expired } = await createQuotation(db(), store.applicationKey, undefined, {
      validUntil: "2020-01-31",
    });
    await expectFailure(
      client.update_quotation_status_data_by_application_key_and_id({
        ...key,
        id: expired.id,
        version: 1,
        to: "approved",
      }),
      409,
      "quotation-expired",
    );
    expect((await quotationRow(expired.id)).status).toBe("pending");
  });

  it("makes a sent quotation's edit a new revision naming what changed, and its old link stops working", async () => {
    const { store, client, key } = await merchant(transport);
    const { quotation } = await createQuotation(db(), store.applicationKey, undefined, {
      status: "not_approved",
      sentAt: new Date().toISOString(),
    });
    const oldToken = await tokenFor(quotation);
    await client.update_quotation_data_by_application_key_and_id({
      ...key,
      id: quotation.id,
      version: 1,
      contact_name: quotation.contactName,
      email: quotation.email,
      lines: [
        { name: "Installation", quantity: 1, unit_price_cents: 280_00 },
        { name: "Cables", quantity: 2, unit_price_cents: 10_00 },
      ],
      valid_until: "2099-12-31",
      terms: "50% deposit",
    });
    const row = await quotationRow(quotation.id);
    expect(row).toMatchObject({ status: "pending", revision: 2, sentAt: null, totalCents: 300_00, version: 2 });
    const [, revision] = await historyOf(quotation.id);
    expect(revision).toMatchObject({
      revision: 2,
      fromStatus: "not_approved",
      toStatus: "pending",
      changes: ["terms", "line 1", "line 2"],
    });
    await expectFailure(
      clientOver(transport).get_quotation_data_by_token({ token: oldToken }),
      404,
      "quotation-link-invalid",
    );
    const { data } = await client.get_quotation_data_by_application_key_and_id({ ...key, id: quotation.id });
    const current = tokenOf(data.customer_link!.path);
    expect((await clientOver(transport).get_quotation_data_by_token({ token: current })).data.revision).toBe(2);

    // A stale save: 409, nothing written.
    await expectFailure(
      client.update_quotation_data_by_application_key_and_id({
        ...key,
        id: quotation.id,
        version: 1,
        contact_name: "Someone else",
        lines: [{ name: "X", quantity: 1, unit_price_cents: 1 }],
        valid_until: "2099-12-31",
      }),
      409,
      "edited-elsewhere",
    );
    expect((await quotationRow(quotation.id)).contactName).toBe(quotation.contactName);
  });

  it("refuses bad lines beside their field: an unknown product, a free line without a price, a discount over the lines", async () => {
    const { client, key } = await merchant(transport);
    const failure = await expectFailure(
      client.add_quotation_data({
        ...key,
        contact_name: "Chan",
        member_code: "M99999",
        lines: [
          { product_code: "no-such-product", quantity: 1 },
          { name: "Free", quantity: 1, unit_price_cents: 10_00 },
        ],
        valid_until: "2099-12-31",
      }),
      404,
      "not-found",
    );
    expect(failure.fields).toEqual({
      member_code: ["member-not-found:M99999"],
      "lines.0.product_code": ["product-not-found"],
    });
    const missing = await outcomeOf(
      client.add_quotation_data({
        ...key,
        contact_name: "Chan",
        lines: [{ name: "Free", quantity: 1 }],
        valid_until: "2099-12-31",
      }),
    );
    expect(missing).toBe("400 invalid-payload");
    const over = await expectFailure(
      client.add_quotation_data({
        ...key,
        contact_name: "Chan",
        lines: [{ name: "Free", quantity: 1, unit_price_cents: 10_00 }],
        discount_cents: 11_00,
        valid_until: "2099-12-31",
      }),
      400,
      "invalid-payload",
    );
    expect(over.fields).toEqual({ discount_cents: ["quotation-discount-over-subtotal"] });
  });

  it("opens a link only for its own quotation, until it expires", async () => {
    const { store } = await merchant(transport);
    const [{ quotation: a }, { quotation: b }] = await Promise.all([
      createQuotation(db(), store.applicationKey),
      createQuotation(db(), store.applicationKey),
    ]);
    const visitor = clientOver(transport);
    const token = await tokenFor(a);
    expect((await visitor.get_quotation_data_by_token({ token })).data.number).toBe(`Q${a.quotationNumber}`);
    const forB = token.replace(`.${a.id}.`, `.${b.id}.`);
    await expectFailure(visitor.get_quotation_data_by_token({ token: forB }), 404, "quotation-link-invalid");
    await expectFailure(
      visitor.update_quotation_decision_data_by_token({ token: forB, decision: "approved" }),
      404,
      "quotation-link-invalid",
    );
    const expired = await tokenFor(a, Math.floor(Date.now() / 1000) - 1);
    await expectFailure(visitor.get_quotation_data_by_token({ token: expired }), 404, "quotation-link-invalid");
    const otherSecret = await signQuotationLink("another-secret", {
      applicationKey: a.applicationKey,
      id: a.id,
      revision: 1,
      expires: linkExpiry(a.validUntil, new Date()),
    });
    await expectFailure(visitor.get_quotation_data_by_token({ token: otherSecret! }), 404, "quotation-link-invalid");
    // The signature's last character spelled with its two spare bits set decodes to the same bytes.
    const base64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const spareBitsSet = `${token.slice(0, -1)}${base64Url[base64Url.indexOf(token.slice(-1)) | 3]}`;
    await expectFailure(visitor.get_quotation_data_by_token({ token: spareBitsSet }), 404, "quotation-link-invalid");
    expect((await quotationRow(a.id)).status).toBe("pending");
    expect((await quotationRow(b.id)).status).toBe("pending");
  });

  it("warns of each product quoted beyond its stock when made, saved, sent and approved by staff, and goes ahead", async () => {
    const { store, client, key } = await merchant(transport);
    const [tea, cups, bags] = await Promise.all([
      createProduct(db(), store.applicationKey, { nameZhHk: "烏龍茶", nameEn: "Oolong tea", stock: 3 }),
      createProduct(db(), store.applicationKey, { nameZhHk: "茶杯", nameEn: "Cups", stock: 10 }),
      createProduct(db(), store.applicationKey, { stock: 0, unlimitedInventory: true }),
    ]);
    const form = {
      ...key,
      contact_name: "Chan Tai Man",
      email: "buyer@example.com",
      // Two lines of the tea come to 4 of its 3; the cups fit; unlimited stock and free lines are never short.
      lines: [
        { name: "Installation", quantity: 1, unit_price_cents: 300_00 },
        { product_code: tea.productCode, quantity: 2 },
        { product_code: cups.productCode, quantity: 10 },
        { product_code: tea.productCode, quantity: 2, unit_price_cents: 1_00 },
        { product_code: bags.productCode, quantity: 50 },
      ],
      valid_until: "2099-12-31",
    };
    const teaShort = {
      position: 1,
      product_code: tea.productCode,
      name_zh_hk: "烏龍茶",
      name_en: "Oolong tea",
      variant_name_zh_hk: null,
      variant_name_en: null,
      in_stock: 3,
      quoted: 4,
    };
    const { data: added } = await client.add_quotation_data(form);
    expect(added.short_lines).toEqual([teaShort]);
    const id = { ...key, id: added.id };
    expect((await quotationRow(added.id)).status).toBe("pending");
    expect((await client.get_quotation_data_by_application_key_and_id(id)).data.short_lines).toEqual([teaShort]);

    // Saved within the stock: no warning; over it again (the cups now too): both, in their lines' order.
    const within = form.lines.filter((line) => line.product_code !== tea.productCode);
    expect(
      (await client.update_quotation_data_by_application_key_and_id({ ...form, ...id, version: 1, lines: within }))
        .data,
    ).toEqual({ revision: 1, short_lines: [] });
    expect((await client.get_quotation_data_by_application_key_and_id(id)).data.short_lines).toEqual([]);
    const over = [
      { product_code: cups.productCode, quantity: 11 },
      { product_code: tea.productCode, quantity: 5, name: "Tea for the office" },
    ];
    const cupsShort = {
      position: 0,
      product_code: cups.productCode,
      name_zh_hk: "茶杯",
      name_en: "Cups",
      variant_name_zh_hk: null,
      variant_name_en: null,
      in_stock: 10,
      quoted: 11,
    };
    const officeTea = {
      position: 1,
      product_code: tea.productCode,
      name_zh_hk: "Tea for the office",
      name_en: "Tea for the office",
      variant_name_zh_hk: null,
      variant_name_en: null,
      in_stock: 3,
      quoted: 5,
    };
    expect(
      (await client.update_quotation_data_by_application_key_and_id({ ...form, ...id, version: 2, lines: over })).data
        .short_lines,
    ).toEqual([cupsShort, officeTea]);

    expect((await client.add_quotation_email_data({ ...id, version: 3, language: "en" })).data).toEqual({
      short_lines: [cupsShort, officeTea],
    });
    // The stock is read at each step: the cups arrived before the approval.
    await setStock(db(), cups.id, 20);
    expect(
      (await client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 4, to: "approved" })).data,
    ).toEqual({ short_lines: [officeTea] });
    const { data: approved } = await client.get_quotation_data_by_application_key_and_id(id);
    expect({ status: approved.status, short_lines: approved.short_lines }).toEqual({
      status: "approved",
      short_lines: [officeTea],
    });
    // Cancelled, nothing is to be taken from the stock: no warning.
    expect(
      (await client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 5, to: "cancelled" }))
        .data,
    ).toEqual({ short_lines: [] });
    expect((await client.get_quotation_data_by_application_key_and_id(id)).data.short_lines).toEqual([]);
  });

  it("shows staff the short lines of a quotation the customer approved through the link, without telling the customer the stock", async () => {
    const { store, client, key } = await merchant(transport);
    const tea = await createProduct(db(), store.applicationKey, { nameZhHk: "烏龍茶", nameEn: "Oolong tea", stock: 1 });
    const { quotation } = await createQuotation(db(), store.applicationKey, [
      { productId: tea.id, unitPriceCents: 50_00, quantity: 2 },
    ]);
    const token = await tokenFor(quotation);
    // Short of stock, the approval makes no order: staff convert it once the stock is there.
    const reply = await clientOver(transport).update_quotation_decision_data_by_token({ token, decision: "approved" });
    expect(reply.data).toEqual({ status: "approved", pay_path: null });
    expect(await db().select().from(orders).where(eq(orders.applicationKey, store.applicationKey))).toEqual([]);
    const { data } = await client.get_quotation_data_by_application_key_and_id({ ...key, id: quotation.id });
    expect(data.short_lines).toEqual([
      {
        position: 0,
        product_code: tea.productCode,
        name_zh_hk: "烏龍茶",
        name_en: "Oolong tea",
        variant_name_zh_hk: null,
        variant_name_en: null,
        in_stock: 1,
        quoted: 2,
      },
    ]);
  });

  it("refuses to convert a quotation short of stock, naming each short line, and converts it once the stock is there", async () => {
    const { store, client, key } = await merchant(transport);
    const [tea, cups, sugar] = await Promise.all([
      createProduct(db(), store.applicationKey, { stock: 1 }),
      createProduct(db(), store.applicationKey, { stock: 9 }),
      createProduct(db(), store.applicationKey, { stock: 0 }),
    ]);
    const { quotation } = await createQuotation(
      db(),
      store.applicationKey,
      [
        { productId: tea.id, unitPriceCents: 50_00, quantity: 3 },
        { name: "Installation", unitPriceCents: 300_00, quantity: 1 },
        { productId: cups.id, unitPriceCents: 20_00, quantity: 9 },
        { productId: sugar.id, unitPriceCents: 5_00, quantity: 2 },
      ],
      { status: "approved" },
    );
    const id = { ...key, id: quotation.id, version: 1 };
    const refusal = await expectFailure(client.add_quotation_order_data(id), 409, "quotation-stock-short");
    expect(refusal.fields).toEqual({
      "lines.0.quantity": ["quotation-line-short:1:3"],
      "lines.3.quantity": ["quotation-line-short:0:2"],
    });
    expect(shortLinesOfRefusal(refusal.fields)).toEqual([
      { position: 0, in_stock: 1, quoted: 3 },
      { position: 3, in_stock: 0, quoted: 2 },
    ]);
    expect(await db().select().from(orders).where(eq(orders.applicationKey, store.applicationKey))).toEqual([]);
    expect(await quotationRow(quotation.id)).toMatchObject({ status: "approved", orderId: null, version: 1 });
    /** Each product's stock, by id. */
    const stock = async () =>
      Object.fromEntries(
        (await db().select().from(products).where(eq(products.applicationKey, store.applicationKey))).map((row) => [
          row.id,
          row.stock,
        ]),
      );
    expect(await stock()).toEqual({ [tea.id]: 1, [cups.id]: 9, [sugar.id]: 0 });

    await setStock(db(), tea.id, 3);
    await setStock(db(), sugar.id, 2);
    await client.add_quotation_order_data(id);
    expect(await stock()).toEqual({ [tea.id]: 0, [cups.id]: 0, [sugar.id]: 0 });
  });

  it("refuses the customer's approval past the validity date, and shows the quotation as expired", async () => {
    const { store } = await merchant(transport);
    const { quotation } = await createQuotation(db(), store.applicationKey, undefined, { validUntil: "2020-01-31" });
    // A link made while it was valid, still within its own expiry.
    const token = await tokenFor(quotation, Math.floor(Date.now() / 1000) + 3600);
    const visitor = clientOver(transport);
    expect((await visitor.get_quotation_data_by_token({ token })).data.expired).toBe(true);
    await expectFailure(
      visitor.update_quotation_decision_data_by_token({ token, decision: "approved" }),
      409,
      "quotation-expired",
    );
    await visitor.update_quotation_decision_data_by_token({ token, decision: "not_approved" });
    expect((await quotationRow(quotation.id)).status).toBe("not_approved");
  });
});

describe("quotations under concurrent requests", () => {
  it("turns an approved quotation into one order, however many conversions race", async () => {
    const { store, client, key } = await merchant("embedded");
    const product = await createProduct(db(), store.applicationKey, { stock: 100 });
    const { quotation } = await createQuotation(
      db(),
      store.applicationKey,
      [{ productId: product.id, unitPriceCents: 80_00, quantity: 3 }],
      { status: "approved" },
    );
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcomeOf(client.add_quotation_order_data({ ...key, id: quotation.id, version: 1 })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => outcome !== "ok"))).toEqual(
      new Set(outcomes.filter((outcome) => outcome !== "ok").map(() => "409 quotation-already-converted")),
    );
    const made = await db().select().from(orders).where(eq(orders.applicationKey, store.applicationKey));
    expect(made).toHaveLength(1);
    expect((await db().select().from(products).where(eq(products.id, product.id)))[0].stock).toBe(97);
    expect((await quotationRow(quotation.id)).orderId).toBe(made[0].id);
  });

  it("takes one of twenty concurrent answers through the link", async () => {
    const { store } = await merchant("embedded");
    const { quotation } = await createQuotation(db(), store.applicationKey);
    const token = await tokenFor(quotation);
    const visitor = clientOver("embedded");
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        outcomeOf(
          visitor.update_quotation_decision_data_by_token({
            token,
            decision: index % 2 === 0 ? "approved" : "not_approved",
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => outcome !== "ok").every((outcome) => outcome === "409 quotation-status-changed"),
    ).toBe(true);
    // An approval that won made the order too: its move to processing is the third history row.
    const { status } = await quotationRow(quotation.id);
    const made = await db().select().from(orders).where(eq(orders.applicationKey, store.applicationKey));
    expect(made).toHaveLength(status === "processing" ? 1 : 0);
    expect(await historyOf(quotation.id)).toHaveLength(status === "processing" ? 3 : 2);
  });

  it("numbers twenty quotations added at once from Q1001 without a gap or a repeat", async () => {
    const { client, key } = await merchant("embedded");
    const added = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.add_quotation_data({
          ...key,
          contact_name: "Chan",
          lines: [{ name: "Free", quantity: 1, unit_price_cents: 10_00 }],
          valid_until: "2099-12-31",
        }),
      ),
    );
    expect(added.map(({ data }) => data.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `Q${1001 + index}`),
    );
    const { data, extra } = await client.get_quotation_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      keyword: "Q1005",
    });
    expect({ numbers: data.map((row) => row.number), total: extra.total_number }).toEqual({
      numbers: ["Q1005"],
      total: 1,
    });
  });
});
