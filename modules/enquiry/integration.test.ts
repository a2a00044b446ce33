import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ENQUIRIES_PER_CLIENT, ENQUIRIES_PER_STORE } from "../../modules/enquiry/actions";
import { enquiries, enquiryMessages, websiteData } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { createEnquiry, createStore, createStoreStaff, waitForEmailTo } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  fillRateLimitBucket,
  logOf,
  merchant,
  postRaw,
  signIn,
  storeD1,
  TRANSPORT_NAMES,
} from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

const general = (application_key: string): PayloadInput<"add_enquiry_data"> => ({
  application_key,
  name: "Chan Tai Man",
  email: `chan-${unique()}@example.com`,
  phone: "91234567",
  subject: "Opening hours",
  message: "Are you open on Sundays?\nAnd on public holidays?",
});

const medical = (application_key: string): PayloadInput<"add_medi_enquiry_data"> => ({
  ...general(application_key),
  subject: "Knee pain",
  message: "It hurts after running.",
  date_of_birth: "1985-06-01",
  preferred_date: "2026-12-01",
  preferred_time_slot: "morning",
  practitioner: "Dr. Lee",
});

const list = { sorting: "create_date", direction: "DESC", limit: 20, page: 1 } as const;

/** "ok", or the failure's status and message key. */
const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: { status?: number; messageKey?: string }) => `${error.status} ${error.messageKey}`,
  );

/** A store site's request from one client address, over the wire. */
async function fromClient(address: string, name: string, payload: unknown) {
  const body = new FormData();
  body.set(name, JSON.stringify(payload));
  const response = await postRaw(body, { "CF-Connecting-IP": address });
  return response.status;
}

describe.each(TRANSPORT_NAMES)("enquiries over the %s transport", (transport) => {
  it("takes both kinds from the website, tells the store by e-mail, and lists each kind under its own module", async () => {
    const { store, client, key } = await merchant(transport);
    const website = clientOver(transport);
    await db()
      .update(websiteData)
      .set({ contactEmail: `front-desk-${unique()}@shop.example` })
      .where(eq(websiteData.applicationKey, store.applicationKey));
    const [{ contactEmail }] = await db()
      .select({ contactEmail: websiteData.contactEmail })
      .from(websiteData)
      .where(eq(websiteData.applicationKey, store.applicationKey));

    const sent = general(store.applicationKey);
    const { data: added } = await website.add_enquiry_data(sent);
    const notice = await waitForEmailTo(db(), contactEmail!);
    expect(notice.subject).toContain(store.storeName);
    expect(notice.body).toContain(`/enquiry-list/${added.id}`);
    // The notice carries no personal data: the merchant reads it in the back office.
    expect(notice.body).not.toContain(sent.name);
    const { data: addedMedical } = await website.add_medi_enquiry_data(medical(store.applicationKey));

    const { data: generalList, extra } = await client.get_enquiry_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
    });
    expect(generalList.map((enquiry) => enquiry.id)).toEqual([added.id]);
    expect(extra.total_number).toBe(1);
    const { data: medicalList } = await client.get_medi_enquiry_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
    });
    expect(medicalList).toEqual([
      expect.objectContaining({
        id: addedMedical.id,
        kind: "medical",
        status: "new",
        date_of_birth: "1985-06-01",
        preferred_date: "2026-12-01",
        preferred_time_slot: "morning",
        practitioner: "Dr. Lee",
        version: 1,
      }),
    ]);

    const { data: detail } = await client.get_enquiry_data_by_application_key_and_id({ ...key, id: added.id });
    expect(detail).toMatchObject({ name: sent.name, email: sent.email, phone: "91234567", subject: sent.subject });
    expect(detail.messages).toEqual([expect.objectContaining({ sender: "customer", body: sent.message })]);
    // A general id is not a medical enquiry, and the other way round.
    await expectFailure(
      client.get_medi_enquiry_data_by_application_key_and_id({ ...key, id: added.id }),
      404,
      "not-found",
    );
    await expectFailure(
      client.delete_enquiry_data_by_application_key_and_id({ ...key, id: addedMedical.id }),
      404,
      "not-found",
    );
  });

  it("replies by e-mail into the thread, keeps handling behind the version, and deletes for good", async () => {
    const { store, client, key } = await merchant(transport);
    const staff = await createStoreStaff(db(), store.applicationKey, { role: "admin" });
    const other = await createStore(db());
    const otherStaff = await createStoreStaff(db(), other.applicationKey);
    const enquiry = await createEnquiry(db(), store.applicationKey, { kind: "medical", dateOfBirth: "1970-02-03" });
    const id = enquiry.id;
    const handle = { ...key, id, status: "in_progress" as const, assignee_id: staff.id, note: "Ask about X-ray" };

    await expectFailure(
      client.update_medi_enquiry_data_by_application_key_and_id({ ...handle, version: 1, assignee_id: otherStaff.id }),
      404,
      "not-found",
    );
    await client.update_medi_enquiry_data_by_application_key_and_id({ ...handle, version: 1 });

    const { data: reply } = await client.add_medi_enquiry_reply_data({
      ...key,
      enquiry_id: id,
      message: "Please come on Monday at 10:00.",
    });
    const mail = await waitForEmailTo(db(), enquiry.email);
    expect(mail.subject).toBe(`Re: ${enquiry.subject}`);
    expect(mail.body).toContain("Please come on Monday at 10:00.");
    expect(mail.body).toContain(store.storeName);

    const { data } = await client.get_medi_enquiry_data_by_application_key_and_id({ ...key, id });
    expect(data).toMatchObject({ status: "replied", assignee_id: staff.id, note: "Ask about X-ray", version: 3 });
    expect(data.assignee_name).toBe("Factory admin");
    expect(data.staff.map((member) => member.id)).toContain(staff.id);
    expect(data.staff.map((member) => member.id)).not.toContain(otherStaff.id);
    expect(data.messages.map((message) => [message.id, message.sender, message.author_email])).toEqual([
      [expect.any(Number), "customer", null],
      [reply.id, "staff", store.email],
    ]);

    // The reply moved the version on: a form loaded before it is stale, and what it held is kept.
    await expectFailure(
      client.update_medi_enquiry_data_by_application_key_and_id({ ...handle, version: 2, status: "closed" }),
      409,
      "edited-elsewhere",
    );
    expect((await client.get_medi_enquiry_data_by_application_key_and_id({ ...key, id })).data.status).toBe("replied");

    await client.delete_medi_enquiry_data_by_application_key_and_id({ ...key, id });
    expect(await db().select().from(enquiries).where(eq(enquiries.id, id))).toEqual([]);
    expect(await db().select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, id))).toEqual([]);

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_name_en])).toEqual([
      ["edit", "medi_enquiry_data", `#${id}`],
      ["edit", "medi_enquiry_data", `#${id}`],
      ["delete", "medi_enquiry_data", `#${id}`],
    ]);
    expect(log[0].changes).toEqual({
      status: ["new", "in_progress"],
      assignee: [null, "Factory admin"],
      note_changed: [false, true],
    });
    // Nothing the enquirer wrote or who they are reaches the log.
    const logged = JSON.stringify(log);
    for (const personal of [enquiry.name, enquiry.email, enquiry.subject, "1970-02-03", "Monday", "X-ray"]) {
      expect(logged).not.toContain(personal);
    }
  });
});

describe("enquiry list", () => {
  it("searches, filters by status and Hong Kong days, sorts and pages", async () => {
    const { store, client, key } = await merchant("embedded");
    const k = store.applicationKey;
    // 2026-03-01 in Hong Kong runs from 2026-02-28T16:00Z.
    const [ann, bob, cat] = await Promise.all([
      createEnquiry(db(), k, { name: "Ann", createdAt: "2026-02-28T15:59:59.000Z", status: "closed" }),
      createEnquiry(db(), k, { name: "bob", createdAt: "2026-02-28T16:00:00.000Z", subject: "Refund" }),
      createEnquiry(db(), k, { name: "Cat", createdAt: "2026-03-01T15:59:59.000Z", phone: "55556666" }),
      createEnquiry(db(), k, { kind: "medical", name: "Medical Ann" }),
    ]);
    const ids = async (payload: Partial<PayloadInput<"get_enquiry_data_and_total_number_by_sorting_and_limit">>) => {
      const { data, extra } = await client.get_enquiry_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...payload,
      });
      return { ids: data.map((row) => row.id), total: extra.total_number };
    };

    expect(await ids({})).toEqual({ ids: [cat.id, bob.id, ann.id], total: 3 });
    expect(await ids({ sorting: "name", direction: "ASC" })).toEqual({ ids: [ann.id, bob.id, cat.id], total: 3 });
    expect(await ids({ created_from: "2026-03-01", created_to: "2026-03-01" })).toEqual({
      ids: [cat.id, bob.id],
      total: 2,
    });
    expect(await ids({ status: "closed" })).toEqual({ ids: [ann.id], total: 1 });
    expect((await ids({ keyword: "refund" })).ids).toEqual([bob.id]);
    expect((await ids({ keyword: "5555" })).ids).toEqual([cat.id]);
    // The whole of its random part: a shorter prefix can be another enquirer's too.
    expect((await ids({ keyword: ann.email.split("@")[0] })).ids).toEqual([ann.id]);
    expect(await ids({ limit: 2, page: 2 })).toEqual({ ids: [ann.id], total: 3 });
  });

  it("shows medical enquiries only to a role with the medical enquiry permission", async () => {
    const store = await createStore(db());
    const enquiry = await createEnquiry(db(), store.applicationKey, { kind: "medical" });
    const staff = await createStoreStaff(db(), store.applicationKey, {
      role: "sales",
      permissions: { enquiry: "write", medi_enquiry: "none" },
    });
    const client = clientOver("embedded", await signIn("embedded", staff.email, staff.password));
    const key = { application_key: store.applicationKey };

    await client.get_enquiry_data_and_total_number_by_sorting_and_limit({ ...key });
    await expectFailure(
      client.get_medi_enquiry_data_and_total_number_by_sorting_and_limit({ ...key }),
      403,
      "forbidden",
    );
    await expectFailure(
      client.get_medi_enquiry_data_by_application_key_and_id({ ...key, id: enquiry.id }),
      403,
      "forbidden",
    );
    // The general actions never answer a medical record.
    await expectFailure(
      client.get_enquiry_data_by_application_key_and_id({ ...key, id: enquiry.id }),
      404,
      "not-found",
    );
  });
});

describe("enquiries from the website", () => {
  it("refuses a disabled store, one without the module, one whose plan expired, and takes an enquiry-only store's", async () => {
    const website = clientOver("embedded");
    const [disabled, withoutModule, noPlan, expired, enquiryOnly] = await Promise.all([
      createStore(db(), { disabled: true }),
      createStore(db(), { modules: ["enquiry", "order"] }),
      createStore(db(), { withPlan: false }),
      createStore(db()),
      createStore(db(), { enquiryOnly: true, modules: ["enquiry"] }),
    ]);
    await storeD1()
      .prepare(
        "UPDATE purchased_plan SET start_date = '2020-01-01', expiry_date = '2020-01-31' WHERE application_key = ?",
      )
      .bind(expired.applicationKey)
      .run();

    expect(
      await Promise.all([
        outcomeOf(website.add_enquiry_data(general(disabled.applicationKey))),
        outcomeOf(website.add_medi_enquiry_data(medical(withoutModule.applicationKey))),
        outcomeOf(website.add_enquiry_data(general(noPlan.applicationKey))),
        outcomeOf(website.add_enquiry_data(general(expired.applicationKey))),
        outcomeOf(website.add_enquiry_data(general(enquiryOnly.applicationKey))),
        outcomeOf(website.add_medi_enquiry_data(medical(enquiryOnly.applicationKey))),
      ]),
    ).toEqual([
      "404 store-account-not-found-or-disabled",
      "404 module-not-in-plan",
      "404 module-not-in-plan",
      "404 module-not-in-plan",
      "ok",
      "404 module-not-in-plan",
    ]);
    const saved = await db().select().from(enquiries).where(eq(enquiries.applicationKey, enquiryOnly.applicationKey));
    expect(saved.map((row) => row.kind)).toEqual(["general"]);
    expect((await waitForEmailTo(db(), enquiryOnly.email)).subject).toContain(enquiryOnly.storeName);
  });

  it("limits one client address per store an hour (429), while another address still gets through", async () => {
    const store = await createStore(db());
    const payload = general(store.applicationKey);
    const statuses: number[] = [];
    for (let sent = 0; sent <= ENQUIRIES_PER_CLIENT; sent++) {
      statuses.push(await fromClient("203.0.113.7", "add_enquiry_data", payload));
    }
    expect(statuses).toEqual([...Array(ENQUIRIES_PER_CLIENT).fill(200), 429]);
    expect(await fromClient("203.0.113.8", "add_enquiry_data", payload)).toBe(200);
    const saved = await db()
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(and(eq(enquiries.applicationKey, store.applicationKey), eq(enquiries.kind, "general")));
    expect(saved).toHaveLength(ENQUIRIES_PER_CLIENT + 1);
  });

  it("limits the store an hour whatever the address (429, nothing saved), each kind on its own", async () => {
    const store = await createStore(db());
    await fillRateLimitBucket(`enquiry:store:${store.applicationKey}`, ENQUIRIES_PER_STORE - 1);
    expect(await fromClient("198.51.100.1", "add_enquiry_data", general(store.applicationKey))).toBe(200);
    expect(await fromClient("198.51.100.2", "add_enquiry_data", general(store.applicationKey))).toBe(429);
    expect(await fromClient("198.51.100.3", "add_medi_enquiry_data", medical(store.applicationKey))).toBe(200);
    const saved = await db()
      .select({ kind: enquiries.kind })
      .from(enquiries)
      .where(eq(enquiries.applicationKey, store.applicationKey));
    expect(saved.map((row) => row.kind).sort()).toEqual(["general", "medical"]);
  });

  it("lets exactly the limit through of requests that arrive from one address at once", async () => {
    const store = await createStore(db());
    const payload = general(store.applicationKey);
    const statuses = await Promise.all(
      Array.from({ length: ENQUIRIES_PER_CLIENT + 5 }, () => fromClient("203.0.113.9", "add_enquiry_data", payload)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(ENQUIRIES_PER_CLIENT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const saved = await db()
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(eq(enquiries.applicationKey, store.applicationKey));
    expect(saved).toHaveLength(ENQUIRIES_PER_CLIENT);
  });
});
