import { eq, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { purchasedPlans, storeAccounts } from "./db/schema";

/** The current plan of the store in the enclosing query: the latest started one not disabled. */
function currentPlanValue(column: "plan_type" | "expiry_date", today: string) {
  return sql`(select ${sql.raw(`p.${column}`)} from ${purchasedPlans} p
    where p.application_key = ${storeAccounts.applicationKey} and p.disabled = 0 and p.start_date <= ${today}
    order by p.start_date desc, p.id desc limit 1)`;
}

/**
 * Copies each store's current plan onto store_account (for indexed filters and sorts). Runs in the
 * batch of every plan write for that store, and daily for all stores when new plans start.
 */
export function refreshCurrentPlan(db: Db, today: string, applicationKey?: string) {
  const update = db.update(storeAccounts).set({
    currentPlanType: currentPlanValue("plan_type", today),
    currentPlanExpiryDate: currentPlanValue("expiry_date", today),
  });
  return applicationKey ? update.where(eq(storeAccounts.applicationKey, applicationKey)) : update;
}
