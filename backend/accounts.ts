import { eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { AccountType } from "../contract/actions";
import type { Db } from "./db/client";
import { ActionError } from "./errors";
import { internalAccounts, storeAccounts, storeStaff } from "./db/schema";

export interface Account {
  type: AccountType;
  id: number;
  passwordHash: string;
  disabled: boolean;
  applicationKey: string | null;
  storeDisabled: boolean;
}

/** An e-mail belongs to at most one account of the three kinds; three reads ask all three tables. */
export function accountByEmailReads(db: Db, email: string) {
  return [
    db.select().from(internalAccounts).where(eq(internalAccounts.email, email)).limit(1),
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

export function toAccount([[providerStaff], [store], [storeUser]]: BatchResponse<
  ReturnType<typeof accountByEmailReads>
>): Account | undefined {
  if (providerStaff) return { type: "console", ...providerStaff, applicationKey: null, storeDisabled: false };
  if (store) return { type: "store", ...store, storeDisabled: store.disabled };
  if (storeUser) return { type: "store_staff", ...storeUser.staff, storeDisabled: storeUser.storeDisabled };
  return undefined;
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return toAccount(await db.batch(accountByEmailReads(db, email)));
}

/** Refuses an e-mail another account (of any kind) already signs in with, from `accountByEmailReads`. */
export function refuseEmailOfOther(
  read: BatchResponse<ReturnType<typeof accountByEmailReads>>,
  self?: { type: AccountType; id: number },
) {
  const owner = toAccount(read);
  if (owner && !(self && owner.type === self.type && owner.id === self.id)) throw new ActionError(409, "email-used");
}

/** The database's refusal of an e-mail another account signs in with (the account_email triggers), beside the field. */
export const ACCOUNT_EMAIL_CONFLICT = {
  "account_email.email": { message: "email-used", field: "email" },
  "internal_account.email": { message: "email-used", field: "email" },
  "store_account.email": { message: "email-used", field: "email" },
  "store_staff.email": { message: "email-used", field: "email" },
} as const;
