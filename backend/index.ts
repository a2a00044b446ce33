import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as z from "zod";
import { BATCH_FIELD, BOOKMARK_HEADER, isReadAction, MAX_BATCH, payloads, type ActionName } from "../contract/actions";
import {
  ACCESS_STAMP_HEADER,
  accessStamp,
  allows,
  mayRefund,
  maySellOffline,
  permissionFor,
} from "../contract/permissions";
import type { ModuleId } from "../contract/modules";
import { hongKongDate } from "../contract/dates";
import { expireGiftCards } from "../modules/gift-card/expiry";
import { UPLOAD_ACTION, UPLOAD_FIELDS, UPLOADED_FILE_URL } from "../modules/upload/contract";
import { registry } from "./actions";
import { issueBirthdayCoupons } from "./birthday-coupons";
import { remindBookings } from "./booking-reminders";
import { cancelUnpaidOrders } from "./order-workflow";
import {
  accountKey,
  callerQuery,
  sessionAccountKey,
  storeOfToken,
  toCaller,
  type Caller,
  type CallerRow,
} from "./caller";
import { sha256Hex } from "./crypto";
import { refreshCurrentPlan, storeModulesQueries, toStoreModules } from "./current-plan";
import { batchOf, createDb, type Db } from "./db/client";
import { CONTROL, d1Of, everyDatabase, RequestDatabases, type StoreDatabase } from "./db/databases";
import { StoreScope } from "./db/scope";
import type { BackendEnv } from "./env";
import { isCrossSiteBrowserRequest } from "./cross-site";
import { ActionError, forbidden } from "./errors";
import { pruneOldLog } from "./log-pruning";
import { createMailer } from "./mail";
import { renewMonthlyFees } from "./monthly-fee-renewal";
import { remindUnpaidOrders } from "./payment-reminder";
import { testPaymentGateway, type PaymentGateway } from "./payment-gateway";
import { runPushDeliveries } from "./push-delivery";
import { cachedReply } from "./public-cache";
import { deleteExpiredRateLimitHits } from "./rate-limit";
import { WithExtra, type ActionDefinition, type BaseContext, type PublicClient } from "./registry";
import { websiteClaimOf, websiteKeyMatchQuery, type WebsiteClaim } from "./website-key";

export const ACTION_PATH = "/api/action";

export interface BackendOptions {
  /** The clock; tests move it forward. */
  now?: () => Date;
  /** The Worker's waitUntil; without it, work meant for after the reply is done before it. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Where the request came from: the browser's address when the pages call in-process. */
  clientAddress?: string | null;
  /** The card payment gateway (the local test adapter unless given); tests watch its charges. */
  paymentGateway?: PaymentGateway;
}

/**
 * The daily job (00:00 in Hong Kong): plans that start today become their stores' current plan, the
 * month's birthday coupons are issued (on the 1st; later days catch up), monthly fees renew and their
 * reminders go out (backend/monthly-fee-renewal.ts), gift cards past their expiry day lose their balance
 * (modules/gift-card/expiry.ts), rate-limit counts past their window are dropped, and log entries past their
 * keeping time are pruned.
 */
export async function runDailyJobs(env: BackendEnv, now = new Date()) {
  const mailer = createMailer(createDb(env.DB), env, now);
  await eachDatabase(env, async (db) => {
    await refreshCurrentPlan(db, hongKongDate(now));
    await issueBirthdayCoupons(db, now);
    await renewMonthlyFees(db, mailer, env, now);
    await expireGiftCards(db, now);
    await deleteExpiredRateLimitHits(db, now);
    await pruneOldLog(db, now);
  });
}

/**
 * The hourly job: unpaid online orders past their store's limit are cancelled (backend/order-workflow.ts), then
 * unpaid orders past their store's reminder hours are reminded, once (backend/payment-reminder.ts), and so are
 * appointments, class bookings and rentals due back within their store's reminder hours (backend/booking-reminders.ts).
 */
export async function runHourlyJobs(env: BackendEnv, now = new Date()) {
  const mailer = createMailer(createDb(env.DB), env, now);
  await eachDatabase(env, async (db) => {
    await cancelUnpaidOrders(db, now);
    await remindUnpaidOrders(db, mailer, env, now);
    await remindBookings(db, mailer, env, now);
  });
}

/** The minute job: due push notifications are sent (backend/push-delivery.ts). */
export async function runMinuteJobs(env: BackendEnv, now = new Date()) {
  await eachDatabase(env, (db) => runPushDeliveries(db, env, now));
}

/**
 * A job's work in every database, one after another (the mail they send goes to the control database's outbox). Each
 * job leaves a moving store's rows alone (`notMoving`, backend/db/store-moving.ts).
 */
async function eachDatabase(env: BackendEnv, work: (db: Db) => Promise<unknown>) {
  for (const binding of everyDatabase(env)) await work(createDb(d1Of(env, binding)));
}

/** wrangler.toml's crons: the daily job at 00:00 Hong Kong time, the hourly one every hour, the push job every minute. */
export const DAILY_CRON = "0 16 * * *";
export const MINUTE_CRON = "* * * * *";

/** A cron trigger's job, by the trigger's schedule. */
export function runScheduledJobs(cron: string, env: BackendEnv, now = new Date()) {
  if (cron === DAILY_CRON) return runDailyJobs(env, now);
  return cron === MINUTE_CRON ? runMinuteJobs(env, now) : runHourlyJobs(env, now);
}

/** The action endpoint: POST one form field named after the action, its value the JSON payload. */
export async function handleActionRequest(request: Request, env: BackendEnv, options: BackendOptions = {}) {
  try {
    return await dispatch(request, env, options.now?.() ?? new Date(), options);
  } catch (error) {
    return fail(error instanceof ActionError ? error : unexpected(error));
  }
}

function unexpected(error: unknown) {
  console.error("action failed", error);
  return new ActionError(500, "save-fail");
}

async function dispatch(request: Request, env: BackendEnv, now: Date, options: BackendOptions): Promise<Response> {
  if (request.method !== "POST") throw new ActionError(400, "bad-request");
  // Our pages call in-process and store sites from their servers: no action answers another site's browser.
  if (isCrossSiteBrowserRequest(request)) throw forbidden();
  const form = await request.formData().catch(() => {
    throw new ActionError(400, "bad-request");
  });
  const batch = form.get(BATCH_FIELD);
  const names = [...form.keys()].filter((key) => registry.has(key));
  const reads = typeof batch === "string" || (names.length === 1 && isReadAction(names[0]));
  const databases = new RequestDatabases(env, reads, bookmarksOf(request));
  const token = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  const after = afterReply(options.waitUntil);
  const shared: Shared = {
    databases,
    access: memoizedAccess(databases, token, now),
    base: {
      env,
      now,
      databases,
      mailer: createMailer(databases.control, env, now),
      clientAddress: options.clientAddress ?? request.headers.get("CF-Connecting-IP"),
      websiteKeyed: false,
      paymentGateway: options.paymentGateway ?? testPaymentGateway,
      afterReply: after,
      sendPushNow: (applicationKey, id) =>
        after(async () =>
          runPushDeliveries((await databases.ofStore(applicationKey)).db, env, now, { applicationKey, id }),
        ),
    },
    seen: { caller: null },
    website: reads ? null : await websiteClaimOf(request),
  };

  if (typeof batch === "string") return runBatch(batch, token, shared);
  if (names.length !== 1) throw new ActionError(400, "unknown-action");
  const name = names[0] as ActionName;
  const extraFields = name === UPLOAD_ACTION ? uploadFields(form) : {};
  // A refusal carries the access stamp too: a 403 after the merchant lowered a permission is how a page learns of it.
  const payload = parsePayload(payloads[name], form.get(name), extraFields);
  const answer = () =>
    runAction(name, payload, shared).then(replyOf, (error: unknown) =>
      fail(error instanceof ActionError ? error : unexpected(error)),
    );
  const { cacheSeconds } = registry.get(name)!;
  const reply =
    cacheSeconds && token === undefined
      ? await cachedReply(name, payload as object, cacheSeconds, answer, keepAfterReply(options.waitUntil))
      : await answer();
  if (!reads) {
    const bookmarks = databases.bookmarksAfter();
    if (bookmarks.size > 0) reply.headers.set(BOOKMARK_HEADER, bookmarkHeader(bookmarks));
  }
  return withAccessStamp(reply, shared.seen.caller);
}

/** What a bookmark looks like (hex groups joined by dashes), and a binding's name; anything else is ignored. */
const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+)*$/i;
const BINDING = /^[A-Z][A-Z0-9_]{0,31}$/;

/**
 * The caller's bookmark in each database (`DB=…;SHARD_1=…`, as the last write's reply gave them): reads go to the
 * nearest replica that has at least the caller's last write there, or to any replica; writes, and whatever they
 * read first, go to the primary.
 */
function bookmarksOf(request: Request): Map<string, string> {
  const header = request.headers.get(BOOKMARK_HEADER) ?? "";
  if (header.length > 2_000) return new Map();
  return new Map(
    header.split(";").flatMap((entry) => {
      const [binding, bookmark] = entry.split("=");
      return BINDING.test(binding ?? "") && bookmark && bookmark.length <= 200 && BOOKMARK.test(bookmark)
        ? [[binding, bookmark] as const]
        : [];
    }),
  );
}

const bookmarkHeader = (bookmarks: Map<string, string>) =>
  [...bookmarks].map(([binding, bookmark]) => `${binding}=${bookmark}`).join(";");

interface Shared {
  databases: RequestDatabases;
  access: ReturnType<typeof memoizedAccess>;
  base: BaseContext;
  /** The caller the request's actions were answered for, once known. */
  seen: { caller: Caller | null };
  /** A write's website key and forwarded visitor address, when it sent both (checked by `runAction`). */
  website: WebsiteClaim | null;
}

/** A store staff caller's current role, permissions and locations, for the pages to compare with what they cached. */
function withAccessStamp(response: Response, caller: Caller | null): Response {
  if (caller?.accountType === "store_staff" && caller.role) {
    response.headers.set(
      ACCESS_STAMP_HEADER,
      accessStamp(caller.role, caller.permissions, caller.sellsOffline, caller.locations),
    );
  }
  return response;
}

/** One action of the request: its caller, permission and store checks, then its handler. */
async function runAction(name: ActionName, input: unknown, { databases, access, base, seen, website }: Shared) {
  const definition = registry.get(name)!;
  const target = await targetOf(definition, input, databases, access);
  const { db } = target;
  const store = definition.permission.startsWith("store")
    ? new StoreScope(db, (input as StorePayload).application_key)
    : null;
  const needed = moduleAccess(definition, input);
  const claim = store ? null : websiteClaimFor(db, definition, input, website);
  const direct: PublicClient = { clientAddress: base.clientAddress, websiteKeyed: false };
  const readsFor = (client: PublicClient): Reads =>
    definition.reads?.(input as never, { db, now: base.now, ...client } as never) ?? [];
  const keyed = claim && keyedBatch(claim, readsFor(claim.client), readsFor(direct), direct);
  const reads = store
    ? (definition.reads?.(
        input as never,
        { store, now: base.now, callerAccount: await access.callerAccount(target) } as never,
      ) ?? [])
    : keyed
      ? keyed.queries
      : readsFor(direct);
  const storeHome = definition.storeReads ? await databases.ofStore((input as StorePayload).application_key) : null;
  const storeReads: Reads = storeHome ? definition.storeReads!(input as never, storeHome.db) : [];
  const together = storeHome?.binding === target.binding;
  const [answered, storeRows] = await Promise.all([
    access(target, store, needed !== null, together ? [...reads, ...storeReads] : reads),
    storeHome && !together ? batchOf(storeHome.db, storeReads) : null,
  ]);
  const { caller, modules } = answered;
  const actionRows = together ? answered.read.slice(0, reads.length) : answered.read;
  const [read, client] = keyed ? keyed.pick(actionRows) : [actionRows, direct];
  seen.caller = caller;
  if (definition.permission !== "public" && !caller) {
    throw new ActionError(401, access.hadToken ? "token-expired" : "login-expired");
  }
  if (store) {
    refuseForeignUploads(input, store.applicationKey);
    checkStoreAccess(definition, caller!, store, needed, modules);
  }
  // A store on its way to another shard takes no write, neither its website's nor its users' own (two-step sign-in,
  // signing out): the copy would leave it behind. check_session only reads.
  if (target.movingTo !== null && !isReadAction(name) && name !== "check_session") {
    throw new ActionError(503, "store-moving");
  }
  if (definition.permission === "console" && caller!.accountType !== "console") throw forbidden();
  if (storeHome && storeHome.movingTo !== null && !isReadAction(name)) throw new ActionError(503, "store-moving");
  const context = store ? { ...base, caller, store } : { ...base, ...client, caller, db };
  const whereStoreLives = storeHome && {
    home: storeHome,
    read: storeRows ?? answered.read.slice(reads.length),
  };
  return definition.handler(input as never, context as never, read as never, whereStoreLives as never);
}

/**
 * The database an action works in: a store's own (a store action's, or a public action's naming a store by
 * `application_key`), the caller's own for the caller's session, else the control database.
 */
async function targetOf(
  definition: ActionDefinition,
  input: unknown,
  databases: RequestDatabases,
  access: ReturnType<typeof memoizedAccess>,
): Promise<StoreDatabase> {
  const applicationKey =
    definition.storeOf?.(input as never) ?? (input as Partial<StorePayload> | null)?.application_key;
  const namesStore = definition.permission.startsWith("store") || definition.permission === "public";
  if (namesStore && typeof applicationKey === "string") return databases.ofStore(applicationKey);
  if (definition.permission === "session") return access.home();
  return { binding: CONTROL, db: databases.control, movingTo: null };
}

/**
 * A public write naming a store (`application_key`) that came with a website key and a visitor's address:
 * the check of the key against the store's, to run in the action's first batch, and the client it vouches for.
 */
function websiteClaimFor(db: Db, definition: ActionDefinition, input: unknown, website: WebsiteClaim | null) {
  const applicationKey = (input as Partial<StorePayload> | null)?.application_key;
  if (!website || definition.permission !== "public" || typeof applicationKey !== "string") return null;
  return {
    match: websiteKeyMatchQuery(db, applicationKey, website.keyHash),
    client: { clientAddress: website.visitorAddress, websiteKeyed: true } satisfies PublicClient,
  };
}

/**
 * A keyed write's first batch: the key's check, the action's reads for the visitor, and for the direct
 * caller when they differ (an action whose reads count its client's rate-limit hits). `pick` keeps, of its
 * rows, the reads and the client of the one the request is: the visitor when the key is the store's, else
 * the direct caller (any other key is as none: the forwarded address is ignored).
 */
function keyedBatch(
  claim: NonNullable<ReturnType<typeof websiteClaimFor>>,
  visitorReads: Reads,
  directReads: Reads,
  direct: PublicClient,
) {
  const same = sameReads(visitorReads, directReads);
  return {
    queries: [claim.match, ...visitorReads, ...(same ? [] : directReads)] as Reads,
    pick(rows: unknown[]): [unknown[], PublicClient] {
      const [match, ...reads] = rows as unknown[][];
      if (match.length > 0) return [reads.slice(0, visitorReads.length), claim.client];
      return [same ? reads : reads.slice(visitorReads.length), direct];
    },
  };
}

/** True when two lists of reads are the same statements with the same values (a query without `toSQL`: never). */
function sameReads(one: Reads, other: Reads): boolean {
  const textOf = (query: Reads[number]) =>
    "toSQL" in query && typeof query.toSQL === "function" ? JSON.stringify(query.toSQL()) : null;
  return (
    one.length === other.length &&
    one.every((query, index) => {
      const text = textOf(query);
      return text !== null && text === textOf(other[index]);
    })
  );
}

/**
 * Several reads in one request (`batch=[{"action":"get_…","payload":…},…]`, at most 10): the caller
 * is read once and the reads run side by side, so a page that needs two things makes one
 * backend request. Each reply is what the action alone would answer, with its status; the whole
 * answers 401 when the token is no longer valid, so a revoked session is never taken as confirmed.
 */
async function runBatch(raw: string, token: string | undefined, shared: Shared): Promise<Response> {
  const calls = parseBatch(raw);
  const replies = await Promise.all(
    calls.map(async ({ action, payload }) => {
      try {
        const reply = replyOf(await runAction(action, parsePayload(payloads[action], payload, {}), shared));
        return { status: reply.status, ...((await reply.json()) as object) };
      } catch (error) {
        const failure = error instanceof ActionError ? error : unexpected(error);
        return { status: failure.status, ...failureBody(failure) };
      }
    }),
  );
  const signedOut = token !== undefined && (await shared.access(null, null, false)).caller === null;
  return withAccessStamp(
    Response.json({ result: "batch", replies }, { status: signedOut ? 401 : 200 }),
    shared.seen.caller,
  );
}

function parseBatch(raw: string): { action: ActionName; payload: string }[] {
  let calls: unknown;
  try {
    calls = JSON.parse(raw);
  } catch {
    throw new ActionError(400, "bad-request");
  }
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > MAX_BATCH)
    throw new ActionError(400, "bad-request");
  return calls.map((call) => {
    const action = (call as { action?: unknown })?.action;
    if (typeof action !== "string" || !registry.has(action) || !isReadAction(action)) {
      throw new ActionError(400, "unknown-action");
    }
    return { action: action as ActionName, payload: JSON.stringify((call as { payload?: unknown }).payload ?? null) };
  });
}

function replyOf(outcome: unknown): Response {
  return outcome instanceof WithExtra
    ? success({ ...outcome.extra, data: outcome.data })
    : success({ data: outcome === undefined ? null : outcome });
}

/** Lets work finish after the reply (waitUntil), or has the reply wait for it where there is no Worker's context. */
function keepAfterReply(waitUntil: BackendOptions["waitUntil"]) {
  return (work: Promise<unknown>) => (waitUntil ? waitUntil(work) : work);
}

function afterReply(waitUntil: BackendOptions["waitUntil"]) {
  return async (work: () => Promise<void>) => {
    const logged = () =>
      work().catch((error: unknown) => {
        console.error("work after the reply failed", error);
      });
    // Started only once handed over, so none of it runs inside the action's own round trips.
    if (waitUntil) waitUntil(Promise.resolve().then(logged));
    else await logged();
  };
}

/** The upload action's file travels in the spec's own multipart fields beside the action field. */
function uploadFields(form: FormData): Record<string, string> {
  return Object.fromEntries(
    UPLOAD_FIELDS.flatMap((field) => {
      const value = form.get(field);
      return typeof value === "string" ? [[field, value]] : [];
    }),
  );
}

type StorePayload = { application_key: string };

/**
 * A store's payload may name only its own uploads (/uploads/<its application_key>/…), wherever the
 * URL sits in it, so no handler can forget the check.
 */
function refuseForeignUploads(input: unknown, applicationKey: string) {
  const fields: Record<string, string[]> = {};
  const visit = (value: unknown, path: string[]) => {
    if (typeof value === "string") {
      if (UPLOADED_FILE_URL.test(value) && !value.startsWith(`/uploads/${applicationKey}/`)) {
        fields[path.join(".")] = ["invalid-file"];
      }
    } else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) visit(child, [...path, key]);
    }
  };
  visit(input, []);
  if (Object.keys(fields).length > 0) throw new ActionError(400, "invalid-payload", fields);
}

function parsePayload(schema: z.ZodType, raw: FormDataEntryValue | null, extraFields: Record<string, string>) {
  let json: unknown;
  try {
    json = JSON.parse(typeof raw === "string" ? raw : "");
  } catch {
    throw new ActionError(400, "bad-request");
  }
  const isObject = typeof json === "object" && json !== null && !Array.isArray(json);
  const parsed = schema.safeParse(isObject ? { ...(json as object), ...extraFields } : json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join(".") || "_"] ??= []).push(issue.message);
  throw new ActionError(400, "invalid-payload", fields);
}

interface CallerAndModules {
  caller: Caller | null;
  modules: Set<ModuleId> | null;
  /** The rows of the action's own reads, in their order. */
  read: unknown[];
}

type Reads = readonly BatchItem<"sqlite">[];

/**
 * `callerAndModules` once per request and store, however many actions a batch holds; an action with
 * reads of its own has them read with its caller.
 */
function memoizedAccess(databases: RequestDatabases, token: string | undefined, now: Date) {
  const read = new Map<string, Promise<CallerAndModules>>();
  const tokenHash = token ? sha256Hex(token) : Promise.resolve(null);
  let homeOf: Promise<StoreDatabase> | undefined;
  /** The database of the caller's session: their store's for store users, the control database for provider staff. */
  const home = () => {
    const applicationKey = token === undefined ? null : storeOfToken(token);
    homeOf ??=
      applicationKey === null
        ? Promise.resolve({ binding: CONTROL, db: databases.control, movingTo: null })
        : databases.ofStore(applicationKey);
    return homeOf;
  };
  const access = async (
    target: StoreDatabase | null,
    store: StoreScope | null,
    needsModules: boolean,
    reads: Reads = [],
  ) => {
    const key = store && needsModules ? store.applicationKey : "";
    // The caller alone is already part of any store's read.
    const known = read.get(key) ?? (key === "" ? read.values().next().value : undefined);
    if (known && reads.length === 0) return { ...(await known), read: [] };
    const reading = callerAndModules(await home(), await tokenHash, target, store, needsModules, now, reads);
    if (!read.has(key)) read.set(key, reading);
    return reading;
  };
  /**
   * The caller's account key as SQL, for reads of the caller's own records (they run before the caller is known):
   * from the session in the same database, or, when the session lives in another one, once the caller is read.
   */
  const callerAccount = async (target: StoreDatabase) => {
    if ((await home()).binding === target.binding) return sessionAccountKey(await tokenHash);
    const { caller } = await access(null, null, false);
    return sql<string | null>`${caller ? accountKey(caller) : null}`;
  };
  return Object.assign(access, { hadToken: token !== undefined, callerAccount, home });
}

/**
 * Who is calling, for a module's action which modules the store may use, and the action's own reads:
 * one round trip (a batch), or two side by side when the caller's session lives in another database than
 * the action's, so a handler's write is the request's second.
 */
async function callerAndModules(
  home: StoreDatabase,
  tokenHash: string | null,
  target: StoreDatabase | null,
  store: StoreScope | null,
  needsModules: boolean,
  now: Date,
  reads: Reads,
): Promise<CallerAndModules> {
  const withModules = tokenHash !== null && store !== null && needsModules;
  const callerReads: Reads = tokenHash ? [callerQuery(home.db, tokenHash, now)] : [];
  const targetReads: Reads = [...(withModules ? storeModulesQueries(store, now) : []), ...reads];
  const together = target === null || target.binding === home.binding;
  const [callerRows, targetRows] = together
    ? await batchOf(home.db, [...callerReads, ...targetReads]).then((rows) => [
        rows.slice(0, callerReads.length),
        rows.slice(callerReads.length),
      ])
    : await Promise.all([batchOf(home.db, callerReads), batchOf(target.db, targetReads)]);
  return {
    caller: tokenHash ? toCaller(tokenHash, callerRows[0][0] as CallerRow | undefined) : null,
    modules: withModules ? toStoreModules(targetRows[0] as never, targetRows[1] as never) : null,
    read: targetRows.slice(withModules ? 2 : 0),
  };
}

/**
 * Provider staff may enter any store; store users only their own, and store staff as far as their setting
 * allows. A module's actions answer only where the store's plan and side menu switch it on.
 */
function checkStoreAccess(
  definition: ActionDefinition,
  caller: Caller,
  store: StoreScope,
  access: ModuleAccess | null,
  modules: Set<ModuleId> | null,
) {
  if (caller.accountType !== "console" && caller.applicationKey !== store.applicationKey) throw forbidden();
  if (definition.permission === "store:account" && caller.accountType === "store_staff") throw forbidden();
  if (!access) return;
  if (!allows(permissionFor(caller, access.module), access.level)) throw forbidden();
  if (access.adminRole && !mayRefund(caller)) throw forbidden();
  if (access.offline && !maySellOffline(caller)) throw forbidden();
  if (!modules?.has(access.module)) throw new ActionError(403, "module-not-in-plan");
}

interface ModuleAccess {
  module: ModuleId;
  level: "read" | "write";
  /** `store:<module>:admin`: write permission, and never a sales-role store staff account. */
  adminRole?: boolean;
  /** `store:pos:offline`: write permission, and a store staff account only when it may sell offline. */
  offline?: boolean;
}

/** The module permission an action needs for this payload, if any. */
export function moduleAccess(definition: Pick<ActionDefinition, "permission">, input: unknown): ModuleAccess | null {
  if (definition.permission === "store:payload-module")
    return { module: (input as { module: ModuleId }).module, level: "write" };
  const [, module, level] = definition.permission.split(":") as [
    string,
    ModuleId?,
    ("read" | "write" | "admin" | "offline")?,
  ];
  if (!module || !level) return null;
  if (level === "admin") return { module, level: "write", adminRole: true };
  if (level === "offline") return { module, level: "write", offline: true };
  return { module, level };
}

function success(body: Record<string, unknown>) {
  return Response.json({ result: "success", ...body });
}

function failureBody(error: ActionError) {
  return { result: "fail", message: error.messageKey, ...(error.fields ? { fields: error.fields } : {}) };
}

function fail(error: ActionError) {
  return Response.json(failureBody(error), { status: error.status });
}
