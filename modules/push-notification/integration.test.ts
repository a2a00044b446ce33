import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUSH_SUBSCRIPTIONS_PER_CLIENT, PUSH_SUBSCRIPTIONS_PER_STORE } from "../../modules/push-notification/actions";
import { pushDeliveries, pushNotifications, pushOutbox, pushSubscriptions } from "../../backend/db/schema";
import { runMinuteJobs } from "../../backend";
import { ActionError } from "../../backend/errors";
import { runPushDeliveries } from "../../backend/push-delivery";
import type { PayloadInput } from "../../contract/actions";
import {
  createCategory,
  createMember,
  createPushNotification,
  createPushSubscription,
  createStore,
} from "../../tests/helpers/factories";
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

type PushInput = Omit<PayloadInput<"add_push_notification_data">, "application_key">;

const newPush = (overrides: Partial<PushInput> = {}): PushInput => ({
  title_zh_hk: "週末優惠",
  title_en: "Weekend sale",
  body_zh_hk: "全店八折",
  body_en: "20% off everything",
  audience: "all",
  mode: "draft",
  ...overrides,
});

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const subscriptionKeys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };

const outboxOf = (notificationId: number) =>
  db().select().from(pushOutbox).where(eq(pushOutbox.notificationId, notificationId)).orderBy(pushOutbox.id);

const pushOf = async (id: number) =>
  (await db().select().from(pushNotifications).where(eq(pushNotifications.id, id)))[0];

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: { status: number; messageKey: string }) => `${error.status} ${error.messageKey}`,
  );

describe.each(TRANSPORT_NAMES)("push notification actions over the %s transport", (transport) => {
  it("adds a draft for chosen members, edits it over its version, schedules, cancels and deletes, logging each", async () => {
    const { store, client, key } = await merchant(transport);
    const [ann, ben] = await Promise.all([
      createMember(db(), store.applicationKey),
      createMember(db(), store.applicationKey),
    ]);
    const [category, foreignCategory] = await Promise.all([
      createCategory(db(), store.applicationKey),
      createCategory(db(), (await createStore(db())).applicationKey),
    ]);
    const { data: added } = await client.add_push_notification_data({
      ...key,
      ...newPush({ audience: "specific", members: [ann.memberCode, ben.email] }),
      link_kind: "category",
      link_category_id: category.id,
    });
    const { data } = await client.get_push_notification_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ status: "draft", send_at: null, audience: "specific", version: 1 });
    expect(data.members.map((member) => member.id).sort()).toEqual([ann.id, ben.id].sort());
    expect(data.link).toMatchObject({ kind: "category", category_id: category.id, broken: false });
    const foreign = await expectFailure(
      client.add_push_notification_data({
        ...key,
        ...newPush(),
        link_kind: "category",
        link_category_id: foreignCategory.id,
      }),
      400,
      "invalid-payload",
    );
    expect(foreign.fields).toEqual({ link_category_id: ["link-target-not-found"] });

    await expectFailure(
      client.add_push_notification_data({ ...key, ...newPush({ audience: "specific", members: ["M99999"] }) }),
      400,
      "invalid-payload",
    );
    const past = await expectFailure(
      client.update_push_notification_data_by_application_key_and_id({
        ...key,
        id: added.id,
        version: 1,
        ...newPush({ mode: "scheduled", send_at: hoursFromNow(-1) }),
      }),
      400,
      "invalid-payload",
    );
    expect(past.fields).toEqual({ send_at: ["send-at-in-past"] });

    await client.update_push_notification_data_by_application_key_and_id({
      ...key,
      id: added.id,
      version: 1,
      ...newPush({ title_zh_hk: "新標題", mode: "scheduled", send_at: hoursFromNow(24) }),
    });
    await expectFailure(
      client.update_push_notification_data_by_application_key_and_id({
        ...key,
        id: added.id,
        version: 1,
        ...newPush({ title_zh_hk: "舊表格" }),
      }),
      409,
      "edited-elsewhere",
    );
    expect(await pushOf(added.id)).toMatchObject({ titleZhHk: "新標題", status: "scheduled", version: 2 });
    await expectFailure(
      client.delete_push_notification_data_by_application_key_and_id({ ...key, id: added.id }),
      409,
      "push-notification-not-editable",
    );

    await client.update_push_notification_status_data_by_application_key_and_id({
      ...key,
      id: added.id,
      version: 2,
      status: "cancelled",
    });
    await expectFailure(
      client.update_push_notification_status_data_by_application_key_and_id({
        ...key,
        id: added.id,
        version: 3,
        status: "cancelled",
      }),
      409,
      "push-notification-transition-not-allowed",
    );
    await expectFailure(
      client.update_push_notification_data_by_application_key_and_id({
        ...key,
        id: added.id,
        version: 3,
        ...newPush(),
      }),
      409,
      "push-notification-not-editable",
    );

    const { data: draft } = await client.add_push_notification_data({ ...key, ...newPush() });
    await client.delete_push_notification_data_by_application_key_and_id({ ...key, id: draft.id });
    const { data: listed } = await client.get_push_notification_data_and_total_number_by_sorting_and_limit({
      ...key,
      keyword: "新標題",
      status: "cancelled",
    });
    expect(listed.map((row) => row.id)).toEqual([added.id]);
    expect((await logOf(store.applicationKey)).map((entry) => entry.action)).toEqual([
      "add",
      "edit",
      "edit",
      "add",
      "delete",
    ]);
  });

  it("answers every field error of one push at once, the rules between fields with the others", async () => {
    const { client, key } = await merchant(transport);
    const refused = await expectFailure(
      client.add_push_notification_data({
        ...key,
        ...newPush({ image_url: "/not-uploaded.png", audience: "specific", members: [], mode: "scheduled" }),
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      image_url: ["invalid-file"],
      members: ["force-input"],
      send_at: ["force-input"],
    });
  });

  it("cancels a scheduled push once: of two cancels from the same version one is refused", async () => {
    const { store, client, key } = await merchant(transport);
    const push = await createPushNotification(db(), store.applicationKey, {
      status: "scheduled",
      sendAt: "2099-01-01T00:00:00.000Z",
    });
    const cancel = () =>
      outcomeOf(
        client.update_push_notification_status_data_by_application_key_and_id({
          ...key,
          id: push.id,
          version: 1,
          status: "cancelled",
        }),
      );
    const outcomes = (await Promise.all([cancel(), cancel()])).sort();
    // The loser is refused by the version (edited-elsewhere) or, when it read after the winner, by the status.
    expect(outcomes).toEqual([
      expect.stringMatching(/^409 (edited-elsewhere|push-notification-transition-not-allowed)$/),
      "ok",
    ]);
    expect((await logOf(store.applicationKey)).length).toBe(1);
  });
});

describe("sending", () => {
  it("sends a push now to its audience only, each browser in its language, and tests one browser", async () => {
    const { store, client, key } = await merchant("embedded");
    const applicationKey = store.applicationKey;
    const [general, vip, disabledVip] = await Promise.all([
      createMember(db(), applicationKey),
      createMember(db(), applicationKey, { level: "vip" }),
      createMember(db(), applicationKey, { level: "vip", disabled: true }),
    ]);
    const [visitor, generalBrowser, vipBrowser] = await Promise.all([
      createPushSubscription(db(), applicationKey, { language: "en" }),
      createPushSubscription(db(), applicationKey, { memberId: general.id }),
      createPushSubscription(db(), applicationKey, { memberId: vip.id }),
      createPushSubscription(db(), applicationKey, { memberId: disabledVip.id }),
      createPushSubscription(db(), (await createStore(db())).applicationKey),
    ]);
    const sent = async (input: Partial<PushInput>) => {
      const { data } = await client.add_push_notification_data({ ...key, ...newPush({ ...input, mode: "now" }) });
      return { push: await pushOf(data.id), outbox: await outboxOf(data.id) };
    };

    const all = await sent({ audience: "all" });
    expect(all.push).toMatchObject({ status: "sent", recipientCount: 3, sentCount: 3, failedCount: 0 });
    expect(all.outbox.map((row) => [row.endpoint, JSON.parse(row.payload).title, row.status]).sort()).toEqual(
      [
        [visitor.endpoint, "Weekend sale", "queued"],
        [generalBrowser.endpoint, "週末優惠", "queued"],
        [vipBrowser.endpoint, "週末優惠", "queued"],
      ].sort(),
    );
    expect((await sent({ audience: "vip" })).outbox.map((row) => row.endpoint)).toEqual([vipBrowser.endpoint]);
    const chosen = await sent({ audience: "specific", members: [general.memberCode, disabledVip.memberCode] });
    expect(chosen.outbox.map((row) => row.endpoint)).toEqual([generalBrowser.endpoint]);

    const { data: draft } = await client.add_push_notification_data({ ...key, ...newPush() });
    const { data: test } = await client.add_push_notification_test_data({
      ...key,
      id: draft.id,
      subscription_id: visitor.id,
    });
    expect(test).toEqual({ status: "sent" });
    expect((await outboxOf(draft.id)).map((row) => row.endpoint)).toEqual([visitor.endpoint]);
    expect(await pushOf(draft.id)).toMatchObject({ status: "draft", sentCount: 0 });
  });

  it("sends a due push once under two concurrent minute runs and a third after them", async () => {
    const store = await createStore(db());
    const browsers = await Promise.all(
      Array.from({ length: 30 }, () => createPushSubscription(db(), store.applicationKey)),
    );
    const push = await createPushNotification(db(), store.applicationKey, {
      status: "scheduled",
      sendAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const later = await createPushNotification(db(), store.applicationKey, {
      status: "scheduled",
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });

    await Promise.all([runMinuteJobs(env), runMinuteJobs(env)]);
    await runMinuteJobs(env);

    const outbox = await outboxOf(push.id);
    expect(outbox.length).toBe(browsers.length);
    expect(new Set(outbox.map((row) => row.endpoint)).size).toBe(browsers.length);
    expect(await pushOf(push.id)).toMatchObject({ status: "sent", recipientCount: 30, sentCount: 30 });
    expect(await pushOf(later.id)).toMatchObject({ status: "scheduled" });
    expect(await outboxOf(later.id)).toEqual([]);
  });
});

describe("a run stopped between claiming a push and inserting its rows", () => {
  it("leaves the push to no other run at once, and to a later run after 15 minutes", async () => {
    const store = await createStore(db());
    await Promise.all([1, 2].map(() => createPushSubscription(db(), store.applicationKey)));
    const claimedAt = new Date(Date.now() - 60_000);
    const push = await createPushNotification(db(), store.applicationKey, {
      status: "sending",
      sendAt: claimedAt.toISOString(),
      claimedAt: claimedAt.toISOString(),
      recipientCount: -1,
    });

    await runMinuteJobs(env);
    expect(await pushOf(push.id)).toMatchObject({ status: "sending", recipientCount: -1 });
    await runMinuteJobs(env, new Date(claimedAt.getTime() + 16 * 60_000));
    expect(await pushOf(push.id)).toMatchObject({ status: "sent", recipientCount: 2, sentCount: 2 });
    expect((await outboxOf(push.id)).length).toBe(2);
  });
});

describe("the store website's public actions", () => {
  const website = clientOver("embedded");

  it("gives the public key and takes subscriptions only for an open store with the module", async () => {
    const { store } = await merchant("embedded");
    const [disabled, withoutModule] = await Promise.all([
      createStore(db(), { disabled: true }),
      createStore(db(), { modules: ["product"] }),
    ]);
    const member = await createMember(db(), store.applicationKey);
    const subscribe = (application_key: string, extra: object = {}) =>
      website.add_push_subscription_data({
        application_key,
        endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        keys: subscriptionKeys,
        ...extra,
      });

    expect(
      (await website.get_push_public_key_data_by_application_key({ application_key: store.applicationKey })).data,
    ).toEqual({ public_key: env.VAPID_PUBLIC_KEY });
    expect(
      await Promise.all([
        outcomeOf(website.get_push_public_key_data_by_application_key({ application_key: disabled.applicationKey })),
        outcomeOf(
          website.get_push_public_key_data_by_application_key({ application_key: withoutModule.applicationKey }),
        ),
        outcomeOf(subscribe(disabled.applicationKey)),
        outcomeOf(subscribe(withoutModule.applicationKey)),
        outcomeOf(subscribe(store.applicationKey, { member_id: member.id, member_email: "someone@else.test" })),
      ]),
    ).toEqual([
      "404 store-account-not-found-or-disabled",
      "404 module-not-in-plan",
      "404 store-account-not-found-or-disabled",
      "404 module-not-in-plan",
      "404 user-not-found-or-disabled",
    ]);

    const endpoint = "https://fcm.googleapis.com/fcm/send/again";
    const { data: first } = await website.add_push_subscription_data({
      application_key: store.applicationKey,
      endpoint,
      keys: subscriptionKeys,
    });
    const { data: again } = await website.add_push_subscription_data({
      application_key: store.applicationKey,
      endpoint,
      keys: { ...subscriptionKeys, auth: "B".repeat(22) },
      language: "en",
      member_id: member.id,
      member_email: member.email.toUpperCase(),
    });
    expect(again.id).toBe(first.id);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.applicationKey, store.applicationKey)),
    ).toEqual([expect.objectContaining({ endpoint, auth: "B".repeat(22), language: "en", memberId: member.id })]);
  });

  it("takes subscriptions only from the browsers' push services, so the Worker never posts anywhere else", async () => {
    const { store } = await merchant("embedded");
    const subscribe = (endpoint: string) =>
      website.add_push_subscription_data({ application_key: store.applicationKey, endpoint, keys: subscriptionKeys });
    const fieldsRefusing = (endpoint: string) =>
      subscribe(endpoint).then(
        () => `${endpoint} was taken`,
        (error: ActionError) => ({ status: error.status, fields: error.fields }),
      );
    for (const endpoint of [
      "https://127.0.0.1/push",
      "https://localhost/push",
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.1/push",
      "https://[::1]/push",
      "https://evil.example/push",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://evilpush.apple.com/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://user@fcm.googleapis.com/fcm/send/x",
    ])
      expect(await fieldsRefusing(endpoint), endpoint).toEqual({
        status: 400,
        fields: { endpoint: ["push-service-not-allowed"] },
      });
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/a1",
      "https://updates.push.services.mozilla.com/wpush/v2/a1",
      "https://web.push.apple.com/a1",
      "https://wns2-par02p.notify.windows.com/w/?token=a1",
    ])
      expect((await subscribe(endpoint)).data, endpoint).toEqual({ id: expect.any(Number) });
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.applicationKey, store.applicationKey)),
    ).toHaveLength(4);
  });

  it("refuses subscriptions past the store's hourly limit with 429, adding none", async () => {
    const { store } = await merchant("embedded");
    await fillRateLimitBucket(`push_subscription:store:${store.applicationKey}`, PUSH_SUBSCRIPTIONS_PER_STORE);
    await expectFailure(
      website.add_push_subscription_data({
        application_key: store.applicationKey,
        endpoint: "https://fcm.googleapis.com/fcm/send/one-too-many",
        keys: subscriptionKeys,
      }),
      429,
      "try-again-after-minutes:60",
    );
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.applicationKey, store.applicationKey)),
    ).toEqual([]);
  });

  it("limits one client address an hour (429, nothing added), while another address still subscribes", async () => {
    const { store } = await merchant("embedded");
    const subscribeFrom = async (address: string) => {
      const body = new FormData();
      body.set(
        "add_push_subscription_data",
        JSON.stringify({
          application_key: store.applicationKey,
          endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
          keys: subscriptionKeys,
        }),
      );
      return (await postRaw(body, { "CF-Connecting-IP": address })).status;
    };
    const statuses: number[] = [];
    for (let sent = 0; sent <= PUSH_SUBSCRIPTIONS_PER_CLIENT; sent++)
      statuses.push(await subscribeFrom("203.0.113.20"));
    expect(statuses).toEqual([...Array(PUSH_SUBSCRIPTIONS_PER_CLIENT).fill(200), 429]);
    expect(await subscribeFrom("203.0.113.21")).toBe(200);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.applicationKey, store.applicationKey)),
    ).toHaveLength(PUSH_SUBSCRIPTIONS_PER_CLIENT + 1);
  });
});

const base64ToBytes = (text: string) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0));

const base64url = {
  encode: (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, ""),
  decode: (text: string) =>
    Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (character) => character.charCodeAt(0)),
};

/** A browser's side of RFC 8291: its P-256 key pair and auth secret. */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { pair, publicKey, auth, keys: { p256dh: base64url.encode(publicKey), auth: base64url.encode(auth) } };
}

type Bytes = Uint8Array<ArrayBuffer>;

const hkdf = async (salt: Bytes, ikm: ArrayBuffer | Bytes, info: Bytes, bytes: number) =>
  new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt, info },
      await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]),
      bytes * 8,
    ),
  );

const concat = (...parts: Bytes[]) => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (all.set(part, offset), offset + part.length), 0);
  return all;
};

/** RFC 8291 §3.4 and RFC 8188 as the browser decrypts: the message's JSON. */
async function decrypt(body: Bytes, browser: Awaited<ReturnType<typeof browserKeys>>) {
  const salt = body.slice(0, 16);
  const idLength = body[20];
  const serverKey = body.slice(21, 21 + idLength);
  const secret = await crypto.subtle.deriveBits(
    {
      name: "ECDH",
      public: await crypto.subtle.importKey("raw", serverKey, { name: "ECDH", namedCurve: "P-256" }, false, []),
    },
    browser.pair.privateKey,
    256,
  );
  const encoder = new TextEncoder();
  const keyInfo = concat(encoder.encode("WebPush: info\0"), browser.publicKey, serverKey);
  const ikm = await hkdf(browser.auth, secret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: nonce },
      await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]),
      body.slice(21 + idLength),
    ),
  );
  // The last record ends with the delimiter 0x02, then any padding zeros.
  return JSON.parse(new TextDecoder().decode(plain.slice(0, plain.lastIndexOf(2)))) as Record<string, unknown>;
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed (ES256) by the deployment's key. */
async function verifiedVapidClaims(authorization: string) {
  const [, token, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
  expect(publicKey).toBe(env.VAPID_PUBLIC_KEY);
  const [header, claims, signature] = token.split(".");
  const key = await crypto.subtle.importKey(
    "raw",
    base64url.decode(publicKey),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    base64url.decode(signature),
    new TextEncoder().encode(`${header}.${claims}`),
  );
  expect(valid).toBe(true);
  return JSON.parse(new TextDecoder().decode(base64url.decode(claims))) as Record<string, unknown>;
}

describe("Web Push to a push service", () => {
  it("posts an encrypted message with a VAPID JWT, and removes subscriptions the service says are gone", async () => {
    const webPush = { ...env, PUSH_DELIVERY: "web-push" };
    const store = await createStore(db());
    const browser = await browserKeys();
    const run = crypto.randomUUID();
    const [live, gone, missing, loopback] = await Promise.all(
      [
        `https://fcm.googleapis.com/201/${run}`,
        `https://fcm.googleapis.com/410/${run}`,
        `https://fcm.googleapis.com/404/${run}`,
        // No push service's, saved before those were refused: never posted to, and removed.
        `https://127.0.0.1/201/${run}`,
      ].map((endpoint) =>
        createPushSubscription(db(), store.applicationKey, { endpoint, ...browser.keys, language: "en" }),
      ),
    );
    const push = await createPushNotification(db(), store.applicationKey, {
      status: "scheduled",
      sendAt: new Date(Date.now() - 1_000).toISOString(),
      imageUrl: `/uploads/${store.applicationKey}/sale.png`,
      linkKind: "url",
      linkUrl: "https://shop.example.com/sale",
    });

    await runPushDeliveries(db(), webPush, new Date());

    const received = (await (await fetch(`https://fcm.googleapis.com/received/201/${run}`)).json()) as {
      headers: Record<string, string>;
      body: string;
    }[];
    expect(received.length).toBe(1);
    const [{ headers, body }] = received;
    expect(headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "86400" });
    expect(await verifiedVapidClaims(headers.authorization)).toMatchObject({
      aud: "https://fcm.googleapis.com",
      sub: env.VAPID_SUBJECT,
    });
    expect(await decrypt(base64ToBytes(body), browser)).toEqual({
      title: "Push",
      body: "New arrivals",
      image: `${env.APP_URL}/uploads/${store.applicationKey}/sale.png`,
      url: "https://shop.example.com/sale",
      link: {
        kind: "url",
        product_code: null,
        category_id: null,
        custom_page_id: null,
        url: "https://shop.example.com/sale",
      },
      tag: `push-${push.id}`,
    });
    expect(await pushOf(push.id)).toMatchObject({ status: "sent", recipientCount: 4, sentCount: 1, removedCount: 3 });
    expect(
      (
        await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.applicationKey, store.applicationKey))
      ).map((row) => row.id),
    ).toEqual([live.id]);
    expect((await outboxOf(push.id)).map((row) => [row.endpoint, row.status, row.responseStatus]).sort()).toEqual(
      [
        [live.endpoint, "sent", 201],
        [gone.endpoint, "expired", 410],
        [missing.endpoint, "expired", 404],
        [loopback.endpoint, "expired", null],
      ].sort(),
    );
    expect(
      await db()
        .select()
        .from(pushDeliveries)
        .where(and(eq(pushDeliveries.notificationId, push.id), eq(pushDeliveries.status, "pending"))),
    ).toEqual([]);
  });
});
