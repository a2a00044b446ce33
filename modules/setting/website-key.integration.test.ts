import { env } from "cloudflare:test";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handleActionRequest } from "../../backend";
import { sha256Hex } from "../../backend/crypto";
import { rateLimitHits, websiteKeys } from "../../backend/db/schema";
import { VISITOR_ADDRESS_HEADER, WEBSITE_KEY_HEADER } from "../../backend/website-key";
import type { PayloadInput } from "../../contract/actions";
import { ONLINE_CREDIT_ORDERS_PER_CLIENT } from "../credit-order/actions";
import { ENQUIRIES_PER_CLIENT, ENQUIRIES_PER_STORE } from "../enquiry/actions";
import { createProviderStaff } from "../console/factories";
import { createStoreStaff } from "../staff-account/factories";
import { createStore } from "../../tests/helpers/factories";
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
import { countAfresh, newRecording, recordingEnv } from "../../tests/integration/recording-d1";

/** The store website's server: one address of its own, whatever visitor it calls for. */
const SERVER = "203.0.113.50";

const enquiry = (application_key: string): PayloadInput<"add_enquiry_data"> => ({
  application_key,
  name: "Chan Tai Man",
  email: `chan-${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone: "91234567",
  subject: "Opening hours",
  message: "Are you open on Sundays?",
});

/** A public write from the website's server, with the website headers it is given (none: a plain call). */
async function fromServer(name: string, payload: unknown, website: { key?: string; visitor?: string } = {}) {
  const body = new FormData();
  body.set(name, JSON.stringify(payload));
  const response = await postRaw(body, {
    "CF-Connecting-IP": SERVER,
    ...(website.key !== undefined && { [WEBSITE_KEY_HEADER]: website.key }),
    ...(website.visitor !== undefined && { [VISITOR_ADDRESS_HEADER]: website.visitor }),
  });
  return response.status;
}

/** A store and its website's key, made by its owner. */
async function storeWithKey() {
  const { store, client, key } = await merchant("embedded");
  const { data } = await client.update_website_key_data_by_application_key(key);
  return { store, client, key, websiteKey: data.website_key };
}

/** Hits of this hour per bucket of a store's requests of a kind (`enquiry`, `credit_order`). */
async function bucketsOf(kind: string, applicationKey: string) {
  const rows = await db()
    .select({ bucket: rateLimitHits.bucket })
    .from(rateLimitHits)
    .where(like(rateLimitHits.bucket, `${kind}:%${applicationKey}%`));
  const counts: Record<string, number> = {};
  for (const { bucket } of rows) counts[bucket] = (counts[bucket] ?? 0) + 1;
  return counts;
}

describe("a store website calling with its key", () => {
  it("gives each visitor address it forwards a bucket of its own, and counts in the store's website bucket", async () => {
    const { store, websiteKey } = await storeWithKey();
    const key = store.applicationKey;
    const statuses: number[] = [];
    for (let sent = 0; sent <= ENQUIRIES_PER_CLIENT; sent++) {
      statuses.push(await fromServer("add_enquiry_data", enquiry(key), { key: websiteKey, visitor: "198.51.100.10" }));
    }
    // One visitor reaches their limit; the next visitor through the same server is not refused.
    expect(statuses).toEqual([...Array(ENQUIRIES_PER_CLIENT).fill(200), 429]);
    expect(await fromServer("add_enquiry_data", enquiry(key), { key: websiteKey, visitor: "198.51.100.11" })).toBe(200);
    // An IPv6 visitor's address is one bucket however it is written.
    for (const visitor of ["2001:DB8:0:0::7", "2001:db8::7"]) {
      expect(await fromServer("add_enquiry_data", enquiry(key), { key: websiteKey, visitor })).toBe(200);
    }

    // The refused request left no hit (its bucket was full).
    expect(await bucketsOf("enquiry", key)).toEqual({
      [`enquiry:website:${key}`]: ENQUIRIES_PER_CLIENT + 3,
      [`enquiry:client:${key}:198.51.100.10`]: ENQUIRIES_PER_CLIENT,
      [`enquiry:client:${key}:198.51.100.11`]: 1,
      [`enquiry:client:${key}:2001:db8::7`]: 2,
    });
  });

  it("keeps a visitor's own limit where the action checks it before its write (a credit order's pre-check)", async () => {
    const { store, websiteKey } = await storeWithKey();
    const key = store.applicationKey;
    await fillRateLimitBucket(`credit_order:client:${key}:198.51.100.20`, ONLINE_CREDIT_ORDERS_PER_CLIENT);
    const order = () => ({
      application_key: key,
      member_id: 999_999,
      customer_email: "nobody@example.com",
      package_id: 999_999,
      payment_method: "cash",
      idempotency_key: crypto.randomUUID(),
    });
    const full = { key: websiteKey, visitor: "198.51.100.20" };
    expect(await fromServer("add_online_credit_order_data", order(), full)).toBe(429);
    // Another visitor, and the same forwarded address without the key, are past the limit check (refused later: no such member).
    expect(
      await fromServer("add_online_credit_order_data", order(), { key: websiteKey, visitor: "198.51.100.21" }),
    ).not.toBe(429);
    expect(await fromServer("add_online_credit_order_data", order(), { visitor: "198.51.100.20" })).not.toBe(429);
  });

  it("ignores the forwarded address without the key, with a wrong key or another store's, and with a bad address", async () => {
    const { store, websiteKey } = await storeWithKey();
    const other = await storeWithKey();
    const key = store.applicationKey;
    const calls = [
      { visitor: "198.51.100.30" },
      { key: "not-the-key", visitor: "198.51.100.31" },
      { key: other.websiteKey, visitor: "198.51.100.32" },
      { key: "", visitor: "198.51.100.33" },
    ];
    for (const website of calls) expect(await fromServer("add_enquiry_data", enquiry(key), website)).toBe(200);
    // Every call counted as the server's own, in the store's plain bucket.
    expect(await bucketsOf("enquiry", key)).toEqual({
      [`enquiry:store:${key}`]: calls.length,
      [`enquiry:client:${key}:${SERVER}`]: calls.length,
    });

    // So the server's address alone meets the limit, whatever visitor it names.
    await fillRateLimitBucket(`enquiry:client:${key}:${SERVER}`, ENQUIRIES_PER_CLIENT - calls.length);
    expect(await fromServer("add_enquiry_data", enquiry(key), { key: "wrong", visitor: "198.51.100.34" })).toBe(429);
    // The store's own key with an address that is none is ignored too (and is refused as the server).
    expect(await fromServer("add_enquiry_data", enquiry(key), { key: websiteKey, visitor: "1.2.3" })).toBe(429);
  });

  it("is not held up by a flood without the key: the website's calls count in a bucket of their own", async () => {
    const { store, websiteKey } = await storeWithKey();
    const key = store.applicationKey;
    await fillRateLimitBucket(`enquiry:store:${key}`, ENQUIRIES_PER_STORE);
    expect(await fromServer("add_enquiry_data", enquiry(key), { visitor: "198.51.100.40" })).toBe(429);
    expect(await fromServer("add_enquiry_data", enquiry(key), { key: websiteKey, visitor: "198.51.100.40" })).toBe(200);
  });
  it("checks the key in the write's first round trip: a keyed write still makes two", async () => {
    const { store, websiteKey } = await storeWithKey();
    const recording = newRecording();
    const recordedEnv = recordingEnv(env, recording);
    const roundTripsOf = async (name: string, payload: unknown) => {
      countAfresh(recording);
      let handedOver: number | null = null;
      const afterReplies: Promise<unknown>[] = [];
      const body = new FormData();
      body.set(name, JSON.stringify(payload));
      const request = new Request("http://backend.test/api/action", {
        method: "POST",
        body,
        headers: {
          "CF-Connecting-IP": SERVER,
          [WEBSITE_KEY_HEADER]: websiteKey,
          [VISITOR_ADDRESS_HEADER]: "198.51.100.60",
        },
      });
      const reply = await handleActionRequest(request, recordedEnv, {
        waitUntil: (work) => {
          handedOver ??= recording.roundTrips;
          afterReplies.push(work);
        },
      });
      const trips = handedOver ?? recording.roundTrips;
      await Promise.all(afterReplies);
      return { status: reply.status, trips };
    };
    expect(await roundTripsOf("add_enquiry_data", enquiry(store.applicationKey))).toEqual({ status: 200, trips: 2 });
    // A write whose reads count its client's hits read them for both clients beside the key's check.
    const order = {
      application_key: store.applicationKey,
      member_id: 999_999,
      customer_email: "nobody@example.com",
      package_id: 999_999,
      payment_method: "cash",
      idempotency_key: crypto.randomUUID(),
    };
    const { trips } = await roundTripsOf("add_online_credit_order_data", order);
    expect(trips).toBeLessThanOrEqual(2);
    expect(await bucketsOf("credit_order", store.applicationKey)).toEqual({
      [`credit_order:website:${store.applicationKey}`]: 1,
      [`credit_order:client:${store.applicationKey}:198.51.100.60`]: 1,
    });
  });
});

describe("the website key", () => {
  it("is stored as its SHA-256 only, answered once, and a new one makes the old one count for nothing", async () => {
    const { store, client, key } = await merchant("embedded");
    expect((await client.get_website_key_data_by_application_key(key)).data).toEqual({ ...key, created_at: null });

    const first = (await client.update_website_key_data_by_application_key(key)).data;
    expect(first.website_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [stored] = await db().select().from(websiteKeys).where(eq(websiteKeys.applicationKey, store.applicationKey));
    expect(stored.keyHash).toBe(await sha256Hex(first.website_key));
    expect(JSON.stringify(stored)).not.toContain(first.website_key);
    const status = (await client.get_website_key_data_by_application_key(key)).data;
    expect(status).toEqual({ ...key, created_at: first.created_at });
    expect(JSON.stringify(status)).not.toContain(first.website_key);

    const second = (await client.update_website_key_data_by_application_key(key)).data;
    expect(second.website_key).not.toBe(first.website_key);
    const rows = await db().select().from(websiteKeys).where(eq(websiteKeys.applicationKey, store.applicationKey));
    expect(rows.map((row) => row.keyHash)).toEqual([await sha256Hex(second.website_key)]);

    // The old key no longer vouches for the visitor: the call counts as the server's; the new key's does not.
    const payload = enquiry(store.applicationKey);
    expect(await fromServer("add_enquiry_data", payload, { key: first.website_key, visitor: "198.51.100.50" })).toBe(
      200,
    );
    expect(await fromServer("add_enquiry_data", payload, { key: second.website_key, visitor: "198.51.100.51" })).toBe(
      200,
    );
    expect(await bucketsOf("enquiry", store.applicationKey)).toEqual({
      [`enquiry:store:${store.applicationKey}`]: 1,
      [`enquiry:client:${store.applicationKey}:${SERVER}`]: 1,
      [`enquiry:website:${store.applicationKey}`]: 1,
      [`enquiry:client:${store.applicationKey}:198.51.100.51`]: 1,
    });

    // The log tells the keys apart by their hashes' first digits, never the keys.
    const entries = (await logOf(store.applicationKey)).filter((entry) => "website_key" in entry.changes);
    expect(entries.map((entry) => entry.changes.website_key)).toEqual([
      [null, (await sha256Hex(first.website_key)).slice(0, 8)],
      [(await sha256Hex(first.website_key)).slice(0, 8), (await sha256Hex(second.website_key)).slice(0, 8)],
    ]);
  });

  describe.each(TRANSPORT_NAMES)("over the %s transport", (transport) => {
    it("is made by those who may write the settings (owner, provider staff, admin staff), seen by readers", async () => {
      const store = await createStore(db());
      const key = { application_key: store.applicationKey };
      const staff = await createProviderStaff(db());
      const admin = await createStoreStaff(db(), store.applicationKey, { role: "admin" });
      const reader = await createStoreStaff(db(), store.applicationKey, {
        role: "admin",
        permissions: { setting: "read" },
      });
      const sales = await createStoreStaff(db(), store.applicationKey, {
        role: "sales",
        permissions: { setting: "none" },
      });
      const as = async (account: { email: string; password: string }) =>
        clientOver(transport, await signIn(transport, account.email, account.password));

      for (const writer of [store, staff, admin]) {
        const client = await as(writer);
        expect((await client.update_website_key_data_by_application_key(key)).data.website_key).toHaveLength(32);
      }
      const readerClient = await as(reader);
      expect((await readerClient.get_website_key_data_by_application_key(key)).data.created_at).not.toBeNull();
      await expectFailure(readerClient.update_website_key_data_by_application_key(key), 403, "forbidden");
      const salesClient = await as(sales);
      await expectFailure(salesClient.get_website_key_data_by_application_key(key), 403, "forbidden");
      await expectFailure(salesClient.update_website_key_data_by_application_key(key), 403, "forbidden");
      // Another store's owner cannot touch it.
      const { client: stranger } = await merchant(transport);
      await expectFailure(stranger.update_website_key_data_by_application_key(key), 403, "forbidden");
      expect(
        await storeD1()
          .prepare("SELECT count(*) AS n FROM website_key WHERE application_key = ?")
          .bind(key.application_key)
          .first("n"),
      ).toBe(1);
    });
  });
});
