import { and, eq, isNull, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AccountType, PermissionLevel, StaffRole } from "../contract/actions";
import type { ModuleId } from "../contract/modules";
import { sha256Hex } from "./crypto";
import type { Db } from "./db/client";
import { internalAccounts, sessions, storeAccounts, storeStaff } from "./db/schema";

export interface Caller {
  tokenHash: string;
  accountType: AccountType;
  accountId: number;
  email: string;
  /** The caller's own store (store accounts and store staff); provider staff have none. */
  applicationKey: string | null;
  role: StaffRole | null;
  permissions: Partial<Record<ModuleId, PermissionLevel>>;
}

const store = alias(storeAccounts, "caller_store");

/**
 * Resolves a bearer token to a live caller in one query: the session must be unrevoked and
 * unexpired, its account enabled, and for store users their store enabled too.
 */
export async function resolveCaller(db: Db, token: string, now: Date): Promise<Caller | null> {
  const tokenHash = await sha256Hex(token);
  const [row] = await db
    .select({
      accountType: sessions.accountType,
      accountId: sessions.accountId,
      applicationKey: sessions.applicationKey,
      consoleEmail: internalAccounts.email,
      storeAccountEmail: storeAccounts.email,
      storeStaffEmail: storeStaff.email,
      consoleDisabled: internalAccounts.disabled,
      storeAccountDisabled: storeAccounts.disabled,
      storeStaffDisabled: storeStaff.disabled,
      storeDisabled: store.disabled,
      role: storeStaff.role,
      permissions: storeStaff.permissions,
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
  };
}
