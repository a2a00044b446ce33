import { desc, eq, lte, sql } from "drizzle-orm";
import { hongKongDate } from "../contract/dates";
import { enabledModules, type ModuleId } from "../contract/modules";
import type { Db } from "./db/client";
import type { StoreScope } from "./db/scope";
import { notMoving } from "./db/store-moving";
import { purchasedPlans, storeAccounts } from "./db/schema";

/** The current plan of the store in the enclosing query: the latest started one not disabled. */
export function currentPlanValue(column: "plan_type" | "expiry_date" | "module_list", today: string) {
  return sql`(select ${sql.raw(`p.${column}`)} from ${purchasedPlans} p
    where p.application_key = ${storeAccounts.applicationKey} and p.disabled = 0 and p.start_date <= ${today}
    order by p.start_date desc, p.id desc limit 1)`;
}

/**
 * Copies each store's current plan onto store_account (for indexed filters and sorts). Runs in the
 * batch of every plan write for that store, and daily for all stores when new plans start (but those moving).
 */
export function refreshCurrentPlan(db: Db, today: string, applicationKey?: string) {
  const update = db.update(storeAccounts).set({
    currentPlanType: currentPlanValue("plan_type", today),
    currentPlanExpiryDate: currentPlanValue("expiry_date", today),
  });
  return update.where(
    applicationKey ? eq(storeAccounts.applicationKey, applicationKey) : notMoving(storeAccounts.applicationKey),
  );
}

/** The current plan: the latest started one that is not disabled (it may have expired). */
export function currentPlanQuery(store: StoreScope, now: Date) {
  return store
    .select(purchasedPlans, eq(purchasedPlans.disabled, false), lte(purchasedPlans.startDate, hongKongDate(now)))
    .orderBy(desc(purchasedPlans.startDate), desc(purchasedPlans.id))
    .limit(1);
}

/** The modules the store may use now: in its current plan's module_list and its side menu. */
export function storeModulesQueries(store: StoreScope, now: Date) {
  return [store.select(storeAccounts).limit(1), currentPlanQuery(store, now)] as const;
}

export function toStoreModules(
  [account]: { cmsSideMenu: string[] }[],
  [plan]: { moduleList: string[] }[],
): Set<ModuleId> {
  return enabledModules(plan?.moduleList ?? [], account?.cmsSideMenu ?? []);
}
