import { and, between, count, eq, lt, sql } from "drizzle-orm";
import type { Payload } from "../../../contract/actions";
import { hongKongDate } from "../../../contract/dates";
import {
  ACCOUNT_EMAIL_CONFLICT,
  claimOf,
  emailUseReads,
  refuseEmailInUse,
  storeNameClaims,
  writeClaiming,
} from "../../../backend/accounts";
import { hashInTurn } from "../../../backend/hashing-turns";
import { hashPassword, randomHex } from "../../../backend/crypto";
import type { Db } from "../../../backend/db/client";
import { contains } from "../../../backend/db/like";
import { leastFull, shardWeightsQuery } from "../../../backend/db/databases";
import { sessions, storeAccounts, storeDirectory, websiteData } from "../../../backend/db/schema";
import { noCase, pagedAcross } from "../../../backend/db/fan-out";
import { found } from "../../../backend/errors";
import { logChange, oneName } from "../../../backend/log";
import { defineAction } from "../../../backend/registry";
import { rethrowUniqueViolation } from "../../../backend/unique";
import { nextVersion, rethrowStaleVersion } from "../../../backend/db/version";

const UNIQUE_MESSAGES = {
  "store_name_directory.store_name": "store-name-used",
  "store_account.store_name": "store-name-used",
  "sub_domain_directory.sub_domain": "domain-repeated",
  "store_account.sub_domain": "domain-repeated",
  ...ACCOUNT_EMAIL_CONFLICT,
} as const;

type StoreFields = Omit<Payload<"add_store_account_data">, "password">;

function toColumns(input: StoreFields) {
  return {
    storeName: input.store_name,
    subDomain: input.sub_domain,
    email: input.email,
    cmsSideMenu: input.cms_side_menu,
    acceptLanguage: input.accept_language,
    acceptCurrency: input.accept_currency,
    enquiryOnly: input.enquiry_only,
  };
}

/** The store's settings as the log shows them. */
function toLogged(row: Record<keyof ReturnType<typeof toColumns> | "disabled", unknown>) {
  return {
    store_name: row.storeName,
    sub_domain: row.subDomain,
    email: row.email,
    cms_side_menu: row.cmsSideMenu,
    accept_language: row.acceptLanguage,
    accept_currency: row.acceptCurrency,
    enquiry_only: row.enquiryOnly,
    disabled: row.disabled,
  };
}

export const storeByKey = (db: Db, applicationKey: string) =>
  db.select().from(storeAccounts).where(eq(storeAccounts.applicationKey, applicationKey)).limit(1);

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const STORE_LIST_FIELDS = {
  id: storeAccounts.id,
  application_key: storeAccounts.applicationKey,
  store_name: storeAccounts.storeName,
  email: storeAccounts.email,
  sub_domain: storeAccounts.subDomain,
  enquiry_only: storeAccounts.enquiryOnly,
  disabled: storeAccounts.disabled,
  create_date: storeAccounts.createdAt,
  plan_type: storeAccounts.currentPlanType,
  expiry_date: storeAccounts.currentPlanExpiryDate,
};

const STORE_LIST_SORT = {
  store_name: sql`${storeAccounts.storeName} COLLATE NOCASE`,
  expiry_date: sql`${storeAccounts.currentPlanExpiryDate}`,
  create_date: sql`${storeAccounts.createdAt}`,
};

export const storeConsoleActions = [
  defineAction(
    "get_store_account_data_and_total_number_by_sorting_and_limit",
    "console",
    async (input, { databases, now }) => {
      const today = hongKongDate(now);
      // The filters are served by the current-plan expiry index; the keyword is compared with every
      // store's four columns, which the store table (thousands of rows, not millions) can afford.
      const where = and(
        contains(
          [storeAccounts.storeName, storeAccounts.applicationKey, storeAccounts.subDomain, storeAccounts.email],
          input.keyword,
        ),
        input.filter === "expiring"
          ? between(storeAccounts.currentPlanExpiryDate, today, addDays(today, 14))
          : undefined,
        input.filter === "expired" ? lt(storeAccounts.currentPlanExpiryDate, today) : undefined,
      );
      // Every database's stores, the page cut from them merged in the list's order.
      return pagedAcross(
        databases,
        input,
        (db) => ({
          rows: db.select(STORE_LIST_FIELDS).from(storeAccounts).where(where).$dynamic(),
          count: db.select({ total: count() }).from(storeAccounts).where(where).$dynamic(),
          sortBy: STORE_LIST_SORT[input.sorting],
          id: storeAccounts.id,
        }),
        (row) =>
          input.sorting === "store_name"
            ? [noCase(row.store_name), row.id]
            : [input.sorting === "expiry_date" ? row.expiry_date : row.create_date, row.id],
        (row) => row,
      );
    },
  ),

  /**
   * The store goes to the least full shard: the control database's rows first (the store's placement and its
   * e-mail's, name's and sub-domain's claims), then one atomic batch there of the account, its website data and the
   * log entry (one batch with the rows when that shard is the control database). A store the shard refuses leaves no
   * row in the control database.
   */
  defineAction("add_store_account_data", "console", {
    reads: ({ email }, { db }) => [shardWeightsQuery(db), ...emailUseReads(db, email)] as const,
    handler: async (input, { db, databases, env, caller, now }, [weights, ...emailUse]) => {
      refuseEmailInUse(emailUse, input.email);
      const applicationKey = randomHex(8);
      const shard = leastFull(env, weights);
      const home = databases.db(shard);
      const values = {
        ...toColumns(input),
        applicationKey,
        passwordHash: await hashInTurn(() => hashPassword(input.password)),
      };
      const placement = {
        take: [db.insert(storeDirectory).values({ applicationKey, shard })],
        giveBack: [db.delete(storeDirectory).where(eq(storeDirectory.applicationKey, applicationKey))],
        release: [],
      };
      await writeClaiming(
        db,
        { binding: shard, db: home },
        [placement, claimOf(db, "email", applicationKey, input.email), ...storeNameClaims(db, applicationKey, values)],
        [
          home.insert(storeAccounts).values(values),
          home.insert(websiteData).values({ applicationKey }),
          logChange(home, caller, now, {
            action: "add",
            dataType: "store_account_data",
            recordId: applicationKey,
            recordName: oneName(input.store_name),
            applicationKey,
            before: null,
            after: { ...toLogged({ ...toColumns(input), disabled: false }), password: "set" },
          }),
        ],
      ).catch((error) => rethrowUniqueViolation(error, UNIQUE_MESSAGES));
      return { application_key: applicationKey };
    },
  }),

  /**
   * The store's account lives on its shard, read there beside the caller; a new e-mail, name or sub-domain is
   * claimed in the control database's directories first (backend/accounts.ts).
   */
  defineAction("update_store_account_data_by_application_key", "console", {
    reads: ({ email }, { db }) => emailUseReads(db, email),
    storeReads: ({ application_key }, db) => [storeByKey(db, application_key)] as const,
    handler: async (input, { db, caller, now }, emailUse, { home, read: [stores] }) => {
      const before = found(stores);
      refuseEmailInUse(emailUse, input.email, before);
      const after = { ...before, ...toColumns(input), disabled: input.disabled };
      const key = input.application_key;
      await writeClaiming(
        db,
        home,
        [claimOf(db, "email", key, input.email, before.email), ...storeNameClaims(db, key, after, before)],
        [
          home.db
            .update(storeAccounts)
            .set({
              ...toColumns(input),
              disabled: input.disabled,
              version: nextVersion(storeAccounts.version, input.version),
            })
            .where(eq(storeAccounts.applicationKey, key)),
          logChange(home.db, caller, now, {
            action: "edit",
            dataType: "store_account_data",
            recordId: key,
            recordName: oneName(input.store_name),
            applicationKey: key,
            before: toLogged(before),
            after: toLogged(after),
          }),
        ],
      )
        .catch(rethrowStaleVersion)
        .catch((error) => rethrowUniqueViolation(error, UNIQUE_MESSAGES));
      return null;
    },
  }),

  // A new password from provider staff also signs the merchant out everywhere (the sessions are on the store's shard).
  defineAction("update_store_account_password_by_application_key", "console", {
    storeReads: ({ application_key }, db) => [storeByKey(db, application_key)] as const,
    handler: async (input, { caller, now }, _read, { home: { db }, read: [stores] }) => {
      const store = found(stores);
      await db.batch([
        db
          .update(storeAccounts)
          .set({ passwordHash: await hashInTurn(() => hashPassword(input.password)) })
          .where(eq(storeAccounts.id, store.id)),
        db
          .update(sessions)
          .set({ revokedAt: now.toISOString() })
          .where(and(eq(sessions.accountType, "store"), eq(sessions.accountId, store.id))),
        logChange(db, caller, now, {
          action: "edit",
          dataType: "store_account_data",
          recordId: store.applicationKey,
          recordName: oneName(store.storeName),
          applicationKey: store.applicationKey,
          before: { password: "" },
          after: { password: "new" },
        }),
      ]);
      return null;
    },
  }),
];
