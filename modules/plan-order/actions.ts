import { and, count, eq, gt, gte, lt, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import type { PlanOrderListItem, PlanPromotionCodeRecord } from "./contract";
import { withValue } from "../../contract/messages";
import type { PurchasedPlanStatus } from "../store/contract";
import type { Db } from "../../backend/db/client";
import { contains } from "../../backend/db/like";
import { planPromotionCodes, purchasedPlans } from "../../backend/db/schema";
import { pagedAcross } from "../../backend/db/fan-out";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { logChange, oneName } from "../../backend/log";
import { defineAction } from "../../backend/registry";
import { errorText, rethrowUniqueViolation } from "../../backend/unique";

type CodeRow = typeof planPromotionCodes.$inferSelect;
type CodeFields = Payload<"add_plan_promotion_code_data">;

const UNIQUE_MESSAGES = {
  plan_promotion_code_unique: { message: "promotion-code-used", field: "code" },
  "plan_promotion_code.code": { message: "promotion-code-used", field: "code" },
} as const;

function toColumns(input: CodeFields) {
  return {
    code: input.code.toUpperCase(),
    discountType: input.discount_type,
    discountValue: (input.discount_type === "percentage" ? input.percent_off : input.cash_off_cents) ?? 0,
    validFrom: input.valid_from,
    validTo: input.valid_to,
    usageLimit: input.usage_limit ?? null,
    planIds: [...new Set(input.plan_ids)],
    disabled: input.disabled,
  };
}

export function codeToRecord(row: CodeRow): PlanPromotionCodeRecord {
  return {
    id: row.id,
    data_type: "plan_promotion_code_data",
    code: row.code,
    discount_type: row.discountType,
    percent_off: row.discountType === "percentage" ? row.discountValue : null,
    cash_off_cents: row.discountType === "cash" ? row.discountValue : null,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    usage_limit: row.usageLimit,
    times_used: row.timesUsed,
    plan_ids: row.planIds,
    disabled: row.disabled,
    create_date: row.createdAt,
    version: row.version,
  };
}

/** The fields as the log keeps them. */
function toLogged(columns: ReturnType<typeof toColumns>) {
  const {
    id: _id,
    data_type: _type,
    version: _v,
    create_date: _c,
    times_used: _t,
    ...fields
  } = codeToRecord({
    ...columns,
    id: 0,
    timesUsed: 0,
    version: 0,
    createdAt: "",
  });
  return fields;
}

export const codeById = (db: Db, id: number) =>
  db.select().from(planPromotionCodes).where(eq(planPromotionCodes.id, id)).limit(1);

/** The code as typed, any case (the unique index is NOCASE, so this reads through it). */
export const codeByCode = (db: Db, code: string) =>
  db
    .select()
    .from(planPromotionCodes)
    .where(sql`${planPromotionCodes.code} = ${code} COLLATE NOCASE`)
    .limit(1);

/** The price after a code: a percentage rounds to the cent, cash never goes below zero. */
export function discountedPrice(price: number, code: Pick<CodeRow, "discountType" | "discountValue">) {
  if (code.discountType === "percentage") return Math.round((price * (100 - code.discountValue)) / 100);
  return Math.max(0, price - code.discountValue);
}

/**
 * Why a code cannot be used for this plan today, as the order form's field error; null when it can.
 * The usage limit is checked here for the message, and held by the database in the order's batch.
 */
export function codeRefusal(code: CodeRow | undefined, planId: number, today: string) {
  if (!code || code.disabled) return "promotion-code-invalid" as const;
  if (today < code.validFrom || today > code.validTo) return "promotion-code-outside-dates" as const;
  if (code.usageLimit !== null && code.timesUsed >= code.usageLimit) return "promotion-code-used-up" as const;
  if (code.planIds.length > 0 && !code.planIds.includes(planId)) return "promotion-code-not-for-plan" as const;
  return null;
}

/** One more use, refused by the column's CHECK (times_used <= usage_limit) past the limit. */
export const useCode = (db: Db, id: number) =>
  db
    .update(planPromotionCodes)
    .set({ timesUsed: sql`${planPromotionCodes.timesUsed} + 1` })
    .where(eq(planPromotionCodes.id, id));

/** A use given back: the purchase it was for was not made. */
export const giveCodeBack = (db: Db, id: number) =>
  db
    .update(planPromotionCodes)
    .set({ timesUsed: sql`${planPromotionCodes.timesUsed} - 1` })
    .where(eq(planPromotionCodes.id, id));

/** A batch refused by the usage CHECK becomes the code field's "used up". */
export function rethrowCodeUsedUp(error: unknown): never {
  if (errorText(error).includes("plan_promotion_code_usage")) {
    throw new ActionError(409, "promotion-code-used-up", { promotion_code: ["promotion-code-used-up"] });
  }
  throw error;
}

/** A later started, enabled purchase of the same store: this one is no longer current. */
const superseded = (today: string) => sql`exists (
  select 1 from purchased_plan later
  where later.application_key = ${purchasedPlans.applicationKey} and later.disabled = 0 and later.start_date <= ${today}
    and (later.start_date > ${purchasedPlans.startDate} or (later.start_date = ${purchasedPlans.startDate} and later.id > ${purchasedPlans.id})))`;

/** The rule of withStatus (plans.ts) in SQL: disabled, upcoming, the store's latest started (current) or expired. */
const statusOf = (today: string) => sql<PurchasedPlanStatus>`case
  when ${purchasedPlans.disabled} then 'disabled'
  when ${purchasedPlans.startDate} > ${today} then 'upcoming'
  when ${purchasedPlans.expiryDate} >= ${today} and not ${superseded(today)} then 'current'
  else 'expired' end`;

function statusFilter(status: PurchasedPlanStatus | undefined, today: string): SQL | undefined {
  const enabled = eq(purchasedPlans.disabled, false);
  switch (status) {
    case "disabled":
      return eq(purchasedPlans.disabled, true);
    case "upcoming":
      return and(enabled, gt(purchasedPlans.startDate, today));
    case "current":
      return and(
        enabled,
        lte(purchasedPlans.startDate, today),
        gte(purchasedPlans.expiryDate, today),
        not(superseded(today)),
      );
    case "expired":
      return and(
        enabled,
        lte(purchasedPlans.startDate, today),
        or(lt(purchasedPlans.expiryDate, today), superseded(today)),
      );
    default:
      return undefined;
  }
}

// Written out in full: in a select list drizzle leaves the outer column unqualified, which the subquery would
// read as its own.
const storeName = sql<string>`(select store_name from store_account
  where store_account.application_key = purchased_plan.application_key)`;

/** Each sort of the plan orders, by its purchased_plan column. */
const ORDER_SORT_FIELD = {
  start_date: "startDate",
  expiry_date: "expiryDate",
  price: "priceCents",
  create_date: "createdAt",
} as const;

export const planOrderActions = [
  defineAction(
    "get_plan_promotion_code_data_and_total_number_by_sorting_and_limit",
    "console",
    async (input, { db }) => {
      const where = contains([planPromotionCodes.code], input.keyword);
      const sortBy = {
        create_date: planPromotionCodes.createdAt,
        code: planPromotionCodes.code,
        valid_to: planPromotionCodes.validTo,
      }[input.sorting];
      return pagedList(
        db,
        input,
        {
          rows: db.select().from(planPromotionCodes).where(where).$dynamic(),
          count: db.select({ total: count() }).from(planPromotionCodes).where(where).$dynamic(),
          sortBy,
          id: planPromotionCodes.id,
        },
        codeToRecord,
      );
    },
  ),

  defineAction("get_plan_promotion_code_data_by_id", "console", {
    reads: ({ id }, { db }) => [codeById(db, id)] as const,
    handler: async (_input, _context, [rows]) => codeToRecord(found(rows)),
  }),

  defineAction("add_plan_promotion_code_data", "console", async (input, { db, caller, now }) => {
    const columns = toColumns(input);
    const [[row]] = await db
      .batch([
        db.insert(planPromotionCodes).values(columns).returning({ id: planPromotionCodes.id }),
        logChange(db, caller, now, {
          action: "add",
          dataType: "plan_promotion_code_data",
          recordId: sql`last_insert_rowid()`,
          recordName: oneName(columns.code),
          before: null,
          after: toLogged(columns),
        }),
      ])
      .catch((error: unknown) => rethrowUniqueViolation(error, UNIQUE_MESSAGES));
    return { id: row.id };
  }),

  defineAction("update_plan_promotion_code_data_by_id", "console", {
    reads: ({ id }, { db }) => [codeById(db, id)] as const,
    handler: async ({ id, version, ...input }, { db, caller, now }, [rows]) => {
      const before = found(rows);
      const columns = toColumns(input);
      // A limit below the uses made so far (the CHECK would refuse it): said beside the field.
      if (columns.usageLimit !== null && columns.usageLimit < before.timesUsed) {
        throw new ActionError(400, "invalid-payload", {
          usage_limit: [withValue("minimum-number", before.timesUsed - 1)],
        });
      }
      await db
        .batch([
          db
            .update(planPromotionCodes)
            .set({ ...columns, version: nextVersion(planPromotionCodes.version, version) })
            .where(eq(planPromotionCodes.id, id)),
          logChange(db, caller, now, {
            action: "edit",
            dataType: "plan_promotion_code_data",
            recordId: id,
            recordName: oneName(columns.code),
            before: toLogged(before),
            after: toLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion)
        .catch((error: unknown) => rethrowUniqueViolation(error, UNIQUE_MESSAGES));
      return null;
    },
  }),

  // Every store's plan orders. Each filter and sort goes through an index of purchased_plan; the store's
  // name is read per row of the page through the store's unique key.
  defineAction(
    "get_purchased_plan_data_and_total_number_by_sorting_and_limit",
    "console",
    async (input, { databases, now }) => {
      const today = hongKongDate(now);
      const pattern = input.keyword && `%${input.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const where = and(
        pattern
          ? or(
              sql`${storeName} LIKE ${pattern} ESCAPE '\\'`,
              contains(
                [purchasedPlans.applicationKey, purchasedPlans.planNameZhHk, purchasedPlans.planNameEn],
                input.keyword,
              ),
            )
          : undefined,
        statusFilter(input.status, today),
        input.start_from ? gte(purchasedPlans.startDate, input.start_from) : undefined,
        input.start_to ? lte(purchasedPlans.startDate, input.start_to) : undefined,
      );
      // Plan orders live with their stores: every database's, merged.
      return pagedAcross(
        databases,
        input,
        (db) => ({
          rows: db
            .select({ row: purchasedPlans, storeName, status: statusOf(today) })
            .from(purchasedPlans)
            .where(where)
            .$dynamic(),
          count: db.select({ total: count() }).from(purchasedPlans).where(where).$dynamic(),
          sortBy: purchasedPlans[ORDER_SORT_FIELD[input.sorting]],
          id: purchasedPlans.id,
        }),
        ({ row }) => [row[ORDER_SORT_FIELD[input.sorting]], row.id],
        ({ row, storeName: name, status }): PlanOrderListItem => ({
          id: row.id,
          application_key: row.applicationKey,
          store_name: name,
          plan_id: row.planId,
          plan_type: row.planType,
          plan_name_zh_hk: row.planNameZhHk,
          plan_name_en: row.planNameEn,
          start_date: row.startDate,
          expiry_date: row.expiryDate,
          price_before_cents: row.priceBeforeCents,
          price_cents: row.priceCents,
          promotion_code: row.promotionCode,
          store_payment_id: row.storePaymentId,
          status,
          create_date: row.createdAt,
        }),
      );
    },
  ),
];
