import { count, desc, eq, sql } from "drizzle-orm";
import type { Payload, PurchasedPlanRecord } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import { refreshCurrentPlan } from "../current-plan";
import { forStore } from "../db/scope";
import { plans, purchasedPlans, storeAccounts } from "../db/schema";
import { notFound } from "../errors";
import { logChange } from "../log";
import { listOrder } from "../db/order";
import { defineAction, WithExtra } from "../registry";
import { planData, purchasedPlanData } from "../serialize";

function planColumns(input: Payload<"add_plan_data">) {
  return {
    nameZhHk: input.name_zh_hk,
    nameEn: input.name_en,
    planType: input.plan_type,
    priceCents: input.price_cents,
    periodDays: input.period_days,
    moduleList: input.module_list,
    hasCashDollar: input.has_cash_dollar,
    hasVip: input.has_vip,
    defaultLanguageAndCurrencyOnly: input.default_language_and_currency_only,
  };
}

/** A plan row as the payload names its fields, for the log. */
function planFields(row: typeof plans.$inferSelect): Payload<"add_plan_data"> & { disabled: boolean } {
  return {
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    plan_type: row.planType,
    price_cents: row.priceCents,
    period_days: row.periodDays,
    module_list: row.moduleList as Payload<"add_plan_data">["module_list"],
    has_cash_dollar: row.hasCashDollar,
    has_vip: row.hasVip,
    default_language_and_currency_only: row.defaultLanguageAndCurrencyOnly,
    disabled: row.disabled,
  };
}

/** Current, upcoming, expired or disabled, seen from today in Hong Kong. */
function withStatus(rows: (typeof purchasedPlans.$inferSelect)[], today: string): PurchasedPlanRecord[] {
  const current = rows.find((row) => !row.disabled && row.startDate <= today);
  return rows.map((row) => ({
    ...purchasedPlanData(row),
    plan_id: row.planId,
    disabled: row.disabled,
    create_date: row.createdAt,
    status: row.disabled
      ? "disabled"
      : row.startDate > today
        ? "upcoming"
        : row === current && row.expiryDate >= today
          ? "current"
          : "expired",
  }));
}

const loggedPurchase = (
  row: Pick<
    typeof purchasedPlans.$inferSelect,
    "storePaymentId" | "startDate" | "expiryDate" | "moduleList" | "disabled"
  >,
) => ({
  store_payment_id: row.storePaymentId,
  start_date: row.startDate,
  expiry_date: row.expiryDate,
  module_list: row.moduleList,
  disabled: row.disabled,
});

export const planActions = [
  defineAction(
    "get_plan_data_and_total_number_by_sorting_and_limit",
    "staff",
    async ({ sorting, direction, limit, page, include_disabled }, { db }) => {
      const where = include_disabled ? undefined : eq(plans.disabled, false);
      const column = sorting === "name_en" ? plans.nameEn : plans.createdAt;
      const [rows, [{ total }]] = await db.batch([
        db
          .select()
          .from(plans)
          .where(where)
          .orderBy(...listOrder(direction, column, plans.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(plans).where(where),
      ]);
      return new WithExtra(rows.map(planData), { total_number: total });
    },
  ),

  defineAction("add_plan_data", "staff", async (input, { db, caller, now }) => {
    const [[plan]] = await db.batch([
      db.insert(plans).values(planColumns(input)).returning({ id: plans.id }),
      logChange(db, caller, now, {
        action: "add",
        dataType: "plan_data",
        recordId: sql`last_insert_rowid()`,
        before: null,
        after: input,
      }),
    ]);
    return { id: plan.id };
  }),

  defineAction("update_plan_data_by_id", "staff", async ({ id, disabled, ...input }, { db, caller, now }) => {
    const [before] = await db.select().from(plans).where(eq(plans.id, id));
    if (!before) throw notFound();
    await db.batch([
      db
        .update(plans)
        .set({ ...planColumns(input), disabled })
        .where(eq(plans.id, id)),
      logChange(db, caller, now, {
        action: "edit",
        dataType: "plan_data",
        recordId: id,
        before: planFields(before),
        after: { ...input, disabled },
      }),
    ]);
    return null;
  }),

  // The merchant may read their own plan history (my plan, bills); ordering and editing is staff's.
  defineAction("get_purchased_plan_data_list_by_application_key", "store", async (_input, { store, now }) => {
    const rows = await store.select(purchasedPlans).orderBy(desc(purchasedPlans.startDate), desc(purchasedPlans.id));
    return withStatus(rows, hongKongDate(now));
  }),

  // The purchase keeps a snapshot of the plan; the store's current plan is refreshed in the same batch.
  defineAction("add_purchased_plan_data", "staff", async (input, { db, caller, now }) => {
    const [[store], [plan]] = await db.batch([
      db.select().from(storeAccounts).where(eq(storeAccounts.applicationKey, input.application_key)),
      db.select().from(plans).where(eq(plans.id, input.plan_id)),
    ]);
    if (!store || !plan || plan.disabled) throw notFound();
    const values = {
      applicationKey: store.applicationKey,
      planId: plan.id,
      storePaymentId: input.plan_type === "trial" ? "trial" : input.store_payment_id,
      startDate: input.start_date,
      expiryDate: input.expiry_date,
      planType: input.plan_type,
      planNameZhHk: plan.nameZhHk,
      planNameEn: plan.nameEn,
      moduleList: input.module_list,
      hasCashDollar: plan.hasCashDollar,
      hasVip: plan.hasVip,
      defaultLanguageAndCurrencyOnly: plan.defaultLanguageAndCurrencyOnly,
    };
    const [[purchase]] = await db.batch([
      db.insert(purchasedPlans).values(values).returning({ id: purchasedPlans.id }),
      logChange(db, caller, now, {
        action: "add",
        dataType: "purchased_plan_data",
        recordId: sql`last_insert_rowid()`,
        applicationKey: store.applicationKey,
        before: null,
        after: { plan_id: plan.id, plan_type: input.plan_type, ...loggedPurchase({ ...values, disabled: false }) },
      }),
      refreshCurrentPlan(db, hongKongDate(now), store.applicationKey),
    ]);
    return { id: purchase.id };
  }),

  defineAction("update_purchased_plan_data_by_id", "staff", async (input, { db, caller, now }) => {
    const store = forStore(db, input.application_key);
    const [before] = await store.select(purchasedPlans, eq(purchasedPlans.id, input.id));
    if (!before) throw notFound();
    const changes = {
      storePaymentId: before.planType === "trial" ? "trial" : input.store_payment_id,
      startDate: input.start_date,
      expiryDate: input.expiry_date,
      moduleList: input.module_list,
      disabled: input.disabled,
    };
    await db.batch([
      db
        .update(purchasedPlans)
        .set(changes)
        .where(store.where(purchasedPlans, eq(purchasedPlans.id, input.id))),
      logChange(db, caller, now, {
        action: "edit",
        dataType: "purchased_plan_data",
        recordId: input.id,
        applicationKey: input.application_key,
        before: loggedPurchase(before),
        after: loggedPurchase(changes),
      }),
      refreshCurrentPlan(db, hongKongDate(now), input.application_key),
    ]);
    return null;
  }),
];
