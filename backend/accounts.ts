import { and, eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { AccountType } from "../contract/actions";
import { batchOf, type Db, type Statements } from "./db/client";
import { CONTROL, type RequestDatabases, type StoreDatabase } from "./db/databases";
import { ActionError } from "./errors";
import { accountDirectory, internalAccounts, storeAccounts, storeDirectory, storeStaff } from "./db/schema";

export interface Account {
  type: AccountType;
  id: number;
  passwordHash: string;
  disabled: boolean;
  applicationKey: string | null;
  storeDisabled: boolean;
}

/** A store's account or staff account by e-mail, in the database that holds the store. */
export function storeAccountByEmailReads(db: Db, email: string) {
  return [
    db.select().from(storeAccounts).where(eq(storeAccounts.email, email)).limit(1),
    db
      // Under its own name: D1 answers a batch's rows as objects, where two `disabled` columns would be one.
      .select({
        staff: storeStaff,
        storeDisabled: sql<boolean>`${storeAccounts.disabled}`.mapWith(Boolean).as("store_disabled"),
      })
      .from(storeStaff)
      .innerJoin(storeAccounts, eq(storeAccounts.applicationKey, storeStaff.applicationKey))
      .where(eq(storeStaff.email, email))
      .limit(1),
  ] as const;
}

/**
 * An e-mail's account in the control database: provider staff, or an account of a store that lives there. An
 * e-mail belongs to at most one account of the three kinds; three reads ask all three tables.
 */
export function accountByEmailReads(db: Db, email: string) {
  return [
    db.select().from(internalAccounts).where(eq(internalAccounts.email, email)).limit(1),
    ...storeAccountByEmailReads(db, email),
  ] as const;
}

type AccountRows = BatchResponse<ReturnType<typeof accountByEmailReads>>;

export function toAccount([[providerStaff], [store], [storeUser]]: AccountRows): Account | undefined {
  if (providerStaff) return { type: "console", ...providerStaff, applicationKey: null, storeDisabled: false };
  if (store) return { type: "store", ...store, storeDisabled: store.disabled };
  if (storeUser) return { type: "store_staff", ...storeUser.staff, storeDisabled: storeUser.storeDisabled };
  return undefined;
}

/** The store account or staff account of a shard's `storeAccountByEmailReads`. */
export const toStoreAccount = (rows: BatchResponse<ReturnType<typeof storeAccountByEmailReads>>) =>
  toAccount([[], ...rows]);

/** The store an e-mail signs in to by the account directory, with the shard the store lives on (control reads). */
export const emailStoreRead = (control: Db, email: string) =>
  control
    .select({
      applicationKey: accountDirectory.applicationKey,
      shard: storeDirectory.shard,
      movingTo: storeDirectory.movingTo,
    })
    .from(accountDirectory)
    .leftJoin(storeDirectory, eq(storeDirectory.applicationKey, accountDirectory.applicationKey))
    .where(eq(accountDirectory.email, email))
    .limit(1);

export type EmailStore = Awaited<ReturnType<typeof emailStoreRead>>[number];

/**
 * The shard to look for an e-mail's account on once the control database's reads found none there: the store's
 * the directory names, unless that store lives in the control database (then there is nothing more to read).
 */
export function shardOfEmail(databases: RequestDatabases, store: EmailStore | undefined) {
  if (!store?.shard || store.shard === CONTROL) return null;
  return { binding: store.shard, db: databases.db(store.shard), movingTo: store.movingTo };
}

/** An account by its e-mail wherever it lives, with the database that holds it (two round trips for a shard's). */
export async function findAccountByEmail(databases: RequestDatabases, email: string) {
  const control = databases.control;
  const [store, ...rows] = await control.batch([
    emailStoreRead(control, email),
    ...accountByEmailReads(control, email),
  ]);
  const here = toAccount(rows);
  if (here) return { account: here, db: control };
  const shard = shardOfEmail(databases, store[0]);
  if (!shard) return undefined;
  const account = toStoreAccount(await shard.db.batch(storeAccountByEmailReads(shard.db, email)));
  return account && { account, db: shard.db };
}

/** Whether an e-mail signs in anywhere: provider staff's, or claimed in the directory for a store's account. */
export const emailUseReads = (control: Db, email: string) =>
  [
    control
      .select({ id: internalAccounts.id })
      .from(internalAccounts)
      .where(eq(internalAccounts.email, email))
      .limit(1),
    control.select().from(accountDirectory).where(eq(accountDirectory.email, email)).limit(1),
  ] as const;

const sameEmail = (one: string, other: string) => one.toLowerCase() === other.toLowerCase();

/**
 * Refuses an e-mail another account signs in with, from `emailUseReads`, before a password is hashed for nothing;
 * `own`: the account's present e-mail (its own keeps it), or the provider staff account's id. The directory's claim
 * and the triggers are what hold under concurrency.
 */
export function refuseEmailInUse(
  [providerStaff, claimed]: BatchResponse<ReturnType<typeof emailUseReads>>,
  email: string,
  own?: { email: string } | { providerStaffId: number },
) {
  if (own && "email" in own && sameEmail(own.email, email)) return;
  const ownStaff = own && "providerStaffId" in own ? own.providerStaffId : null;
  if (providerStaff.some((row) => row.id !== ownStaff) || claimed.length > 0) {
    throw new ActionError(409, "email-used", { email: ["email-used"] });
  }
}

/**
 * Writes a store's account (a batch built on the store's database) whose e-mail is new (`before` absent) or may
 * change: the new e-mail is claimed in the directory first (a repeated one fails there: `email-used`), then the
 * store's batch runs on its shard, then the old e-mail is released; a batch the shard refuses releases the claim
 * again. When the store lives in the control database, all of it is one atomic batch. Errors are the database's
 * (`rethrowUniqueViolation` with ACCOUNT_EMAIL_CONFLICT).
 */
export async function writeClaimingEmail<T extends Statements>(
  control: Db,
  home: Pick<StoreDatabase, "binding" | "db">,
  claim: { applicationKey: string; email: string; before?: string },
  writes: T,
): Promise<BatchResponse<T>> {
  const { applicationKey, email, before } = claim;
  if (before !== undefined && sameEmail(before, email)) return (await batchOf(home.db, writes)) as BatchResponse<T>;
  const claiming = control.insert(accountDirectory).values({ email, applicationKey });
  const release = (released: string) =>
    control
      .delete(accountDirectory)
      .where(and(eq(accountDirectory.email, released), eq(accountDirectory.applicationKey, applicationKey)));
  const releasing = before === undefined ? [] : [release(before)];
  if (home.binding === CONTROL) {
    const rows = await batchOf(control, [claiming, ...writes, ...releasing]);
    return rows.slice(1, 1 + writes.length) as BatchResponse<T>;
  }
  await claiming;
  const rows = await batchOf(home.db, writes).catch(async (error: unknown) => {
    await release(email);
    throw error;
  });
  if (releasing.length > 0) await releasing[0];
  return rows as BatchResponse<T>;
}

/** The database's refusal of an e-mail another account signs in with (the account_email triggers), beside the field. */
export const ACCOUNT_EMAIL_CONFLICT = {
  "account_directory.email": { message: "email-used", field: "email" },
  "account_email.email": { message: "email-used", field: "email" },
  "internal_account.email": { message: "email-used", field: "email" },
  "store_account.email": { message: "email-used", field: "email" },
  "store_staff.email": { message: "email-used", field: "email" },
} as const;
