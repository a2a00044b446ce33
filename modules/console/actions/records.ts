import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../backend/db/client";
import { fanOut } from "../../../backend/db/fan-out";
import {
  internalAccounts,
  plans,
  purchasedPlans,
  storeAccounts,
  storeStaff,
  storeStaffLocations,
  websiteData,
} from "../../../backend/db/schema";
import { notFound } from "../../../backend/errors";
import { defineAction } from "../../../backend/registry";
import {
  purchasedPlanToRecord,
  storeStaffToRecord,
  toRecord as storeAccountToRecord,
  websiteToRecord,
} from "../../store/actions";
import { toRecord as planToRecord } from "./plans";
import { toRecord as workerToRecord } from "./provider-staff";

type Reader = (db: Db, id: number) => Promise<{ id: number } | undefined>;

// Provider staff may read any record by id; each data type names its table and how it is shown.
const readers: Record<string, Reader> = {
  internal_account_data: async (db, id) => {
    const [row] = await db.select().from(internalAccounts).where(eq(internalAccounts.id, id));
    return row && workerToRecord(row);
  },
  store_account_data: async (db, id) => {
    const [row] = await db.select().from(storeAccounts).where(eq(storeAccounts.id, id));
    return row && storeAccountToRecord(row, undefined, undefined, undefined, undefined, [], false);
  },
  store_website_data: async (db, id) => {
    const [row] = await db.select().from(websiteData).where(eq(websiteData.id, id));
    return row && websiteToRecord(row);
  },
  store_staff_data: async (db, id) => {
    const [[row], locations] = await db.batch([
      db.select().from(storeStaff).where(eq(storeStaff.id, id)),
      db
        .select({ id: storeStaffLocations.locationId })
        .from(storeStaffLocations)
        .where(eq(storeStaffLocations.staffId, id))
        .orderBy(asc(storeStaffLocations.locationId)),
    ]);
    return row && storeStaffToRecord(row, locations);
  },
  plan_data: async (db, id) => {
    const [row] = await db.select().from(plans).where(eq(plans.id, id));
    return row && planToRecord(row);
  },
  purchased_plan_data: async (db, id) => {
    const [row] = await db.select().from(purchasedPlans).where(eq(purchasedPlans.id, id));
    return row && purchasedPlanToRecord(row);
  },
};

export const recordActions = [
  // A store's records are on its shard, the provider's in the control database: the one database that has it.
  defineAction("get_single_data_by_data_type_and_id", "console", async (input, { databases }) => {
    const [record] = (await fanOut(databases, (db) => readers[input.data_type](db, input.id))).filter(Boolean);
    if (!record) throw notFound();
    return { ...record, data_type: input.data_type };
  }),
];
