import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AccountType, PermissionLevel, StaffRole } from "../contract/actions";
import type { ModuleId } from "../contract/modules";
import { randomToken } from "./crypto";
import type { Db } from "./db/client";
import { internalAccounts, sessions, storeAccounts, storeStaff, storeStaffLocations } from "./db/schema";

export interface Caller {
  tokenHash: string;
  accountType: AccountType;
  accountId: number;
  email: string;
  /** The caller's own store (store accounts and store staff); provider staff have none. */
  applicationKey: string | null;
  role: StaffRole | null;
  permissions: Partial<Record<ModuleId, PermissionLevel>>;
  /** A store staff account's offline-selling permission; true for every other kind of account. */
  sellsOffline: boolean;
  /**
   * The locations a store staff account limited to some may use (ascending ids); null: every location, as for
   * every other kind of account. Read through `allowedLocations` (backend/location-access.ts).
   */
  locations?: number[] | null;
}

const store = alias(storeAccounts, "caller_store");

const encoder = new TextEncoder();

/**
 * A new session's bearer token. A store user's begins with their store's key (base64url) and a dot, so the backend
 * finds the database their session lives in before reading it; provider staff's sessions live in the control
 * database and their tokens name no store. A token naming another store than its session's matches no session.
 */
export function newSessionToken(applicationKey: string | null): string {
  if (applicationKey === null) return randomToken();
  const key = btoa(String.fromCharCode(...encoder.encode(applicationKey)))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  return `${key}.${randomToken()}`;
}

/** The store a session token names, or null for provider staff's (and for anything unreadable). */
export function storeOfToken(token: string): string | null {
  const dot = token.indexOf(".");
  if (dot < 1) return null;
  try {
    const bytes = Uint8Array.from(atob(token.slice(0, dot).replace(/-/g, "+").replace(/_/g, "/")), (char) =>
      char.charCodeAt(0),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** An account of any kind as one key, `<account type>:<id>` (the POS keeps each account's cart by it). */
export const accountKey = (caller: Pick<Caller, "accountType" | "accountId">) =>
  `${caller.accountType}:${caller.accountId}`;

/**
 * The account key of a token's session, as SQL: reads run in the same batch as the caller's own query,
 * before the caller is known, so a read of the caller's own records names them by their session. No
 * session (or no token) is NULL, which matches nothing.
 */
export const sessionAccountKey = (tokenHash: string | null) =>
  sql<
    string | null
  >`(select ${sessions.accountType} || ':' || ${sessions.accountId} from ${sessions} where ${sessions.tokenHash} = ${tokenHash})`;

/**
 * A joined column under its own name: in a batch, D1 answers rows as objects, so two `email` or
 * `disabled` columns of different tables would overwrite each other.
 */
function named<T extends SQLiteColumn>(column: T, name: string) {
  return sql<T["_"]["data"] | null>`${column}`.mapWith(column).as(name);
}

/**
 * The session of a token's hash with its account, in one query (to run alone or in a batch): the
 * session must be unrevoked and unexpired.
 */
export function callerQuery(db: Db, tokenHash: string, now: Date) {
  return db
    .select({
      accountType: sessions.accountType,
      accountId: sessions.accountId,
      applicationKey: sessions.applicationKey,
      consoleEmail: named(internalAccounts.email, "console_email"),
      storeAccountEmail: named(storeAccounts.email, "store_account_email"),
      storeStaffEmail: named(storeStaff.email, "store_staff_email"),
      consoleDisabled: named(internalAccounts.disabled, "console_disabled"),
      storeAccountDisabled: named(storeAccounts.disabled, "store_account_disabled"),
      storeStaffDisabled: named(storeStaff.disabled, "store_staff_disabled"),
      storeDisabled: named(store.disabled, "store_disabled"),
      role: storeStaff.role,
      permissions: storeStaff.permissions,
      sellsOffline: storeStaff.sellsOffline,
      // A JSON list of the account's locations when it is limited to some, else NULL (every location).
      locations: sql<
        string | null
      >`case when ${storeStaff.limitedToLocations} then (select json_group_array(${storeStaffLocations.locationId}) from ${storeStaffLocations} where ${storeStaffLocations.staffId} = ${storeStaff.id}) end`.as(
        "staff_locations",
      ),
    })
    .from(sessions)
    .leftJoin(internalAccounts, and(eq(sessions.accountType, "console"), eq(internalAccounts.id, sessions.accountId)))
    .leftJoin(storeAccounts, and(eq(sessions.accountType, "store"), eq(storeAccounts.id, sessions.accountId)))
    .leftJoin(storeStaff, and(eq(sessions.accountType, "store_staff"), eq(storeStaff.id, sessions.accountId)))
    .leftJoin(store, eq(store.applicationKey, sessions.applicationKey))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now.toISOString())),
    )
    .limit(1);
}

export type CallerRow = Awaited<ReturnType<typeof callerQuery>>[number];

/** A live caller from callerQuery's row: its account enabled, and for store users their store too. */
export function toCaller(tokenHash: string, row: CallerRow | undefined): Caller | null {
  if (!row) return null;

  const accountEnabled =
    row.accountType === "console"
      ? row.consoleDisabled === false
      : row.storeDisabled === false &&
        (row.accountType === "store" ? row.storeAccountDisabled === false : row.storeStaffDisabled === false);
  if (!accountEnabled) return null;

  return {
    tokenHash,
    accountType: row.accountType,
    accountId: row.accountId,
    email: row.consoleEmail ?? row.storeAccountEmail ?? row.storeStaffEmail ?? "",
    applicationKey: row.applicationKey,
    role: row.role,
    permissions: (row.permissions ?? {}) as Caller["permissions"],
    sellsOffline: row.accountType !== "store_staff" || row.sellsOffline === true,
    locations:
      row.accountType === "store_staff" && row.locations !== null
        ? (JSON.parse(row.locations) as number[]).sort((a, b) => a - b)
        : null,
  };
}
