import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { QUOTATION_REQUESTS_PER_CLIENT, QUOTATION_REQUESTS_PER_STORE } from "../../modules/quotation-request/actions";
import {
  quotationHistory,
  quotationLines,
  quotationRequestLines,
  quotationRequests,
  quotations,
} from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import { MODULE_IDS } from "../../contract/modules";
import { createProduct, createQuotationRequest, createStore, waitForEmailTo } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  fillRateLimitBucket,
  logOf,
  merchant,
  postRaw,
  TRANSPORT_NAMES,
} from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

const list = { sorting: "create_date", direction: "DESC", limit: 20, page: 1 } as const;

function websiteRequest(
  application_key: string,
  lines: { product_code: string; quantity: number }[],
): PayloadInput<"add_quotation_request_data"> {
  return {
    application_key,
    idempotency_key: crypto.randomUUID(),
    contact_name: `Chan ${unique()}`,
    company_name: "Chan Trading Ltd",
    email: `buyer-${unique()}@example.com`,
    phone: "91234567",
    message: "Delivery to Kwun Tong, please.\nBefore March.",
    lines,
  };
}

/** A store site's request from one client address, over the wire: its HTTP status. */
async function fromClient(address: string, payload: unknown) {
  const body = new FormData();
  body.set("add_quotation_request_data", JSON.stringify(payload));
  const response = await postRaw(body, { "CF-Connecting-IP": address });
  return response.status;
}

const requestsOf = (applicationKey: string) =>
  db().select().from(quotationRequests).where(eq(quotationRequests.applicationKey, applicationKey));

const quotationsOf = (applicationKey: string) =>
  db().select().from(quotations).where(eq(quotations.applicationKey, applicationKey)).orderBy(quotations.id);

describe.each(TRANSPORT_NAMES)("quotation requests over the %s transport", (transport) => {
  it("takes a request from the website with its products' names, tells the store, and lists and shows it", async () => {
    const { store, client, key } = await merchant(transport);
    const [chair, desk] = await Promise.all([
      createProduct(db(), store.applicationKey, { nameEn: "Chair", priceCents: 50_00 }),
      createProduct(db(), store.applicationKey, { nameEn: "Desk", priceCents: 300_00, discountPriceCents: 250_00 }),
    ]);
    const sent = websiteRequest(store.applicationKey, [
      { product_code: desk.productCode, quantity: 2 },
      { product_code: chair.productCode, quantity: 8 },
    ]);

    const { data: added } = await clientOver(transport).add_quotation_request_data(sent);

    const notice = await waitForEmailTo(db(), store.email);
    expect(notice.subject).toContain(store.storeName);
    expect(notice.body).toContain(`/quotation-management/detail/${added.id}`);
    expect(notice.body).not.toContain(sent.contact_name);

    const { data: rows, extra } = await client.get_quotation_request_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      keyword: sent.contact_name.slice(-6),
      status: "new",
      created_from: hongKongDate(new Date()),
      created_to: hongKongDate(new Date()),
    });
    expect(extra.total_number).toBe(1);
    expect(rows).toEqual([
      expect.objectContaining({ id: added.id, status: "new", contact_name: sent.contact_name, version: 1 }),
    ]);
    const { data: others } = await client.get_quotation_request_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      status: "closed",
    });
    expect(others).toEqual([]);

    const { data: detail } = await client.get_quotation_request_data_by_application_key_and_id({
      ...key,
      id: added.id,
    });
    expect(detail).toMatchObject({
      contact_name: sent.contact_name,
      company_name: "Chan Trading Ltd",
      email: sent.email,
      phone: "91234567",
      message: sent.message,
      quotation_id: null,
      quotation_number: null,
    });
    expect(detail.lines).toEqual([
      {
        position: 0,
        product_code: desk.productCode,
        name_zh_hk: desk.nameZhHk,
        name_en: "Desk",
        variant_id: null,
        variant_name_zh_hk: null,
        variant_name_en: null,
        quantity: 2,
        unit_price_cents: 250_00,
      },
      {
        position: 1,
        product_code: chair.productCode,
        name_zh_hk: chair.nameZhHk,
        name_en: "Chair",
        variant_id: null,
        variant_name_zh_hk: null,
        variant_name_en: null,
        quantity: 8,
        unit_price_cents: 50_00,
      },
    ]);
    // Nobody of the store made it: the log has nothing of it.
    expect(await logOf(store.applicationKey)).toEqual([]);
    await expectFailure(
      client.get_quotation_request_data_by_application_key_and_id({ ...key, id: 99_999_999 }),
      404,
      "not-found",
    );
  });

  it("answers a replay, even one racing its first submission, with the first request", async () => {
    const store = await createStore(db());
    const product = await createProduct(db(), store.applicationKey);
    const website = clientOver(transport);
    const sent = websiteRequest(store.applicationKey, [{ product_code: product.productCode, quantity: 1 }]);

    const answers = await Promise.all(Array.from({ length: 5 }, () => website.add_quotation_request_data(sent)));
    const { data: again } = await website.add_quotation_request_data({ ...sent, contact_name: "Someone else" });

    expect(new Set([...answers.map(({ data }) => data.id), again.id]).size).toBe(1);
    const saved = await requestsOf(store.applicationKey);
    expect(saved.map((row) => row.contactName)).toEqual([sent.contact_name]);
    const lines = await db().select().from(quotationRequestLines).where(eq(quotationRequestLines.requestId, again.id));
    expect(lines).toHaveLength(1);
  });

  it("refuses bad contact details and lines beside their fields, and products the store has not published", async () => {
    const store = await createStore(db());
    const [shown, hidden] = await Promise.all([
      createProduct(db(), store.applicationKey),
      createProduct(db(), store.applicationKey, { publish: false }),
    ]);
    const website = clientOver(transport);
    const line = { product_code: shown.productCode, quantity: 1 };

    const refused = await expectFailure(
      website.add_quotation_request_data({
        ...websiteRequest(store.applicationKey, [line, { ...line, quantity: 0 }]),
        phone: "12345678",
        email: "not-an-email",
        contact_name: "",
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      contact_name: ["force-input"],
      phone: ["phone-invalid"],
      email: ["format-not-match"],
      "lines.1.quantity": ["number-range:1:1000000"],
      "lines.1.product_code": ["line-repeated"],
    });
    await expectFailure(
      website.add_quotation_request_data(websiteRequest(store.applicationKey, [])),
      400,
      "invalid-payload",
    );
    const tooMany = Array.from({ length: 51 }, (_, index) => ({ product_code: `P-${index}`, quantity: 1 }));
    await expectFailure(
      website.add_quotation_request_data(websiteRequest(store.applicationKey, tooMany)),
      400,
      "invalid-payload",
    );

    const unknown = await expectFailure(
      website.add_quotation_request_data(
        websiteRequest(store.applicationKey, [
          { product_code: "no-such-product", quantity: 1 },
          line,
          { product_code: hidden.productCode, quantity: 3 },
        ]),
      ),
      404,
      "not-found",
    );
    expect(unknown.fields).toEqual({
      "lines.0.product_code": ["product-not-found"],
      "lines.2.product_code": ["product-not-found"],
    });
    expect(await requestsOf(store.applicationKey)).toEqual([]);

    const withoutModule = await createStore(db(), { modules: MODULE_IDS.filter((module) => module !== "quotation") });
    const otherProduct = await createProduct(db(), withoutModule.applicationKey);
    await expectFailure(
      website.add_quotation_request_data(
        websiteRequest(withoutModule.applicationKey, [{ product_code: otherProduct.productCode, quantity: 1 }]),
      ),
      404,
      "module-not-in-plan",
    );
  });

  it("quotes a new request once: a pending quotation at today's prices, its history, the request quoted, a log entry", async () => {
    const { store, client, key } = await merchant(transport);
    const [chair, desk, gone] = await Promise.all([
      createProduct(db(), store.applicationKey, { nameEn: "Chair", priceCents: 50_00 }),
      createProduct(db(), store.applicationKey, { nameEn: "Desk", priceCents: 300_00, discountPriceCents: 250_00 }),
      createProduct(db(), store.applicationKey, { nameEn: "Lamp" }),
    ]);
    const request = await createQuotationRequest(db(), store.applicationKey, [
      { product: desk, quantity: 2 },
      { product: chair, quantity: 8 },
      { product: gone, quantity: 1 },
    ]);
    // Asked for, then deleted: its line keeps its names and waits for a price (0).
    await db()
      .update(quotationRequestLines)
      .set({ productId: null })
      .where(eq(quotationRequestLines.productId, gone.id));
    const today = hongKongDate(new Date());

    const { data: added } = await client.add_quotation_from_request_data({
      ...key,
      quotation_request_id: request.id,
      version: 1,
    });

    const [quotation] = await quotationsOf(store.applicationKey);
    expect(quotation).toMatchObject({
      id: added.id,
      quotationNumber: 1001,
      contactName: request.contactName,
      companyName: request.companyName,
      email: request.email,
      phone: request.phone,
      status: "pending",
      revision: 1,
      requestId: request.id,
      subtotalCents: 2 * 250_00 + 8 * 50_00,
      discountCents: 0,
      deliveryCents: 0,
      totalCents: 2 * 250_00 + 8 * 50_00,
      actorEmail: store.email,
    });
    expect(quotation.validUntil > today).toBe(true);
    expect(Date.parse(quotation.validUntil) - Date.parse(today)).toBe(30 * 86_400_000);
    const lines = await db()
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, added.id))
      .orderBy(quotationLines.position);
    expect(
      lines.map((line) => [line.productId, line.nameEn, line.unitPriceCents, line.quantity, line.lineTotalCents]),
    ).toEqual([
      [desk.id, "Desk", 250_00, 2, 500_00],
      [chair.id, "Chair", 50_00, 8, 400_00],
      [null, "Lamp", 0, 1, 0],
    ]);
    const history = await db().select().from(quotationHistory).where(eq(quotationHistory.quotationId, added.id));
    expect(history).toEqual([
      expect.objectContaining({ revision: 1, fromStatus: null, toStatus: "pending", actorEmail: store.email }),
    ]);
    const { data: detail } = await client.get_quotation_request_data_by_application_key_and_id({
      ...key,
      id: request.id,
    });
    expect(detail).toMatchObject({ status: "quoted", quotation_id: added.id, quotation_number: 1001, version: 2 });
    expect(await logOf(store.applicationKey)).toEqual([
      expect.objectContaining({
        action: "edit",
        data_type: "quotation_request_data",
        record_id: String(request.id),
        record_name_en: `#${request.id}`,
        changes: { status: ["new", "quoted"], quotation_number: [null, 1001] },
      }),
    ]);

    // Quoted already, whatever version the page had: no second quotation.
    for (const version of [1, 2]) {
      await expectFailure(
        client.add_quotation_from_request_data({ ...key, quotation_request_id: request.id, version }),
        409,
        "quotation-request-handled",
      );
    }
    await expectFailure(
      client.add_quotation_from_request_data({ ...key, quotation_request_id: 99_999_999, version: 1 }),
      404,
      "not-found",
    );
    expect(await quotationsOf(store.applicationKey)).toHaveLength(1);
    expect(await logOf(store.applicationKey)).toHaveLength(1);
  });

  it("closes a request over its version, and a closed request is neither closed again nor quoted", async () => {
    const { store, client, key } = await merchant(transport);
    const product = await createProduct(db(), store.applicationKey);
    const request = await createQuotationRequest(db(), store.applicationKey, [{ product }]);
    const close = (version: number) =>
      client.update_quotation_request_status_data_by_application_key_and_id({
        ...key,
        id: request.id,
        version,
        status: "closed",
      });

    await expectFailure(close(2), 409, "edited-elsewhere");
    await close(1);

    const [saved] = await requestsOf(store.applicationKey);
    expect(saved).toMatchObject({ status: "closed", version: 2, quotationId: null });
    await expectFailure(close(2), 409, "quotation-request-handled");
    await expectFailure(
      client.add_quotation_from_request_data({ ...key, quotation_request_id: request.id, version: 2 }),
      409,
      "quotation-request-handled",
    );
    expect(await quotationsOf(store.applicationKey)).toEqual([]);
    expect(await logOf(store.applicationKey)).toEqual([
      expect.objectContaining({
        action: "edit",
        data_type: "quotation_request_data",
        record_id: String(request.id),
        changes: { status: ["new", "closed"] },
      }),
    ]);
  });
});

describe("quotation requests under concurrency and rate limits", () => {
  it("of 20 quotes of one request at once makes one quotation; two requests quoted at once get numbers in turn", async () => {
    const { store, client, key } = await merchant("embedded");
    const product = await createProduct(db(), store.applicationKey);
    const [contested, other, another] = await Promise.all([
      createQuotationRequest(db(), store.applicationKey, [{ product }]),
      createQuotationRequest(db(), store.applicationKey, [{ product }]),
      createQuotationRequest(db(), store.applicationKey, [{ product }]),
    ]);

    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.add_quotation_from_request_data({ ...key, quotation_request_id: contested.id, version: 1 }).then(
          () => "ok",
          (error: { status: number }) => error.status,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(19);

    await Promise.all(
      [other, another].map((request) =>
        client.add_quotation_from_request_data({ ...key, quotation_request_id: request.id, version: 1 }),
      ),
    );
    const made = await quotationsOf(store.applicationKey);
    expect(made.map((quotation) => quotation.quotationNumber).sort()).toEqual([1001, 1002, 1003]);
    expect(made.filter((quotation) => quotation.requestId === contested.id)).toHaveLength(1);
    expect(await logOf(store.applicationKey)).toHaveLength(3);
  });

  it("limits one client address per store an hour (429), refused requests included, while another address gets through", async () => {
    const store = await createStore(db());
    const product = await createProduct(db(), store.applicationKey);
    const request = () => websiteRequest(store.applicationKey, [{ product_code: product.productCode, quantity: 1 }]);
    // A refused request (an unknown product) counts as well.
    expect(
      await fromClient("203.0.113.7", websiteRequest(store.applicationKey, [{ product_code: "none", quantity: 1 }])),
    ).toBe(404);
    const statuses: number[] = [];
    for (let sent = 1; sent <= QUOTATION_REQUESTS_PER_CLIENT; sent++) {
      statuses.push(await fromClient("203.0.113.7", request()));
    }
    expect(statuses).toEqual([...Array(QUOTATION_REQUESTS_PER_CLIENT - 1).fill(200), 429]);
    expect(await fromClient("203.0.113.8", request())).toBe(200);
    expect(await requestsOf(store.applicationKey)).toHaveLength(QUOTATION_REQUESTS_PER_CLIENT);
  });

  it("limits the store an hour whatever the address (429, nothing saved)", async () => {
    const store = await createStore(db());
    const product = await createProduct(db(), store.applicationKey);
    const request = () => websiteRequest(store.applicationKey, [{ product_code: product.productCode, quantity: 1 }]);
    await fillRateLimitBucket(`quotation_request:store:${store.applicationKey}`, QUOTATION_REQUESTS_PER_STORE - 1);
    expect(await fromClient("198.51.100.1", request())).toBe(200);
    expect(await fromClient("198.51.100.2", request())).toBe(429);
    expect(await requestsOf(store.applicationKey)).toHaveLength(1);
  });
});
