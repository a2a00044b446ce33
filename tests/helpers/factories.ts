import { desc, eq } from "drizzle-orm";
import { hashPassword } from "../../backend/crypto";
import { refreshCurrentPlan } from "../../backend/current-plan";
import { createDb, type Db } from "../../backend/db/client";
import { CONTROL, d1Of } from "../../backend/db/databases";
import type { BackendEnv } from "../../backend/env";
import {
  accountDirectory,
  emailOutbox,
  internalAccounts,
  locations,
  plans,
  purchasedPlans,
  storeAccounts,
  storeSettings,
  storeDirectory,
  storeNameDirectory,
  storeStaff,
  subDomainDirectory,
  websiteData,
} from "../../backend/db/schema";
import { hongKongDate } from "../../contract/dates";
import { MODULE_IDS, type ModuleId } from "../../contract/modules";

export const FACTORY_PASSWORD = "factory-pass-1";

/**
 * A test's handle on a store shard: factories write stores and their records there, and each new store's row in
 * the store directory and its accounts' e-mails in the account directory to the control database. A plain database
 * handle (a migration test's) gets no directory rows.
 */
export type ShardDb = Db & { readonly placement: { control: Db; shard: string } };

export function shardDb(env: BackendEnv, shard: string): ShardDb {
  return Object.assign(createDb(d1Of(env, shard)), { placement: { control: createDb(d1Of(env, CONTROL)), shard } });
}

/** Where a test's handle keeps what is not one store's (provider staff, plans, the outbox): the control database. */
export const controlOf = (db: Db | ShardDb): Db => ("placement" in db ? db.placement.control : db);

let passwordHash: string | undefined;

// Hashing is deliberately slow; every factory account shares one hash of the same password.
export const factoryPasswordHash = () => (passwordHash ??= hashPassword(FACTORY_PASSWORD));

export const unique = () => crypto.randomUUID().slice(0, 8);

export function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface StoreOptions {
  storeName?: string;
  modules?: readonly ModuleId[];
  cmsSideMenu?: readonly ModuleId[];
  planType?: "trial" | "paid";
  expiresInDays?: number;
  enquiryOnly?: boolean;
  disabled?: boolean;
  withPlan?: boolean;
  subDomain?: string | null;
  /** The plan offers only zh-HK and HKD. */
  defaultLanguageAndCurrencyOnly?: boolean;
  hasCashDollar?: boolean;
  hasVip?: boolean;
  /** The store's promotion setting has cash dollar on (its plan needs hasCashDollar). */
  cashDollarEnabled?: boolean;
  welcomeCashDollarCents?: number;
  /** The store's promotion setting issues birthday coupons (10% off). */
  birthdayCoupons?: boolean;
  /**
   * The store takes website orders: cash and FPS (with a proof of payment) in its payment setting, SF
   * store pick-up (HK$30 anywhere) and self pickup in its delivery setting.
   */
  sells?: boolean;
  /** With `sells`: the store also takes cards, at this card fee (in basis points: 350 is 3.5 %). */
  cardFeeBasisPoints?: number;
}

/** The pickup address of a store that sells (`sells`). */
export const SHOP_ADDRESS = "Shop 1, 1 Example Street";

/** A store with its account, website data and (unless withPlan is false) a current plan. */
export async function createStore(db: Db | ShardDb, options: StoreOptions = {}) {
  const id = unique();
  const applicationKey = `store-${id}`;
  const email = `merchant-${id}@factory.test`;
  const modules = options.modules ?? MODULE_IDS;
  const today = hongKongDate(new Date());
  const [store] = await db
    .insert(storeAccounts)
    .values({
      applicationKey,
      storeName: options.storeName ?? `Store ${id}`,
      email,
      passwordHash: factoryPasswordHash(),
      subDomain: options.subDomain === undefined ? `shop-${id}` : options.subDomain,
      cmsSideMenu: [...(options.cmsSideMenu ?? MODULE_IDS)],
      acceptLanguage: ["zh-HK"],
      acceptCurrency: ["HKD"],
      enquiryOnly: options.enquiryOnly ?? false,
      disabled: options.disabled ?? false,
    })
    .returning();
  await db.insert(websiteData).values({ applicationKey });
  if ("placement" in db) {
    const { control } = db.placement;
    await control.batch([
      control.insert(storeDirectory).values({ applicationKey, shard: db.placement.shard }),
      control.insert(accountDirectory).values({ email, applicationKey }),
      control.insert(storeNameDirectory).values({ storeName: store.storeName, applicationKey }),
      ...(store.subDomain === null
        ? []
        : [control.insert(subDomainDirectory).values({ subDomain: store.subDomain, applicationKey })]),
    ]);
  }
  if (options.cashDollarEnabled || options.welcomeCashDollarCents || options.birthdayCoupons) {
    await db
      .update(storeSettings)
      .set({
        cashDollarEnabled: options.cashDollarEnabled ?? false,
        welcomeCashDollarCents: options.welcomeCashDollarCents ?? 0,
        birthdayCouponEnabled: options.birthdayCoupons ?? false,
      })
      .where(eq(storeSettings.applicationKey, applicationKey));
  }
  if (options.sells) {
    await db
      .update(storeSettings)
      .set({
        paymentMethods: {
          cash: { enabled: true },
          fps: { enabled: true, account_id: "1234567", requires_proof: true },
          ...(options.cardFeeBasisPoints === undefined ? {} : { credit_card: { enabled: true } }),
        },
        cardFeeBasisPoints: options.cardFeeBasisPoints ?? 0,
        deliveryMethods: {
          sf_store: { enabled: true, charge_cents: { hk: 30_00, kln: 30_00, nt: 30_00, island: 30_00 } },
          self_pickup: { enabled: true },
        },
      })
      .where(eq(storeSettings.applicationKey, applicationKey));
    // Its pickup address is a pickup location's, after the default location (position 1).
    await db
      .insert(locations)
      .values({ applicationKey, nameZhHk: "自取點", addressZhHk: SHOP_ADDRESS, isPickupPoint: true, position: 2 });
  }
  if (options.withPlan !== false) {
    const planType = options.planType ?? "paid";
    const [plan] = await controlOf(db)
      .insert(plans)
      .values({
        nameZhHk: `計劃 ${id}`,
        nameEn: `Plan ${id}`,
        planType,
        periodDays: 30,
        moduleList: [...modules],
        defaultLanguageAndCurrencyOnly: options.defaultLanguageAndCurrencyOnly ?? false,
        hasCashDollar: options.hasCashDollar ?? false,
        hasVip: options.hasVip ?? false,
      })
      .returning();
    // The purchase names its plan (a foreign key): a shard keeps a copy of the plan's row, as a purchase there does.
    if ("placement" in db && db.placement.shard !== CONTROL) await db.insert(plans).values(plan);
    await db.insert(purchasedPlans).values({
      applicationKey,
      planId: plan.id,
      storePaymentId: planType === "trial" ? "trial" : `payment-${id}`,
      startDate: addDays(today, -1),
      expiryDate: addDays(today, options.expiresInDays ?? 30),
      planType,
      planNameZhHk: plan.nameZhHk,
      planNameEn: plan.nameEn,
      moduleList: [...modules],
      defaultLanguageAndCurrencyOnly: plan.defaultLanguageAndCurrencyOnly,
      hasCashDollar: plan.hasCashDollar,
      hasVip: plan.hasVip,
    });
    await refreshCurrentPlan(db, today, applicationKey);
  }
  return {
    id: store.id,
    applicationKey,
    email,
    password: FACTORY_PASSWORD,
    storeName: store.storeName,
    subDomain: store.subDomain,
  };
}

export async function disableAccount(db: Db | ShardDb, kind: "console" | "store" | "store_staff", email: string) {
  const table = { console: internalAccounts, store: storeAccounts, store_staff: storeStaff }[kind];
  await (kind === "console" ? controlOf(db) : db).update(table).set({ disabled: true }).where(eq(table.email, email));
}

export async function latestEmailTo(db: Db | ShardDb, recipient: string) {
  const [message] = await controlOf(db)
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, recipient))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return message;
}

/** The latest e-mail to `recipient`, waiting for it: some mail is sent after the reply (waitUntil). */
export async function waitForEmailTo(db: Db | ShardDb, recipient: string) {
  for (let tries = 0; tries < 100; tries++) {
    const message = await latestEmailTo(db, recipient);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${recipient}`);
}

// Each module's own factories, for the tests that import them all from here.
export * from "./module-factories.generated";
