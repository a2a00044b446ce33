import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createActionClient, type ActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { storeOfToken } from "../../backend/caller";
import { sha256Hex } from "../../backend/crypto";
import { CONTROL } from "../../backend/db/databases";
import { accountDirectory, disabledSignInNotices, sessions, storeAccounts, storeStaff } from "../../backend/db/schema";
import { MODULE_IDS } from "../../contract/modules";
import {
  createProviderStaff,
  createStore,
  createStoreStaff,
  disableAccount,
  shardDb,
  unique,
  waitForEmailTo,
} from "../helpers/factories";
import { expectFailure } from "./wire";

/** Every flow of an account, for stores on either shard: new stores alternate between SHARD_1 and SHARD_2. */
const shardEnv = { ...env, STORE_SHARDS: "SHARD_1,SHARD_2" };
const SHARDS = ["SHARD_1", "SHARD_2"] as const;

const STEP = 30_000;
const clock = { now: Math.floor(Date.now() / STEP) * STEP + STEP / 2 };
const transport = (request: Request) => handleActionRequest(request, shardEnv, { now: () => new Date(clock.now) });
const client = (token?: string): ActionClient => createActionClient(transport, token);
const codeAt = (secret: string, time: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: time });

const control = () => shardDb(env, CONTROL);

async function signedIn(email: string, password: string) {
  const { data } = await client().login({ email, password });
  if (!("token" in data)) throw new Error(`${email} signs in with two steps`);
  return { token: data.token, session: client(data.token) };
}

/** The session rows of a token in a database. */
const sessionsIn = async (binding: string, token: string) =>
  (
    await shardDb(env, binding)
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, await sha256Hex(token)))
  ).length;

const directoryRow = async (email: string) =>
  (await control().select().from(accountDirectory).where(eq(accountDirectory.email, email)))[0];

const resetLinkOf = (body: string) => {
  const [, id, token] = /\/reset-password\/(\d+)\/([A-Za-z0-9_.-]+)/.exec(body) ?? [];
  return { id: Number(id), token };
};

const newStaff = (email = `staff-${unique()}@example.test`) => ({
  name: `Staff ${unique()}`,
  email,
  role: "sales" as const,
  password_setup: "password" as const,
  password: "counter-pass-1",
  repeat_password: "counter-pass-1",
});

describe.each(SHARDS)("accounts of a store on %s", (shard) => {
  const shardOf = () => shardDb(env, shard);

  it("sign in with the session on the store's shard, staff added by the owner too, and log out", async () => {
    const store = await createStore(shardOf());
    const { token, session } = await signedIn(store.email, store.password);
    expect(storeOfToken(token)).toBe(store.applicationKey);
    expect(await sessionsIn(shard, token)).toBeGreaterThan(0);
    expect(await sessionsIn(CONTROL, token)).toBe(0);
    const key = { application_key: store.applicationKey };
    await session.get_store_account_data_by_application_key(key);

    const staff = newStaff();
    const { data } = await session.add_store_staff_data({ ...key, ...staff });
    expect(await directoryRow(staff.email)).toEqual({ email: staff.email, applicationKey: store.applicationKey });
    expect(await shardOf().select().from(storeStaff).where(eq(storeStaff.id, data.id))).toHaveLength(1);
    const staffSession = await signedIn(staff.email, staff.password);
    await staffSession.session.check_session({});

    await session.logout({});
    await expectFailure(session.get_store_account_data_by_application_key(key), 401, "token-expired");
  });

  it("locks an e-mail after 5 wrong passwords and tells a disabled account's owner why", async () => {
    const store = await createStore(shardOf());
    for (let tries = 0; tries < 5; tries++) {
      await expectFailure(
        client().login({ email: store.email, password: "wrong-pass-1" }),
        401,
        "incorrect-email-or-password",
      );
    }
    const locked = await client()
      .login({ email: store.email, password: store.password })
      .catch((failure: { status: number }) => failure.status);
    expect(locked).toBe(429);

    const other = await createStore(shardOf());
    await disableAccount(shardOf(), "store", other.email);
    await expectFailure(
      client().login({ email: other.email, password: other.password }),
      401,
      "incorrect-email-or-password",
    );
    expect((await waitForEmailTo(control(), other.email)).subject).toContain("Your back-office account");
    // The day's notice is kept with the account, on its shard.
    const notices = await shardOf()
      .select()
      .from(disabledSignInNotices)
      .where(and(eq(disabledSignInNotices.accountType, "store"), eq(disabledSignInNotices.accountId, other.id)));
    expect(notices).toHaveLength(1);
  });

  it("signs in with two steps: a code after enrolling, and a required enrolment for staff", async () => {
    const store = await createStore(shardOf());
    const key = { application_key: store.applicationKey };
    const { session } = await signedIn(store.email, store.password);
    const own = { account_type: "store" as const, account_id: store.id };
    const { data: enrolment } = await session.add_two_step_data(own);
    await session.update_two_step_data_by_account_type_and_account_id({
      ...own,
      code: codeAt(enrolment.secret, clock.now),
    });

    clock.now += STEP;
    const { data: challenge } = await client().login({ email: store.email, password: store.password });
    if (!("challenge" in challenge)) throw new Error("expected a challenge");
    expect(storeOfToken(challenge.challenge)).toBe(store.applicationKey);
    await expectFailure(
      client().add_two_step_session_data({ challenge: challenge.challenge, code: "000000" }),
      400,
      "invalid-payload",
    );
    const { data: second } = await client().add_two_step_session_data({
      challenge: challenge.challenge,
      code: codeAt(enrolment.secret, clock.now),
    });
    await client(second.token).get_store_account_data_by_application_key(key);

    await session.update_two_step_requirement_data_by_application_key({ ...key, required: true });
    const staff = await createStoreStaff(shardOf(), store.applicationKey);
    const { data: enrol } = await client().login({ email: staff.email, password: staff.password });
    if (!("challenge" in enrol)) throw new Error("expected an enrolment");
    expect(enrol.two_step).toBe("enrol");
    const { data: secret } = await client().get_two_step_enrolment_data_by_challenge({ challenge: enrol.challenge });
    const { data: enrolled } = await client().add_two_step_session_data({
      challenge: enrol.challenge,
      code: codeAt(secret.secret, clock.now),
    });
    expect(enrolled.recovery_codes).toHaveLength(10);
    await client(enrolled.token).check_session({});

    // Provider staff see the owner's second step on the shard and turn it off for an owner who lost their phone.
    const provider = await createProviderStaff(control());
    const { session: console } = await signedIn(provider.email, provider.password);
    expect((await console.get_store_account_two_step_data_by_application_key(key)).data.enabled).toBe(true);
    await console.delete_store_account_two_step_data_by_application_key(key);
    await signedIn(store.email, store.password);
  });

  it("resets a password by its e-mailed link, and sets an invited staff account's first one", async () => {
    const store = await createStore(shardOf());
    const old = await signedIn(store.email, store.password);
    await client().forget_password({ email: store.email, language: "en" });
    const reset = resetLinkOf((await waitForEmailTo(control(), store.email)).body);
    expect(storeOfToken(reset.token)).toBe(store.applicationKey);
    await client().reset_password({ ...reset, password: "brand-new-9", repeat_password: "brand-new-9" });
    await expectFailure(old.session.check_session({}), 401, "token-expired");
    const { session } = await signedIn(store.email, "brand-new-9");

    const invited = {
      ...newStaff(),
      password_setup: "invite" as const,
      password: undefined,
      repeat_password: undefined,
    };
    await session.add_store_staff_data({ application_key: store.applicationKey, ...invited });
    const link = resetLinkOf((await waitForEmailTo(control(), invited.email)).body);
    await client().reset_password({ ...link, password: "first-pass-9", repeat_password: "first-pass-9" });
    await signedIn(invited.email, "first-pass-9");
  });

  it("lets provider staff change the store's e-mail and password on its shard", async () => {
    const provider = await createProviderStaff(control());
    const { session: console } = await signedIn(provider.email, provider.password);
    const store = await createStore(shardOf());
    const key = { application_key: store.applicationKey };
    const [row] = await shardOf().select().from(storeAccounts).where(eq(storeAccounts.id, store.id));
    const email = `moved-${unique()}@example.test`;
    await console.update_store_account_data_by_application_key({
      ...key,
      store_name: row.storeName,
      sub_domain: row.subDomain ?? `shop-${unique()}`,
      email,
      cms_side_menu: [...MODULE_IDS],
      accept_language: ["zh-HK"],
      accept_currency: ["HKD"],
      enquiry_only: false,
      disabled: false,
      version: row.version,
    });
    expect(await directoryRow(email)).toMatchObject({ applicationKey: store.applicationKey });
    expect(await directoryRow(store.email)).toBeUndefined();
    await console.update_store_account_password_by_application_key({
      ...key,
      password: "given-pass-9",
      repeat_password: "given-pass-9",
    });
    await signedIn(email, "given-pass-9");
  });
});

describe("e-mails across shards", () => {
  it("places console-made stores on both shards, each signing in", async () => {
    const provider = await createProviderStaff(control());
    const { session: console } = await signedIn(provider.email, provider.password);
    const placed = new Set<string>();
    for (let made = 0; made < 4 && placed.size < 2; made++) {
      const email = `owner-${unique()}@example.test`;
      const { data } = await console.add_store_account_data({
        store_name: `Shard Shop ${unique()}`,
        sub_domain: `shard-${unique()}`,
        email,
        password: "initial-pass-1",
        cms_side_menu: [...MODULE_IDS],
        accept_language: ["zh-HK"],
        accept_currency: ["HKD"],
        enquiry_only: false,
      });
      const on = await Promise.all(
        SHARDS.map(
          async (binding) =>
            (
              await shardDb(env, binding)
                .select()
                .from(storeAccounts)
                .where(eq(storeAccounts.applicationKey, data.application_key))
            ).length,
        ),
      );
      expect(on.reduce((sum, count) => sum + count, 0)).toBe(1);
      placed.add(SHARDS[on.indexOf(1)]);
      expect(await directoryRow(email)).toMatchObject({ applicationKey: data.application_key });
      await signedIn(email, "initial-pass-1");
    }
    expect([...placed].sort()).toEqual([...SHARDS]);
  });

  it("refuses an e-mail another shard's account, or provider staff, signs in with", async () => {
    const first = await createStore(shardDb(env, "SHARD_1"));
    const second = await createStore(shardDb(env, "SHARD_2"));
    const owner = await signedIn(second.email, second.password);
    const key = { application_key: second.applicationKey };
    const refused = await expectFailure(
      owner.session.add_store_staff_data({ ...key, ...newStaff(first.email) }),
      409,
      "email-used",
    );
    expect(refused.fields).toEqual({ email: ["email-used"] });
    expect(await shardDb(env, "SHARD_2").select().from(storeStaff).where(eq(storeStaff.email, first.email))).toEqual(
      [],
    );

    const provider = await createProviderStaff(control());
    await expectFailure(owner.session.add_store_staff_data({ ...key, ...newStaff(provider.email) }), 409, "email-used");
    const { session: console } = await signedIn(provider.email, provider.password);
    await expectFailure(
      console.add_internal_account_data({
        email: first.email,
        name: "Taken",
        password: "worker-pass-1",
      }),
      409,
      "email-used",
    );

    // An e-mail a staff account gives up is free for another shard's account.
    const staff = newStaff();
    const { data } = await owner.session.add_store_staff_data({ ...key, ...staff });
    const [row] = await shardDb(env, "SHARD_2").select().from(storeStaff).where(eq(storeStaff.id, data.id));
    await owner.session.update_store_staff_data_by_application_key_and_id({
      ...key,
      id: data.id,
      name: row.name,
      email: `renamed-${unique()}@example.test`,
      role: "sales",
      permissions: {},
      sells_offline: false,
      location_access: "all",
      location_ids: [],
      disabled: false,
      version: row.version,
    });
    const firstOwner = await signedIn(first.email, first.password);
    await firstOwner.session.add_store_staff_data({ application_key: first.applicationKey, ...newStaff(staff.email) });
    expect(await directoryRow(staff.email)).toMatchObject({ applicationKey: first.applicationKey });
  });

  it("lets one of two concurrent claims of an e-mail on different shards win", async () => {
    const stores = await Promise.all(SHARDS.map((binding) => createStore(shardDb(env, binding))));
    const owners = await Promise.all(stores.map((store) => signedIn(store.email, store.password)));
    const email = `contested-${unique()}@example.test`;
    const answers = await Promise.all(
      owners.map(({ session }, index) =>
        session.add_store_staff_data({ application_key: stores[index].applicationKey, ...newStaff(email) }).then(
          () => 200,
          (failure: { status: number; messageKey: string }) => `${failure.status} ${failure.messageKey}`,
        ),
      ),
    );
    expect([...answers].sort()).toEqual([200, "409 email-used"]);
    const winner = stores[answers.indexOf(200)];
    expect(await directoryRow(email)).toMatchObject({ applicationKey: winner.applicationKey });
    const rows = await Promise.all(
      SHARDS.map((binding) => shardDb(env, binding).select().from(storeStaff).where(eq(storeStaff.email, email))),
    );
    expect(rows.flat()).toHaveLength(1);
  });
});
