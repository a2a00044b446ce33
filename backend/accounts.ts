import { and, eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { AccountType } from "../contract/actions";
import { batchOf, type Db, type Statements } from "./db/client";
import { CONTROL, type RequestDatabases, type StoreDatabase } from "./db/databases";
import { ActionError } from "./errors";
import {
  accountDirectory,
  internalAccounts,
  storeAccounts,
  storeDirectory,
  storeNameDirectory,
  storeStaff,
  subDomainDirectory,
} from "./db/schema";

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

/** Two values SQLite's NOCASE takes for one (it folds ASCII letters only), as the directories compare them. */
const sameNoCase = (one: string, other: string) => {
  const fold = (value: string) => value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return fold(one) === fold(other);
};

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
  if (own && "email" in own && sameNoCase(own.email, email)) return;
  const ownStaff = own && "providerStaffId" in own ? own.providerStaffId : null;
  if (providerStaff.some((row) => row.id !== ownStaff) || claimed.length > 0) {
    throw new ActionError(409, "email-used", { email: ["email-used"] });
  }
}

/** The control database's directories of what is one store's across every shard, each compared without case. */
const DIRECTORIES = {
  email: {
    take: (control: Db, email: string, applicationKey: string) =>
      control.insert(accountDirectory).values({ email, applicationKey }),
    drop: (control: Db, email: string, applicationKey: string) =>
      control
        .delete(accountDirectory)
        .where(and(eq(accountDirectory.email, email), eq(accountDirectory.applicationKey, applicationKey))),
  },
  storeName: {
    take: (control: Db, storeName: string, applicationKey: string) =>
      control.insert(storeNameDirectory).values({ storeName, applicationKey }),
    drop: (control: Db, storeName: string, applicationKey: string) =>
      control
        .delete(storeNameDirectory)
        .where(and(eq(storeNameDirectory.storeName, storeName), eq(storeNameDirectory.applicationKey, applicationKey))),
  },
  subDomain: {
    take: (control: Db, subDomain: string, applicationKey: string) =>
      control.insert(subDomainDirectory).values({ subDomain, applicationKey }),
    drop: (control: Db, subDomain: string, applicationKey: string) =>
      control
        .delete(subDomainDirectory)
        .where(and(eq(subDomainDirectory.subDomain, subDomain), eq(subDomainDirectory.applicationKey, applicationKey))),
  },
};

/**
 * A store's value in one of the control database's directories changing from `before` (absent for a new account or
 * store; null for none) to `value`: the new one to take before the store's shard writes it, to give back if the
 * shard refuses, and the old one to release once it has written. Null when the value stays (up to case).
 */
export interface Claim {
  take: Statements;
  giveBack: Statements;
  release: Statements;
}

export function claimOf(
  control: Db,
  directory: keyof typeof DIRECTORIES,
  applicationKey: string,
  value: string | null,
  before?: string | null,
): Claim | null {
  if (before !== undefined && (before === value || (before !== null && value !== null && sameNoCase(before, value)))) {
    return null;
  }
  const { take, drop } = DIRECTORIES[directory];
  return {
    take: value === null ? [] : [take(control, value, applicationKey)],
    giveBack: value === null ? [] : [drop(control, value, applicationKey)],
    release: before === undefined || before === null ? [] : [drop(control, before, applicationKey)],
  };
}

/** A store's name and sub-domain claims for new values (`before` absent for a new store). */
export function storeNameClaims(
  control: Db,
  applicationKey: string,
  after: { storeName: string; subDomain: string | null },
  before?: { storeName: string; subDomain: string | null },
) {
  return [
    claimOf(control, "storeName", applicationKey, after.storeName, before?.storeName),
    claimOf(control, "subDomain", applicationKey, after.subDomain, before?.subDomain),
  ];
}

/**
 * Writes a store's batch (built on the store's database) whose e-mails, name or sub-domain may change: the new
 * values are claimed in the control database's directories first (a value another store holds fails there), then
 * the store's batch runs on its shard, then the old values are released; a batch the shard refuses gives the claims
 * back. When the store lives in the control database, all of it is one atomic batch. Errors are the database's
 * (`rethrowUniqueViolation`: ACCOUNT_EMAIL_CONFLICT, and each form's own names for the store's name and sub-domain).
 */
export async function writeClaiming<T extends Statements>(
  control: Db,
  home: Pick<StoreDatabase, "binding" | "db">,
  claims: (Claim | null)[],
  writes: T,
): Promise<BatchResponse<T>> {
  const changing = claims.filter((claim) => claim !== null);
  const [takes, giveBacks, releases] = [
    changing.flatMap((claim) => claim.take),
    changing.flatMap((claim) => claim.giveBack),
    changing.flatMap((claim) => claim.release),
  ];
  if (home.binding === CONTROL) {
    const rows = await batchOf(control, [...takes, ...writes, ...releases]);
    return rows.slice(takes.length, takes.length + writes.length) as BatchResponse<T>;
  }
  await batchOf(control, takes);
  const rows = await batchOf(home.db, writes).catch(async (error: unknown) => {
    await batchOf(control, giveBacks);
    throw error;
  });
  await batchOf(control, releases);
  return rows as BatchResponse<T>;
}

/** `writeClaiming` for a store's account or staff account whose e-mail is new (`before` absent) or may change. */
export const writeClaimingEmail = <T extends Statements>(
  control: Db,
  home: Pick<StoreDatabase, "binding" | "db">,
  { applicationKey, email, before }: { applicationKey: string; email: string; before?: string },
  writes: T,
) => writeClaiming(control, home, [claimOf(control, "email", applicationKey, email, before)], writes);

/** The database's refusal of an e-mail another account signs in with (the account_email triggers), beside the field. */
export const ACCOUNT_EMAIL_CONFLICT = {
  "account_directory.email": { message: "email-used", field: "email" },
  "account_email.email": { message: "email-used", field: "email" },
  "internal_account.email": { message: "email-used", field: "email" },
  "store_account.email": { message: "email-used", field: "email" },
  "store_staff.email": { message: "email-used", field: "email" },
} as const;
