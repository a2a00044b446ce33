import { eq } from "drizzle-orm";
import type { AccountType } from "../contract/actions";
import type { Db } from "./db/client";
import { internalAccounts, storeAccounts, storeStaff } from "./db/schema";

export interface Account {
  type: AccountType;
  id: number;
  passwordHash: string;
  disabled: boolean;
  applicationKey: string | null;
  storeDisabled: boolean;
}

/** An e-mail belongs to at most one account of the three kinds; one batch asks all three tables. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const [[providerStaff], [store], [storeUser]] = await db.batch([
    db.select().from(internalAccounts).where(eq(internalAccounts.email, email)).limit(1),
    db.select().from(storeAccounts).where(eq(storeAccounts.email, email)).limit(1),
    db
      .select({ staff: storeStaff, storeDisabled: storeAccounts.disabled })
      .from(storeStaff)
      .innerJoin(storeAccounts, eq(storeAccounts.applicationKey, storeStaff.applicationKey))
      .where(eq(storeStaff.email, email))
      .limit(1),
  ]);
  if (providerStaff) return { type: "console", ...providerStaff, applicationKey: null, storeDisabled: false };
  if (store) return { type: "store", ...store, storeDisabled: store.disabled };
  if (storeUser) return { type: "store_staff", ...storeUser.staff, storeDisabled: storeUser.storeDisabled };
  return undefined;
}

/** Whether another account (of any kind) already signs in with this e-mail. */
export async function emailTakenByOther(db: Db, email: string, self?: { type: AccountType; id: number }) {
  const owner = await findAccountByEmail(db, email);
  return Boolean(owner && !(self && owner.type === self.type && owner.id === self.id));
}
