import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { ActionFailure, createActionClient, type ActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { sessions, twoSteps } from "../../backend/db/schema";
import type { AccountType, LoginData } from "../../contract/actions";
import { createProviderStaff, createStore, createStoreStaff } from "../../tests/helpers/factories";
import { countAfresh, newRecording, recordingEnv } from "../../tests/integration/recording-d1";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  TRANSPORT_NAMES,
  transports,
  type TransportName,
} from "../../tests/integration/wire";

/** The code an authenticator app shows for `secret` at `time` (RFC 6238: SHA-1, 6 digits, 30 s). */
const codeAt = (secret: string, time: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: time });

const STEP = 30_000;

/** Clients whose backend reads the time from `clock.now`, so a test moves between TOTP steps. */
function clockedClients() {
  // The middle of a step, so ±1 step of window never reaches into a step the test uses next.
  const clock = { now: Math.floor(Date.now() / STEP) * STEP + STEP / 2 };
  const transport = transports.embedded(() => new Date(clock.now));
  return { clock, client: (token?: string) => createActionClient(transport, token) };
}

type Account = { type: AccountType; id: number; email: string; password: string };
const own = (account: Account) => ({ account_type: account.type, account_id: account.id });

async function signedIn(client: (token?: string) => ActionClient, account: Account) {
  const { data } = await client().login({ email: account.email, password: account.password });
  if (!("token" in data)) throw new Error("expected a session");
  return client(data.token);
}

/** Enrols the account (signed in without two steps); answers its secret and recovery codes. */
async function enrol(client: (token?: string) => ActionClient, clock: { now: number }, account: Account) {
  const session = await signedIn(client, account);
  const { data: enrolment } = await session.add_two_step_data(own(account));
  const { data } = await session.update_two_step_data_by_account_type_and_account_id({
    ...own(account),
    code: codeAt(enrolment.secret, clock.now),
  });
  return { secret: enrolment.secret, recoveryCodes: data.recovery_codes, session };
}

async function challengeOf(client: ActionClient, account: Account) {
  const { data } = await client.login({ email: account.email, password: account.password });
  if (!("challenge" in data)) throw new Error("expected a two-step challenge");
  return data;
}

const sessionsOf = (account: Account) =>
  db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountType, account.type), eq(sessions.accountId, account.id)));

async function storeAccount(): Promise<Account> {
  const store = await createStore(db());
  return { type: "store", id: store.id, email: store.email, password: store.password };
}

describe.each(TRANSPORT_NAMES)("two-step sign-in over the %s transport", (transport: TransportName) => {
  it("enrols with a first code, then signs in with a code; the secret is stored encrypted", async () => {
    const store = await createStore(db());
    const account: Account = { type: "store", id: store.id, email: store.email, password: store.password };
    const client = await signedIn((token) => clientOver(transport, token), account);

    const { data: enrolment } = await client.add_two_step_data(own(account));
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Merchant%20Back%20Office:merchant-.*secret=[A-Z2-7]+/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect((await client.get_two_step_data_by_account_type_and_account_id(own(account))).data).toMatchObject({
      enabled: false,
      pending: { secret: enrolment.secret },
    });
    const [stored] = await db().select().from(twoSteps).where(eq(twoSteps.accountId, store.id));
    expect(stored.secretCiphertext).not.toContain(enrolment.secret);

    const wrong = await expectFailure(
      client.update_two_step_data_by_account_type_and_account_id({ ...own(account), code: "000000" }),
      400,
      "invalid-payload",
    );
    expect(wrong.fields).toEqual({ code: ["two-step-code-incorrect"] });
    const code = codeAt(enrolment.secret, Date.now());
    const { data } = await client.update_two_step_data_by_account_type_and_account_id({ ...own(account), code });
    expect(data.recovery_codes).toHaveLength(10);
    expect(new Set(data.recovery_codes).size).toBe(10);
    for (const code of data.recovery_codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await client.get_two_step_data_by_account_type_and_account_id(own(account))).data).toMatchObject({
      enabled: true,
      pending: null,
      recovery_codes_left: 10,
    });

    const sessionsBefore = (await sessionsOf(account)).length;
    const { data: login } = await clientOver(transport).login(account);
    expect(login).toEqual({ two_step: "code", challenge: expect.any(String) });
    expect(await sessionsOf(account)).toHaveLength(sessionsBefore);
    // The enrolment's code: already accepted.
    const reused = await expectFailure(
      clientOver(transport).add_two_step_session_data({ challenge: (login as { challenge: string }).challenge, code }),
      400,
      "invalid-payload",
    );
    expect(reused.fields).toEqual({ code: ["two-step-code-used"] });
  });
});

describe("two-step sign-in", () => {
  it("accepts a code once: the same code again, on the same or another sign-in, is refused", async () => {
    const { clock, client } = clockedClients();
    const account = await storeAccount();
    const { secret } = await enrol(client, clock, account);
    clock.now += STEP;
    const code = codeAt(secret, clock.now);

    const first = await challengeOf(client(), account);
    const { data } = await client().add_two_step_session_data({ challenge: first.challenge, code });
    expect(data).toMatchObject({ account_type: "store", account_id: account.id, token: expect.any(String) });
    expect(data).not.toHaveProperty("recovery_codes");
    await client((data as LoginData).token).check_session({});

    await expectFailure(
      client().add_two_step_session_data({ challenge: first.challenge, code }),
      401,
      "two-step-expired",
    );
    const second = await challengeOf(client(), account);
    const replay = await expectFailure(
      client().add_two_step_session_data({ challenge: second.challenge, code }),
      400,
      "invalid-payload",
    );
    // A right code already spent: the person is told to wait for the next one, not that it is wrong.
    expect(replay.fields).toEqual({ code: ["two-step-code-used"] });
    // Within its window the next step's code still works on that same challenge.
    const { data: next } = await client().add_two_step_session_data({
      challenge: second.challenge,
      code: codeAt(secret, clock.now + STEP),
    });
    expect(next).toMatchObject({ token: expect.any(String) });
  });

  it("lets exactly one of two sign-ins racing with one code win", async () => {
    const { clock, client } = clockedClients();
    const account = await storeAccount();
    const { secret } = await enrol(client, clock, account);
    clock.now += STEP;
    const code = codeAt(secret, clock.now);
    const challenges = [await challengeOf(client(), account), await challengeOf(client(), account)];
    const sessionsBefore = (await sessionsOf(account)).length;

    const outcomes = await Promise.allSettled(
      challenges.map(({ challenge }) => client().add_two_step_session_data({ challenge, code })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(((refused as PromiseRejectedResult).reason as ActionFailure).status).toBe(400);
    expect(await sessionsOf(account)).toHaveLength(sessionsBefore + 1);
  });

  it("signs in with a recovery code once, as typed in capitals or without its hyphen", async () => {
    const { clock, client } = clockedClients();
    const account = await storeAccount();
    const { recoveryCodes, session } = await enrol(client, clock, account);
    const [code] = recoveryCodes;

    const { data } = await client().add_two_step_session_data({
      challenge: (await challengeOf(client(), account)).challenge,
      code: code.toUpperCase(),
    });
    expect(data).toMatchObject({ token: expect.any(String) });
    await expectFailure(
      client().add_two_step_session_data({
        challenge: (await challengeOf(client(), account)).challenge,
        code: code.replace("-", ""),
      }),
      400,
      "invalid-payload",
    );
    expect(
      (await session.get_two_step_data_by_account_type_and_account_id(own(account))).data.recovery_codes_left,
    ).toBe(9);
  });

  it("counts wrong codes toward the e-mail's lockout, for the code and the password alike", async () => {
    const { clock, client } = clockedClients();
    const account = await storeAccount();
    const { secret } = await enrol(client, clock, account);
    clock.now += STEP;
    const { challenge } = await challengeOf(client(), account);

    for (let attempt = 0; attempt < 5; attempt++) {
      await expectFailure(client().add_two_step_session_data({ challenge, code: "000000" }), 400, "invalid-payload");
    }
    await expectFailure(
      client().add_two_step_session_data({ challenge, code: codeAt(secret, clock.now) }),
      429,
      "try-again-after-minutes:15",
    );
    await expectFailure(client().login(account), 429, "try-again-after-minutes:15");
  });

  it("sends an account that must enrol from its password to enrolment, and grants its session only after a first code", async () => {
    const { clock, client } = clockedClients();
    const store = await createStore(db());
    const owner = await signedIn(client, { type: "store", ...store });
    const staff = await createStoreStaff(db(), store.applicationKey);
    const account: Account = { type: "store_staff", ...staff };

    await owner.update_two_step_requirement_data_by_application_key({
      application_key: store.applicationKey,
      required: true,
    });
    expect(
      (await owner.get_two_step_requirement_data_by_application_key({ application_key: store.applicationKey })).data,
    ).toEqual({ required: true });
    expect((await logOf(store.applicationKey)).at(-1)).toMatchObject({
      action: "edit",
      data_type: "store_setting_data",
      actor_email: store.email,
      changes: { two_step_required: [false, true] },
    });

    const { challenge, two_step } = await challengeOf(client(), account);
    expect(two_step).toBe("enrol");
    expect(await sessionsOf(account)).toEqual([]);
    const { data: enrolment } = await client().get_two_step_enrolment_data_by_challenge({ challenge });
    // Reloading the enrolment page shows the same secret.
    expect((await client().get_two_step_enrolment_data_by_challenge({ challenge })).data).toEqual(enrolment);
    await expectFailure(client().add_two_step_session_data({ challenge, code: "abcde-fghij" }), 400, "invalid-payload");
    expect(await sessionsOf(account)).toEqual([]);

    const { data } = await client().add_two_step_session_data({
      challenge,
      code: codeAt(enrolment.secret, clock.now),
    });
    expect(data).toMatchObject({ account_type: "store_staff", token: expect.any(String) });
    expect(data.recovery_codes).toHaveLength(10);
    const session = client((data as LoginData).token);
    expect((await session.get_two_step_data_by_account_type_and_account_id(own(account))).data).toMatchObject({
      enabled: true,
      required: true,
    });
    clock.now += STEP;
    await expectFailure(
      session.delete_two_step_data_by_account_type_and_account_id({
        ...own(account),
        code: codeAt(enrolment.secret, clock.now),
      }),
      409,
      "two-step-required",
    );
  });

  it("sends provider staff to enrolment once the provider requires it", async () => {
    const { client } = clockedClients();
    const admin = await createProviderStaff(db());
    const other = await createProviderStaff(db());
    const console = await signedIn(client, { type: "console", ...admin });
    try {
      await console.update_two_step_requirement_data_by_account_type({ account_type: "console", required: true });
      expect((await console.get_two_step_requirement_data_by_account_type({ account_type: "console" })).data).toEqual({
        required: true,
      });
      expect((await challengeOf(client(), { type: "console", ...other })).two_step).toBe("enrol");
    } finally {
      await console.update_two_step_requirement_data_by_account_type({ account_type: "console", required: false });
    }
    expect((await client().login(other)).data).toMatchObject({ token: expect.any(String) });
  });

  it("turns off only with a current code or a recovery code, and only the caller's own", async () => {
    const { clock, client } = clockedClients();
    const account = await storeAccount();
    const other = await storeAccount();
    const { secret, session } = await enrol(client, clock, account);
    clock.now += STEP;

    await expectFailure(
      session.delete_two_step_data_by_account_type_and_account_id({ ...own(other), code: codeAt(secret, clock.now) }),
      403,
      "forbidden",
    );
    await expectFailure(session.get_two_step_data_by_account_type_and_account_id(own(other)), 403, "forbidden");
    await expectFailure(
      session.delete_two_step_data_by_account_type_and_account_id({ ...own(account), code: "000000" }),
      400,
      "invalid-payload",
    );
    expect((await session.get_two_step_data_by_account_type_and_account_id(own(account))).data.enabled).toBe(true);

    await session.delete_two_step_data_by_account_type_and_account_id({
      ...own(account),
      code: codeAt(secret, clock.now),
    });
    expect((await session.get_two_step_data_by_account_type_and_account_id(own(account))).data).toMatchObject({
      enabled: false,
      pending: null,
    });
    expect((await client().login(account)).data).toMatchObject({ token: expect.any(String) });
  });

  it("lets provider staff reset a store account's two-step sign-in, in the store's log", async () => {
    const { clock, client } = clockedClients();
    const store = await createStore(db());
    const account: Account = { type: "store", ...store };
    await enrol(client, clock, account);
    const staff = await createProviderStaff(db());
    const console = await signedIn(client, { type: "console", ...staff });

    const key = { application_key: store.applicationKey };
    expect((await console.get_store_account_two_step_data_by_application_key(key)).data).toMatchObject({
      enabled: true,
      enabled_at: expect.any(String),
    });

    await console.delete_store_account_two_step_data_by_application_key(key);
    // Once off, another reset has nothing to do and logs nothing.
    const entries = (await logOf(store.applicationKey)).length;
    await console.delete_store_account_two_step_data_by_application_key(key);
    expect(await logOf(store.applicationKey)).toHaveLength(entries);
    expect((await console.get_store_account_two_step_data_by_application_key(key)).data).toEqual({
      enabled: false,
      enabled_at: null,
    });

    expect((await logOf(store.applicationKey)).at(-1)).toMatchObject({
      action: "edit",
      data_type: "store_account_data",
      record_id: String(store.id),
      actor_email: staff.email,
      changes: { two_step: [true, false] },
    });
    expect((await client().login(account)).data).toMatchObject({ token: expect.any(String) });
  });

  it("makes at most two database round trips per action (the sign-in's steps of a store on a shard: those of the control database's lockout more), each query through an index", async () => {
    const clock = { now: Math.floor(Date.now() / STEP) * STEP + STEP / 2 };
    const recording = newRecording();
    const recordedEnv = recordingEnv(env, recording);
    const client = (token?: string) =>
      createActionClient(
        (request) => handleActionRequest(request, recordedEnv, { now: () => new Date(clock.now) }),
        token,
      );
    const account = await storeAccount();
    const counted = async <T>(call: Promise<T>) => {
      countAfresh(recording);
      const result = await call;
      return { result, roundTrips: recording.roundTrips };
    };
    const roundTrips: Record<string, number> = {};

    const session = await signedIn(client, account);
    const started = await counted(session.add_two_step_data(own(account)));
    roundTrips.add_two_step_data = started.roundTrips;
    const secret = started.result.data.secret;
    roundTrips.get = (await counted(session.get_two_step_data_by_account_type_and_account_id(own(account)))).roundTrips;
    roundTrips.update = (
      await counted(
        session.update_two_step_data_by_account_type_and_account_id({
          ...own(account),
          code: codeAt(secret, clock.now),
        }),
      )
    ).roundTrips;
    clock.now += STEP;
    const login = await counted(client().login(account));
    roundTrips.login = login.roundTrips;
    const { challenge } = login.result.data as { challenge: string };
    roundTrips.wrong = (
      await counted(
        client()
          .add_two_step_session_data({ challenge, code: "000000" })
          .catch(() => null),
      )
    ).roundTrips;
    roundTrips.session = (
      await counted(client().add_two_step_session_data({ challenge, code: codeAt(secret, clock.now) }))
    ).roundTrips;
    clock.now += STEP;
    roundTrips.delete = (
      await counted(
        session.delete_two_step_data_by_account_type_and_account_id({
          ...own(account),
          code: codeAt(secret, clock.now),
        }),
      )
    ).roundTrips;

    // A store account on a shard: the lockout counts wrong codes and passwords by e-mail in the control database,
    // and a sign-in finds the account's shard there first, so the sign-in's steps wait for one or two more.
    const crossDatabase: Record<string, number> = { login: 3, session: 4, delete: 3 };
    expect(Object.entries(roundTrips).filter(([name, count]) => count > (crossDatabase[name] ?? 2))).toEqual([]);
    // And each of their statements (the sign-in's reads by e-mail too) finds its rows through an index.
    const scans: string[] = [];
    for (const { sql, params } of recording.statements) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      for (const { detail } of results)
        if (/^SCAN (?!\d+-ROW VALUES CLAUSE)/.test(detail)) scans.push(`${detail} in ${sql}`);
    }
    expect(scans).toEqual([]);
  });
});
