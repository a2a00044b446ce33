import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import {
  ActionFailure,
  createActionClient,
  remoteTransport,
  type Transport,
} from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import type { BaseExampleRecords, ExampleRecords } from "../../contract/examples";
import type { ExampleRecordsMaker, SharedExampleRecords } from "../helpers/example-records";
import { CONTROL, d1Of, placementOf } from "../../backend/db/databases";
import {
  createMember,
  createProduct,
  createStore,
  createUploadedImage,
  moduleExampleRecords,
  shardDb,
  type ShardDb,
} from "../helpers/factories";

/**
 * The shard the tests' stores live on: each half of the suite (scripts/test-integration.sh) puts its stores on one
 * of the two, and factories register them in the control database's directory.
 */
export const db = () => shardDb(env, env.TEST_STORE_SHARD);

/** The tests' stores' shard as a D1 database, for a test's own SQL. */
export const storeD1 = () => d1Of(env, env.TEST_STORE_SHARD);

/** The database a store lives in, as the directory says: for a store made through an action, not a factory. */
export async function whereStoreLives(applicationKey: string) {
  const placement = await placementOf(control(), applicationKey);
  return shardDb(env, placement!.shard);
}

/** The control database: provider staff, plans, the directories and the outbox. */
export const control = () => shardDb(env, CONTROL);

/** The BFF's two transports: the backend in-process, and over HTTP to the backend Worker (SELF). */
export const transports = {
  embedded:
    (now?: () => Date): Transport =>
    (request) =>
      handleActionRequest(request, env, { now }),
  remote: (): Transport => remoteTransport("http://backend.test/api/action", (input, init) => SELF.fetch(input, init)),
};
export type TransportName = keyof typeof transports;
export const TRANSPORT_NAMES = Object.keys(transports) as TransportName[];

export function clientOver(name: TransportName, token?: string) {
  return createActionClient(transports[name](), token);
}

export async function signIn(name: TransportName, email: string, password: string) {
  const { data } = await clientOver(name).login({ email, password });
  if (!("token" in data)) throw new Error(`${email} signs in with two steps: see modules/two-step/integration.test.ts`);
  return data.token;
}

/** A new store (see createStore's options) and a client signed in as its owner over this transport. */
export async function merchant(transport: TransportName, options: Parameters<typeof createStore>[1] = {}) {
  const store = await createStore(db(), options);
  const client = clientOver(transport, await signIn(transport, store.email, store.password));
  return { store, client, key: { application_key: store.applicationKey } };
}

/** A store's activity log, oldest entry first, with `changes` parsed. */
export async function logOf(applicationKey: string) {
  const { results } = await storeD1()
    .prepare(
      `SELECT action, data_type, record_id, record_name_zh_hk, record_name_en, actor_email, changes
     FROM log WHERE application_key = ? ORDER BY id`,
    )
    .bind(applicationKey)
    .all<{
      action: string;
      data_type: string;
      record_id: string;
      record_name_zh_hk: string | null;
      record_name_en: string | null;
      actor_email: string;
      changes: string;
    }>();
  return results.map((row) => ({ ...row, changes: JSON.parse(row.changes) as Record<string, [unknown, unknown]> }));
}

/** Asserts that an action call failed with this HTTP status and message key. */
/** The e-mails sent to `recipient` (the local outbox), oldest first. */
export async function emailsTo(recipient: string) {
  const { results } = await env.DB.prepare("SELECT subject, body FROM email_outbox WHERE recipient = ? ORDER BY id")
    .bind(recipient)
    .all<{ subject: string; body: string }>();
  return results;
}

export async function expectFailure(call: Promise<unknown>, status: number, message: string) {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ActionFailure);
  expect({ status: (error as ActionFailure).status, message: (error as ActionFailure).messageKey }).toEqual({
    status,
    message,
  });
  return error as ActionFailure;
}

/** Hits of this hour in a store's rate-limit bucket (backend/rate-limit.ts, on its shard), as if that many requests had come. */
export async function fillRateLimitBucket(bucket: string, hits: number) {
  await storeD1()
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO rate_limit_hit (bucket, created_at) SELECT ?, ? FROM n`,
    )
    .bind(hits, bucket, new Date().toISOString())
    .run();
}

/** A raw wire request, for what the typed client cannot send. */
export function postRaw(body: BodyInit, headers: Record<string, string> = {}) {
  return SELF.fetch("http://backend.test/api/action", { method: "POST", body, headers });
}

/**
 * A store with a record of every kind an example payload names; its plan has cash dollar and its setting
 * has it on, with a welcome amount, so the cash-dollar actions and the welcome credit run too. It lives on `on`'s
 * shard (the control database's by default).
 */
export async function storeWithRecords(
  on: ShardDb = db(),
): Promise<ExampleRecords & { email: string; password: string }> {
  const store = await createStore(on, { hasCashDollar: true, cashDollarEnabled: true, welcomeCashDollarCents: 500 });
  const key = store.applicationKey;
  const [product, member, imageUrl] = await Promise.all([
    createProduct(on, key),
    createMember(on, key),
    createUploadedImage(on, key),
  ]);
  const base: BaseExampleRecords = {
    application_key: key,
    product_code: product.productCode,
    member_id: member.id,
    uploaded_image_url: imageUrl,
  };
  const made = new Map<ExampleRecordsMaker<unknown>, Promise<unknown>>();
  const shared: SharedExampleRecords = {
    ...base,
    email: store.email,
    session_secret: env.SESSION_SECRET,
    of<R>(make: ExampleRecordsMaker<R>) {
      if (!made.has(make)) made.set(make, make(on, shared));
      return made.get(make) as Promise<R>;
    },
  };
  return { email: store.email, password: store.password, ...base, ...(await moduleExampleRecords(shared)) };
}
