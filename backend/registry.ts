import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { SQL } from "drizzle-orm";
import type { ActionName, ActionResult, Payload } from "../contract/actions";
import type { PermissionLevel } from "../contract/actions";
import type { ModuleId } from "../contract/modules";
import type { Caller } from "./caller";
import type { Db } from "./db/client";
import type { RequestDatabases, StoreDatabase } from "./db/databases";
import type { StoreScope } from "./db/scope";
import type { BackendEnv } from "./env";
import type { Mailer } from "./mail";
import type { PaymentGateway } from "./payment-gateway";

/**
 * Who may call an action: anyone (`public`), any signed-in caller (`session`), provider staff
 * (`console`), anyone allowed into the payload's store (`store`), the store's own account and provider
 * staff but never its staff (`store:account`: plan and billing), with a module permission there, or
 * with write permission on the module the payload names (`store:payload-module`: a file for a form).
 * `store:<module>:admin` is write permission held by the store account, provider staff or an admin-role
 * store staff account, never a sales one (refunds: `mayRefund` in contract/permissions.ts). `store:pos:offline` is
 * the POS's write permission held by the store account, provider staff or a store staff account the merchant lets
 * sell offline (`maySellOffline`): replaying a sale made while the device was offline.
 */
export type Permission =
  | "public"
  | "session"
  | "console"
  | "store"
  | "store:account"
  | "store:payload-module"
  | "store:pos:offline"
  | `store:${ModuleId}:${Exclude<PermissionLevel, "none"> | "admin"}`;

/** Who a public request is for, as the rate limits see it (backend/rate-limit.ts `publicRequestBuckets`). */
export interface PublicClient {
  /**
   * The caller's network address: CF-Connecting-IP of the browser's or server's request, or, for a public
   * write of a store website that sent its store's website key, the visitor's address it forwarded.
   */
  clientAddress: string | null;
  /** True when the request carried the payload's store's website key (backend/website-key.ts). */
  websiteKeyed: boolean;
}

export interface BaseContext extends PublicClient {
  env: BackendEnv;
  now: Date;
  /** The request's databases: the control database and the store shards (backend/db/databases.ts). */
  databases: RequestDatabases;
  mailer: Mailer;
  paymentGateway: PaymentGateway;
  /** Runs work after the reply has gone (waitUntil), so the reply's timing cannot depend on it. */
  afterReply: (work: () => Promise<void>) => Promise<void>;
  /** Sends a push that is due now after the reply (the push job narrowed to it; the minute job is the fallback). */
  sendPushNow: (applicationKey: string, id: number) => Promise<void>;
}
export interface PublicContext extends BaseContext {
  db: Db;
  caller: Caller | null;
}
export interface SessionContext extends BaseContext {
  db: Db;
  caller: Caller;
}
/** Store handlers get the store scope and no raw database handle. */
export interface StoreContext extends BaseContext {
  caller: Caller;
  store: StoreScope;
}

type ContextFor<P extends Permission> = P extends "public"
  ? PublicContext
  : P extends "session" | "console"
    ? SessionContext
    : StoreContext;

/** Extra top-level fields beside `data` in a success reply (e.g. total_number). */
export class WithExtra<T> {
  constructor(
    readonly data: T,
    readonly extra: Record<string, unknown>,
  ) {}
}

/**
 * What an action's reads are built from: they run before the caller is known, so there is no caller; a
 * store action's reads may name the caller's own records by `callerAccount` (backend/caller.ts `accountKey`).
 */
type ReadScope<P extends Permission> = P extends "public" | "session" | "console"
  ? { db: Db; now: Date } & PublicClient
  : { store: StoreScope; now: Date; callerAccount: SQL<string | null> };

type Reads = readonly BatchItem<"sqlite">[];

/** A console action's rows of the store its payload names, read where the store lives (`storeReads`). */
export interface WhereStoreLives<S extends Reads = Reads> {
  home: StoreDatabase;
  read: BatchResponse<S>;
}

export interface ActionDefinition<
  N extends ActionName = ActionName,
  P extends Permission = Permission,
  R extends Reads = Reads,
  S extends Reads = Reads,
> {
  name: N;
  permission: P;
  /**
   * The SELECTs the handler needs before it writes. They run in the same batch as the caller's own read,
   * so the access check and the action's reads are one round trip and its write the second; their rows
   * reach the handler only once the checks have passed.
   */
  reads?: (input: Payload<N>, scope: ReadScope<P>) => R;
  /**
   * A console action on the store its payload names (`application_key`): the SELECTs of the store's own rows, on the
   * database the store lives in. They run in the caller's batch when that is the control database, else side by
   * side with it, so the write is still the request's second round trip. The handler gets their rows and the
   * store's database; a store that is moving takes no write.
   */
  storeReads?: P extends "console" ? (input: Payload<N>, db: Db) => S : never;
  /**
   * A public read a store's website asks for on every visit: its success is answered from the cache for
   * this many seconds (backend/public-cache.ts), and the writes that change it forget it.
   */
  cacheSeconds?: P extends "public" ? (N extends `get_${string}` ? number : never) : never;
  /**
   * The store a public action works in when its payload names it otherwise than by `application_key`: the store a
   * customer's signed link claims (the handler checks the signature), so its reads run in that store's database.
   */
  storeOf?: P extends "public" ? (input: Payload<N>) => string : never;
  handler: (
    input: Payload<N>,
    context: ContextFor<P>,
    read: BatchResponse<R>,
    whereStoreLives: WhereStoreLives<S>,
  ) => Promise<ActionResult<N> | WithExtra<ActionResult<N>>>;
}

export function defineAction<N extends ActionName, P extends Permission, R extends Reads = [], S extends Reads = []>(
  name: N,
  permission: P,
  handler:
    | ActionDefinition<N, P, R, S>["handler"]
    | Pick<ActionDefinition<N, P, R, S>, "reads" | "storeReads" | "handler" | "cacheSeconds" | "storeOf">,
): ActionDefinition<N, P, R, S> {
  return typeof handler === "function" ? { name, permission, handler } : { name, permission, ...handler };
}
