import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Payload, PlanRecord, PurchasedPlanRecord } from "../../../contract/actions";
import { hongKongDate } from "../../../contract/dates";
import type { ModuleId } from "../../../contract/modules";
import { refreshCurrentPlan } from "../../../backend/current-plan";
import type { Db } from "../../../backend/db/client";
import { CONTROL } from "../../../backend/db/databases";
import { forStore } from "../../../backend/db/scope";
import { plans, purchasedPlans } from "../../../backend/db/schema";
import { pagedList } from "../../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../../backend/db/version";
import { ActionError, found, notFound } from "../../../backend/errors";
import {
  codeByCode,
  codeRefusal,
  discountedPrice,
  giveCodeBack,
  rethrowCodeUsedUp,
  useCode,
} from "../../plan-order/actions";
import { storeByKey } from "./stores";
import { logChange, namesOf, type RecordName } from "../../../backend/log";
import { defineAction } from "../../../backend/registry";
import { purchasedPlanToRecord } from "../../store/actions";

type PlanRow = typeof plans.$inferSelect;

function toColumns(input: Payload<"add_plan_data">) {
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

export function toRecord(row: PlanRow): PlanRecord {
  return {
    id: row.id,
    data_type: "plan_data",
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    plan_type: row.planType,
    price_cents: row.priceCents,
    period_days: row.periodDays,
    module_list: row.moduleList as ModuleId[],
    has_cash_dollar: row.hasCashDollar,
    has_vip: row.hasVip,
    default_language_and_currency_only: row.defaultLanguageAndCurrencyOnly,
    disabled: row.disabled,
    version: row.version,
  };
}

/** The fields as the payload names them, as they are stored, for the log. */
function toLogged(row: Omit<PlanRow, "id" | "createdAt" | "version">) {
  const {
    id: _id,
    data_type: _type,
    version: _version,
    ...fields
  } = toRecord({
    ...row,
    id: 0,
    createdAt: "",
    version: 0,
  });
  return fields;
}

const planById = (db: Db, id: number) => db.select().from(plans).where(eq(plans.id, id)).limit(1);

/** Current, upcoming, expired or disabled, seen from today in Hong Kong. */
function withStatus(rows: (typeof purchasedPlans.$inferSelect)[], today: string): PurchasedPlanRecord[] {
  const current = rows.find((row) => !row.disabled && row.startDate <= today);
  return rows.map((row) => ({
    ...purchasedPlanToRecord(row),
    price_before_cents: row.priceBeforeCents,
    price_cents: row.priceCents,
    promotion_code: row.promotionCode,
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

const toLoggedPurchase = (
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

/** A purchase is known by the plan it bought, as that plan was named then. */
const planNameOf = (purchase: { planNameZhHk: string; planNameEn: string }): RecordName => ({
  zhHk: purchase.planNameZhHk,
  en: purchase.planNameEn,
});

export const planActions = [
  defineAction("get_plan_data_and_total_number_by_sorting_and_limit", "console", async (input, { db }) => {
    const where = input.include_disabled ? undefined : eq(plans.disabled, false);
    return pagedList(
      db,
      input,
      {
        rows: db.select().from(plans).where(where).$dynamic(),
        count: db.select({ total: count() }).from(plans).where(where).$dynamic(),
        sortBy: input.sorting === "name_en" ? plans.nameEn : plans.createdAt,
        id: plans.id,
      },
      toRecord,
    );
  }),

  defineAction("get_plan_data_list_by_include_disabled", "console", async ({ include_disabled }, { db }) => {
    const rows = await db
      .select()
      .from(plans)
      .where(include_disabled ? undefined : eq(plans.disabled, false))
      .orderBy(asc(plans.nameEn), asc(plans.id));
    return rows.map(toRecord);
  }),

  defineAction("add_plan_data", "console", async (input, { db, caller, now }) => {
    const [[plan]] = await db.batch([
      db.insert(plans).values(toColumns(input)).returning({ id: plans.id }),
      logChange(db, caller, now, {
        action: "add",
        dataType: "plan_data",
        recordId: sql`last_insert_rowid()`,
        recordName: namesOf(toColumns(input)),
        before: null,
        after: toLogged({ ...toColumns(input), disabled: false }),
      }),
    ]);
    return { id: plan.id };
  }),

  defineAction("update_plan_data_by_id", "console", {
    reads: ({ id }, { db }) => [planById(db, id)] as const,
    handler: async ({ id, disabled, version, ...input }, { db, caller, now }, [rows]) => {
      const before = found(rows);
      const after = { ...toColumns(input), disabled };
      await db
        .batch([
          db
            .update(plans)
            .set({ ...after, version: nextVersion(plans.version, version) })
            .where(eq(plans.id, id)),
          logChange(db, caller, now, {
            action: "edit",
            dataType: "plan_data",
            recordId: id,
            recordName: namesOf(after),
            before: toLogged(before),
            after: toLogged(after),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  // The merchant may read their own plan history (my plan, bills); ordering and editing is the console's.
  defineAction("get_purchased_plan_data_list_by_application_key", "store:account", async (_input, { store, now }) => {
    const rows = await store.select(purchasedPlans).orderBy(desc(purchasedPlans.startDate), desc(purchasedPlans.id));
    return withStatus(rows, hongKongDate(now));
  }),

  /**
   * The purchase keeps a snapshot of the plan; the store's current plan is refreshed in the same batch. For a store
   * on a shard the promotion code's use (in the control database) comes first and is given back if the shard
   * refuses the purchase.
   */
  defineAction("add_purchased_plan_data", "console", {
    reads: ({ plan_id, promotion_code }, { db }) =>
      [planById(db, plan_id), codeByCode(db, promotion_code ?? "")] as const,
    storeReads: ({ application_key }, db) => [storeByKey(db, application_key)] as const,
    handler: async (input, { db, caller, now }, [[plan], [code]], { home, read: [stores] }) => {
      const store = found(stores);
      if (!plan || plan.disabled) throw notFound();
      const today = hongKongDate(now);
      const refusal = input.promotion_code ? codeRefusal(code, plan.id, today) : null;
      if (refusal) throw new ActionError(400, "invalid-payload", { promotion_code: [refusal] });
      const priceBefore = input.plan_type === "trial" ? 0 : plan.priceCents;
      const usedCode = input.promotion_code ? code : undefined;
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
        priceBeforeCents: priceBefore,
        priceCents: usedCode ? discountedPrice(priceBefore, usedCode) : priceBefore,
        promotionCode: usedCode?.code ?? null,
      };
      const purchase = (shard: Db) =>
        [
          shard.insert(purchasedPlans).values(values).returning({ id: purchasedPlans.id }),
          logChange(shard, caller, now, {
            action: "add",
            dataType: "purchased_plan_data",
            recordId: sql`last_insert_rowid()`,
            recordName: planNameOf(values),
            applicationKey: store.applicationKey,
            before: null,
            after: {
              plan_id: plan.id,
              plan_type: input.plan_type,
              ...toLoggedPurchase({ ...values, disabled: false }),
              price_before_cents: values.priceBeforeCents,
              price_cents: values.priceCents,
              promotion_code: values.promotionCode,
            },
          }),
          refreshCurrentPlan(shard, today, store.applicationKey),
        ] as const;
      // The code's use is in the purchase's batch where it can be: past its limit the CHECK fails it all.
      if (home.binding === CONTROL) {
        const [[made]] = await db
          .batch([...purchase(db), ...(usedCode ? [useCode(db, usedCode.id)] : [])])
          .catch(rethrowCodeUsedUp);
        return { id: made.id };
      }
      if (usedCode) await useCode(db, usedCode.id).catch(rethrowCodeUsedUp);
      // The purchase names its plan (a foreign key): the shard keeps a copy of the plan's row for it.
      const planCopy = home.db.insert(plans).values(plan).onConflictDoNothing();
      const [, [made]] = await home.db.batch([planCopy, ...purchase(home.db)]).catch(async (error: unknown) => {
        if (usedCode) await giveCodeBack(db, usedCode.id);
        throw error;
      });
      return { id: made.id };
    },
  }),

  defineAction("update_purchased_plan_data_by_application_key_and_id", "console", {
    storeReads: ({ application_key, id }, db) =>
      [forStore(db, application_key).select(purchasedPlans, eq(purchasedPlans.id, id)).limit(1)] as const,
    handler: async (input, { caller, now }, _read, { home, read: [rows] }) => {
      const store = forStore(home.db, input.application_key);
      const before = found(rows);
      const changes = {
        storePaymentId: before.planType === "trial" ? "trial" : input.store_payment_id,
        startDate: input.start_date,
        expiryDate: input.expiry_date,
        moduleList: input.module_list,
        disabled: input.disabled,
      };
      await home.db
        .batch([
          home.db
            .update(purchasedPlans)
            .set({ ...changes, version: nextVersion(purchasedPlans.version, input.version) })
            .where(store.where(purchasedPlans, eq(purchasedPlans.id, input.id))),
          logChange(home.db, caller, now, {
            action: "edit",
            dataType: "purchased_plan_data",
            recordId: input.id,
            recordName: planNameOf(before),
            applicationKey: input.application_key,
            before: toLoggedPurchase(before),
            after: toLoggedPurchase(changes),
          }),
          refreshCurrentPlan(home.db, hongKongDate(now), input.application_key),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),
];
