import { and, eq } from "drizzle-orm";
import { allows, permissionFor } from "../../contract/permissions";
import { products, storeAccounts, storeStaff, websiteData } from "../db/schema";
import { currentPlanQuery } from "../current-plan";
import { forbidden, notFound } from "../errors";
import { defineAction } from "../registry";
import { purchasedPlanData, storeAccountData, storeStaffData, websiteRecord } from "../serialize";

export const storeActions = [
  defineAction("get_store_account_data_by_application_key", "store", async (_input, { store, caller, now }) => {
    const ownStaffId = caller.accountType === "store_staff" ? caller.accountId : 0;
    const [[account], [website], [plan], [staff], anyProduct] = await store.batch([
      store.select(storeAccounts).limit(1),
      store.select(websiteData).limit(1),
      currentPlanQuery(store, now),
      store.select(storeStaff, eq(storeStaff.id, ownStaffId)).limit(1),
      store.selectFields(products, { id: products.id }).limit(1),
    ]);
    if (!account) throw notFound();
    return storeAccountData(account, website, plan, staff, anyProduct.length > 0);
  }),

  defineAction("get_store_website_data_by_application_key", "store", async (_input, { store }) => {
    const [website] = await store.select(websiteData).limit(1);
    if (!website) throw notFound();
    return websiteRecord(website);
  }),

  defineAction(
    "get_current_purchased_plan_exluding_disabled_by_application_key",
    "store",
    async (_input, { store, now }) => {
      const [plan] = await currentPlanQuery(store, now);
      return plan ? purchasedPlanData(plan) : null;
    },
  ),

  defineAction("get_single_data_by_data_type_and_application_key_and_id", "store", async (input, { store, caller }) => {
    const isOwnRecord = caller.accountType === "store_staff" && caller.accountId === input.id;
    if (!isOwnRecord && !allows(permissionFor(caller, "staff_account"), "read")) throw forbidden();
    const [staff] = await store.select(storeStaff, and(eq(storeStaff.id, input.id))).limit(1);
    if (!staff) throw notFound();
    return storeStaffData(staff);
  }),
];
