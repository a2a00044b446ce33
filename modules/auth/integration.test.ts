import { env } from "cloudflare:test";
import { storeOfToken } from "../../backend/caller";
import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { MAX_WAITING } from "../../backend/hashing-turns";
import { emailTexts } from "../../backend/locales.generated";
import {
  createProviderStaff,
  createStore,
  createStoreStaff,
  disableAccount,
  latestEmailTo,
  waitForEmailTo,
} from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, signIn, TRANSPORT_NAMES, transports } from "../../tests/integration/wire";

async function rateLimitHitCount(bucket: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM rate_limit_hit WHERE bucket = ?")
    .bind(bucket)
    .first<{ n: number }>();
  return row!.n;
}

async function waitForRateLimitHits(bucket: string, count: number) {
  await expect.poll(() => rateLimitHitCount(bucket), { timeout: 5000 }).toBe(count);
}

async function emailCountTo(recipient: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE recipient = ?")
    .bind(recipient)
    .first<{ n: number }>();
  return row!.n;
}

describe.each(TRANSPORT_NAMES)("auth actions over the %s transport", (transport) => {
  it("signs in each kind of account and says which it is", async () => {
    const staff = await createProviderStaff(db());
    const store = await createStore(db());
    const sales = await createStoreStaff(db(), store.applicationKey);

    const client = clientOver(transport);
    const asStaff = await client.login({ email: staff.email, password: staff.password });
    const asStore = await client.login({ email: store.email.toUpperCase(), password: store.password });
    const asSales = await client.login({ email: sales.email, password: sales.password });

    expect(asStaff.data).toMatchObject({ account_type: "console", account_id: staff.id });
    expect(asStaff.data).not.toHaveProperty("application_key");
    expect(asStore.data).toMatchObject({ account_type: "store", application_key: store.applicationKey });
    expect(asSales.data).toMatchObject({ account_type: "store_staff", application_key: store.applicationKey });
    // A store user's token names the store, whose database holds the session; provider staff's names none.
    expect(asStore.data).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/) });
    expect(storeOfToken((asStore.data as { token: string }).token)).toBe(store.applicationKey);
    expect(storeOfToken((asSales.data as { token: string }).token)).toBe(store.applicationKey);
    expect(asStaff.data).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const store = await createStore(db());
    const client = clientOver(transport);
    await expectFailure(
      client.login({ email: store.email, password: "wrong-pass-1" }),
      401,
      "incorrect-email-or-password",
    );
    await expectFailure(
      client.login({ email: "nobody@factory.test", password: "x" }),
      401,
      "incorrect-email-or-password",
    );
  });

  it("answers a disabled store's right password as a wrong one, and tells the owner why by e-mail", async () => {
    const store = await createStore(db(), { disabled: true });
    const client = clientOver(transport);
    await expectFailure(
      client.login({ email: store.email, password: "wrong-pass-1" }),
      401,
      "incorrect-email-or-password",
    );
    expect(await emailCountTo(store.email)).toBe(0);
    await expectFailure(
      client.login({ email: store.email, password: store.password }),
      401,
      "incorrect-email-or-password",
    );
    const notice = await waitForEmailTo(db(), store.email);
    expect(notice.subject).toBe(
      `${emailTexts["zh-HK"]["disabled-sign-in-subject"]} / ${emailTexts.en["disabled-sign-in-subject"]}`,
    );
    expect(notice.body).toContain(emailTexts["zh-HK"]["disabled-sign-in-store-body"]);
    expect(notice.body).toContain(emailTexts.en["disabled-sign-in-store-body"]);
  });

  it("answers a disabled staff account's right password as a wrong one, and tells them it is disabled", async () => {
    const store = await createStore(db());
    const staff = await createStoreStaff(db(), store.applicationKey);
    await disableAccount(db(), "store_staff", staff.email);
    await expectFailure(
      clientOver(transport).login({ email: staff.email, password: staff.password }),
      401,
      "incorrect-email-or-password",
    );
    expect((await waitForEmailTo(db(), staff.email)).body).toContain(emailTexts.en["disabled-sign-in-account-body"]);
  });

  it("counts a disabled account's sign-ins as failures, so they lock it like any others", async () => {
    const store = await createStore(db(), { disabled: true });
    const client = clientOver(transport);
    for (let attempt = 0; attempt < 5; attempt++) {
      await expectFailure(
        client.login({ email: store.email, password: attempt % 2 ? store.password : "wrong-pass-1" }),
        401,
        "incorrect-email-or-password",
      );
    }
    await expectFailure(
      client.login({ email: store.email, password: store.password }),
      429,
      "try-again-after-minutes:15",
    );
  });

  it("locks an account for 15 minutes after 5 failures, even for the right password", async () => {
    const store = await createStore(db());
    const client = clientOver(transport);
    for (let attempt = 0; attempt < 5; attempt++) {
      await expectFailure(
        client.login({ email: store.email, password: "wrong-pass-1" }),
        401,
        "incorrect-email-or-password",
      );
    }
    await expectFailure(
      client.login({ email: store.email, password: store.password }),
      429,
      "try-again-after-minutes:15",
    );
  });

  it("checks at most 5 passwords when many wrong guesses arrive at once", async () => {
    const store = await createStore(db());
    const client = clientOver(transport);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.login({ email: store.email, password: "wrong-pass-1" }).then(
          () => 200,
          (error: { status: number }) => error.status,
        ),
      ),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(7);
  });

  it("revokes the session at logout", async () => {
    const store = await createStore(db());
    const token = await signIn(transport, store.email, store.password);
    const client = clientOver(transport, token);
    await client.get_store_website_data_by_application_key({ application_key: store.applicationKey });
    await client.logout({});
    await expectFailure(
      client.get_store_website_data_by_application_key({ application_key: store.applicationKey }),
      401,
      "token-expired",
    );
  });

  it("mails a single-use reset link that sets a new password and closes open sessions", async () => {
    const store = await createStore(db());
    const oldToken = await signIn(transport, store.email, store.password);
    const client = clientOver(transport);

    await client.forget_password({ email: store.email, language: "en" });
    const mail = await waitForEmailTo(db(), store.email);
    const [, id, token] = /\/reset-password\/(\d+)\/([A-Za-z0-9_.-]+)/.exec(mail.body) ?? [];
    expect(mail.body).toContain("http://localhost:8787/reset-password/");
    expect(mail.subject).toBe("Reset your back-office password");

    await client.reset_password({ id: Number(id), token, password: "brand-new-9", repeat_password: "brand-new-9" });
    await expectFailure(
      client.login({ email: store.email, password: store.password }),
      401,
      "incorrect-email-or-password",
    );
    expect((await client.login({ email: store.email, password: "brand-new-9" })).data).toMatchObject({
      account_type: "store",
    });
    await expectFailure(
      clientOver(transport, oldToken).get_store_website_data_by_application_key({
        application_key: store.applicationKey,
      }),
      401,
      "token-expired",
    );
    await expectFailure(
      client.reset_password({ id: Number(id), token, password: "another-9x", repeat_password: "another-9x" }),
      400,
      "reset-link-invalid",
    );
  });

  it("answers forget_password the same for an unknown e-mail and sends nothing", async () => {
    const { data } = await clientOver(transport).forget_password({ email: "ghost@factory.test" });
    expect(data).toBeNull();
    await waitForRateLimitHits("forget_password:email:ghost@factory.test", 1);
    expect(await latestEmailTo(db(), "ghost@factory.test")).toBeUndefined();
  });

  it("mails one address at most 3 times an hour, even when 20 requests arrive at once, and answers all alike", async () => {
    const store = await createStore(db());
    const client = clientOver(transport);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.forget_password({ email: store.email, language: "en" })),
    );
    expect(answers.map(({ data }) => data)).toEqual(Array(20).fill(null));
    await waitForRateLimitHits(`forget_password:email:${store.email}`, 3);
    await waitForEmailTo(db(), store.email);
    expect(await emailCountTo(store.email)).toBe(3);
  });

  it("refuses actions to another site's browser (a cross-site form post), mailing nothing", async () => {
    const store = await createStore(db());
    const crossSite: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
    ];
    for (const headers of crossSite) {
      const response = await transports[transport]()(
        new Request("http://backend.test/api/action", {
          method: "POST",
          headers,
          body: new URLSearchParams({ forget_password: JSON.stringify({ email: store.email }) }),
        }),
      );
      expect(response.status).toBe(403);
    }
    expect(await rateLimitHitCount(`forget_password:email:${store.email}`)).toBe(0);
  });

  it("rejects a weak or unrepeated new password with field errors", async () => {
    const client = clientOver(transport);
    const weak = await expectFailure(
      client.reset_password({ id: 1, token: "x".repeat(20), password: "short", repeat_password: "short" }),
      400,
      "invalid-payload",
    );
    expect(weak.fields?.password).toEqual(["password-rule"]);
    const mismatch = await expectFailure(
      client.reset_password({ id: 1, token: "x".repeat(20), password: "long-enough-1", repeat_password: "other-1" }),
      400,
      "invalid-payload",
    );
    expect(mismatch.fields?.repeat_password).toEqual(["password-not-match"]);
  });

  it("signs out store users whose account is disabled", async () => {
    const store = await createStore(db());
    const sales = await createStoreStaff(db(), store.applicationKey);
    const token = await signIn(transport, sales.email, sales.password);
    await disableAccount(db(), "store_staff", sales.email);
    await expectFailure(
      clientOver(transport, token).get_store_website_data_by_application_key({ application_key: store.applicationKey }),
      401,
      "token-expired",
    );
  });
});

describe("time-dependent auth rules (embedded transport with a moved clock)", () => {
  const at = (offsetMs: number) => createActionClient(transports.embedded(() => new Date(Date.now() + offsetMs)));

  it("lifts the lock 15 minutes after the fifth failure", async () => {
    const store = await createStore(db());
    for (let attempt = 0; attempt < 5; attempt++) {
      await expectFailure(
        at(0).login({ email: store.email, password: "wrong-pass-1" }),
        401,
        "incorrect-email-or-password",
      );
    }
    await expectFailure(
      at(10 * 60_000).login({ email: store.email, password: store.password }),
      429,
      "try-again-after-minutes:5",
    );
    expect((await at(15 * 60_000 + 1000).login({ email: store.email, password: store.password })).data).toMatchObject({
      account_type: "store",
    });
  });

  it("expires a reset link after one hour", async () => {
    const store = await createStore(db());
    await at(0).forget_password({ email: store.email });
    const mail = await waitForEmailTo(db(), store.email);
    const [, id, token] = /\/reset-password\/(\d+)\/([A-Za-z0-9_.-]+)/.exec(mail.body) ?? [];
    await expectFailure(
      at(61 * 60_000).reset_password({
        id: Number(id),
        token,
        password: "brand-new-9",
        repeat_password: "brand-new-9",
      }),
      400,
      "reset-link-invalid",
    );
  });
});

describe("work after the reply", () => {
  it("answers forget_password before its lookup and e-mail are done", async () => {
    const store = await createStore(db());
    let workDone = false;
    const pending: Promise<unknown>[] = [];
    const client = createActionClient((request) =>
      handleActionRequest(request, env, {
        waitUntil: (promise) => pending.push(promise.then(() => (workDone = true))),
      }),
    );
    expect((await client.forget_password({ email: store.email })).data).toBeNull();
    expect(pending).toHaveLength(1);
    expect(workDone).toBe(false);
    await Promise.all(pending);
    expect(await latestEmailTo(db(), store.email)).toBeDefined();
  });

  it("mails at most 10 addresses an hour for one client address", async () => {
    const stores = await Promise.all(Array.from({ length: 12 }, () => createStore(db())));
    const fromOneClient = createActionClient((request) =>
      handleActionRequest(request, env, { clientAddress: "203.0.113.7" }),
    );
    for (const store of stores) await fromOneClient.forget_password({ email: store.email });
    const mailed = await Promise.all(stores.map((store) => latestEmailTo(db(), store.email)));
    expect(mailed.filter(Boolean)).toHaveLength(10);
  });
});

describe("a burst of sign-ins in one isolate", () => {
  it("checks passwords in turn and refuses what would wait too long at once, with no 5xx", async () => {
    const client = clientOver("embedded");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        client.login({ email: `burst-${index}@factory.test`, password: "wrong-pass-1" }).then(
          () => ({ status: 200, messageKey: "" }),
          (error: { status: number; messageKey: string }) => ({ status: error.status, messageKey: error.messageKey }),
        ),
      ),
    );
    const busy = answers.filter(({ status, messageKey }) => status === 429 && messageKey === "busy-try-again");
    const checked = answers.filter(({ status }) => status === 401);
    expect(busy.length + checked.length).toBe(50);
    expect(checked.length).toBeGreaterThanOrEqual(MAX_WAITING);
    expect(busy.length).toBeGreaterThan(0);

    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM login_attempt WHERE email LIKE 'burst-%'").all<{
      n: number;
    }>();
    expect(results[0].n).toBe(checked.length);
  });
});

describe("a disabled account's sign-in notice", () => {
  it("is e-mailed at most once a Hong Kong day", async () => {
    const store = await createStore(db(), { disabled: true });
    let clock = new Date("2026-03-02T15:00:00.000Z");
    // The embedded transport without waitUntil: the e-mail is sent before the answer, so counts are final.
    const client = createActionClient(transports.embedded(() => clock));
    const rightPassword = async () => {
      await expectFailure(
        client.login({ email: store.email, password: store.password }),
        401,
        "incorrect-email-or-password",
      );
      return emailCountTo(store.email);
    };
    expect(await rightPassword()).toBe(1);
    clock = new Date("2026-03-02T15:59:00.000Z");
    expect(await rightPassword()).toBe(1);
    // 00:00 in Hong Kong.
    clock = new Date("2026-03-02T16:00:00.000Z");
    expect(await rightPassword()).toBe(2);
    expect(await rightPassword()).toBe(2);
  });
});
