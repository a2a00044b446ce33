import { asc, count, desc, eq, sql } from "drizzle-orm";
import { hongKongDate } from "../../contract/dates";
import { internalAccounts, plans, purchasedPlans, storeAccounts, storeStaff, websiteData } from "../db/schema";
import { notFound } from "../errors";
import { defineAction, WithExtra } from "../registry";
import {
  internalAccountData,
  planData,
  purchasedPlanData,
  storeAccountData,
  storeStaffData,
  websiteRecord,
} from "../serialize";
import type { Db } from "../db/client";

type Reader = (db: Db, id: number) => Promise<{ id: number } | undefined>;

// Staff may read any record by id; each data type names its table and how it is shown.
const readers: Record<string, Reader> = {
  internal_account_data: async (db, id) => {
    const [row] = await db.select().from(internalAccounts).where(eq(internalAccounts.id, id));
    return row && internalAccountData(row);
  },
  store_account_data: async (db, id) => {
    const [row] = await db.select().from(storeAccounts).where(eq(storeAccounts.id, id));
    return row && storeAccountData(row, undefined, undefined, undefined);
  },
  store_website_data: async (db, id) => {
    const [row] = await db.select().from(websiteData).where(eq(websiteData.id, id));
    return row && websiteRecord(row);
  },
  store_staff_data: async (db, id) => {
    const [row] = await db.select().from(storeStaff).where(eq(storeStaff.id, id));
    return row && storeStaffData(row);
  },
  plan_data: async (db, id) => {
    const [row] = await db.select().from(plans).where(eq(plans.id, id));
    return row && planData(row);
  },
  purchased_plan_data: async (db, id) => {
    const [row] = await db.select().from(purchasedPlans).where(eq(purchasedPlans.id, id));
    return row && purchasedPlanData(row);
  },
};

/** The plan a store is on now, as a correlated subquery (served by purchased_plan_store_current_idx). */
function currentPlanColumn<T>(column: "plan_type" | "expiry_date", today: string) {
  return sql<T>`(select ${sql.raw(`p.${column}`)} from ${purchasedPlans} p
    where p.application_key = ${storeAccounts.applicationKey} and p.disabled = 0 and p.start_date <= ${today}
    order by p.start_date desc, p.id desc limit 1)`;
}

export const staffActions = [
  defineAction("get_single_data_by_data_type_and_id", "staff", async (input, { db }) => {
    const record = await readers[input.data_type](db, input.id);
    if (!record) throw notFound();
    return { ...record, data_type: input.data_type };
  }),

  defineAction(
    "get_store_account_data_and_total_number_by_sorting_and_limit",
    "staff",
    async ({ sorting, direction, limit, page }, { db, now }) => {
      const today = hongKongDate(now);
      const column = sorting === "store_name" ? storeAccounts.storeName : storeAccounts.createdAt;
      const [rows, [{ total }]] = await db.batch([
        db
          .select({
            id: storeAccounts.id,
            application_key: storeAccounts.applicationKey,
            store_name: storeAccounts.storeName,
            email: storeAccounts.email,
            sub_domain: storeAccounts.subDomain,
            enquiry_only: storeAccounts.enquiryOnly,
            disabled: storeAccounts.disabled,
            create_date: storeAccounts.createdAt,
            plan_type: currentPlanColumn<"trial" | "paid" | null>("plan_type", today),
            expiry_date: currentPlanColumn<string | null>("expiry_date", today),
          })
          .from(storeAccounts)
          .orderBy(direction === "ASC" ? asc(column) : desc(column), desc(storeAccounts.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(storeAccounts),
      ]);
      return new WithExtra(rows, { total_number: total });
    },
  ),
];
