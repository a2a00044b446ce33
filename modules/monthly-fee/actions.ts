import { and, count, desc, eq, getTableColumns, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { addDays } from "../../contract/course-calendar";
import {
  MAX_MEMBER_RECORDS,
  MAX_MONTHLY_MEMBER_CHOICES,
  type MemberMonthlyFees,
  type MonthlyFeePlanChoice,
  type MonthlyFeePlanRecord,
  type MonthlyFeeRecord,
} from "./contract";
import { PAYMENT_METHODS } from "../../contract/options";
import { paymentMethodRefusal } from "../../backend/checkout";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import { members, monthlyFeePlans, monthlyFeeRecords, storeAccounts, storeSettings } from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found, notFound } from "../../backend/errors";
import { namesOf, oneName, type RecordName } from "../../backend/log";
import { defineStoreCrud } from "../../backend/crud";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { saveStoreSettings, settingsEditReads } from "../../backend/store-settings";
import { errorText, rethrowInUse } from "../../backend/unique";
import { payLinkFor } from "../../backend/pay-link";
import { sendPayLink } from "../../backend/pay-link-mail";

type PlanFields = Omit<Payload<"add_monthly_fee_plan_data">, "application_key">;
type RecordRow = typeof monthlyFeeRecords.$inferSelect;
type ListedRow = RecordRow & { memberName: string; memberCode: string; planNameZhHk: string; planNameEn: string };

const PLAN_DATA_TYPE = "monthly_fee_plan_data";
const RECORD_DATA_TYPE = "monthly_fee_record_data";

// ---------------------------------------------------------------------------------------------
// Plans

const planColumns = (input: PlanFields) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  days: input.days,
  priceCents: input.price_cents,
  active: input.active,
});

const planRecord = (row: typeof monthlyFeePlans.$inferSelect): MonthlyFeePlanRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt"], add: { create_date: row.createdAt } });

const planChoice = (row: typeof monthlyFeePlans.$inferSelect): MonthlyFeePlanChoice => ({
  id: row.id,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  days: row.days,
  price_cents: row.priceCents,
});

const planLogged = (columns: ReturnType<typeof planColumns>) =>
  snakeCased(columns, { pick: ["nameZhHk", "nameEn", "days", "priceCents", "active"] });

const planById = (store: StoreScope, id: number) => store.select(monthlyFeePlans, eq(monthlyFeePlans.id, id)).limit(1);

const planCrud = defineStoreCrud({
  entity: "monthly_fee_plan",
  table: monthlyFeePlans,
  module: "monthly_fee",
  dataType: PLAN_DATA_TYPE,
  toColumns: planColumns,
  toRecord: planRecord,
  toLogged: planLogged,
  nameOf: namesOf,
});

// ---------------------------------------------------------------------------------------------
// Records

const SORT_COLUMNS = {
  period_start: monthlyFeeRecords.periodStart,
  create_date: monthlyFeeRecords.createdAt,
} as const;

/** A column of the record's member or plan beside it: one lookup by primary key per row. */
const memberField = <K extends "name" | "memberCode" | "email">(store: StoreScope, column: K) =>
  sql<string>`(select ${members[column]} from ${members} where ${store.where(members, eq(members.id, monthlyFeeRecords.memberId))})`;
const planField = <K extends "nameZhHk" | "nameEn">(store: StoreScope, column: K) =>
  sql<string>`(select ${monthlyFeePlans[column]} from ${monthlyFeePlans} where ${store.where(monthlyFeePlans, eq(monthlyFeePlans.id, monthlyFeeRecords.planId))})`;

/** The day after the member's latest period that is not cancelled: when their next one starts. */
const nextDueDate = (store: StoreScope) =>
  sql<
    string | null
  >`(select date(${monthlyFeeRecords.periodEnd}, '+1 day') from ${monthlyFeeRecords} where ${store.where(monthlyFeeRecords, eq(monthlyFeeRecords.memberId, members.id), ne(monthlyFeeRecords.status, "cancelled"))} order by ${monthlyFeeRecords.periodStart} desc limit 1)`;

const recordFields = (store: StoreScope) => ({
  ...getTableColumns(monthlyFeeRecords),
  memberName: memberField(store, "name"),
  memberCode: memberField(store, "memberCode"),
  planNameZhHk: planField(store, "nameZhHk"),
  planNameEn: planField(store, "nameEn"),
});

const toRecord = (row: ListedRow): MonthlyFeeRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "paymentMethod", "createdAt"],
    add: {
      payment_method: row.paymentMethod as MonthlyFeeRecord["payment_method"],
      create_date: row.createdAt,
    },
  });

const recordById = (store: StoreScope, id: number) =>
  store.selectFields(monthlyFeeRecords, recordFields(store), eq(monthlyFeeRecords.id, id)).limit(1);

/** What the member still owes by a pay link: the amount of a pending record; null otherwise. */
const owedCents = (row: Pick<RecordRow, "status" | "amountCents">) =>
  row.status === "pending" && row.amountCents > 0 ? row.amountCents : null;

const recordName = (row: Pick<ListedRow, "memberName" | "periodStart" | "periodEnd">): RecordName =>
  oneName(`${row.memberName} ${row.periodStart} – ${row.periodEnd}`);

const recordLogged = (row: Partial<RecordRow>) => ({
  plan_id: row.planId,
  period_start: row.periodStart,
  period_end: row.periodEnd,
  amount_cents: row.amountCents,
  status: row.status,
  renews: row.renews,
  payment_method: row.paymentMethod,
  paid_at: row.paidAt,
  note: row.note,
});

/** Part of the member's name, phone or code. */
function keywordMatch(store: StoreScope, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  return inArray(
    monthlyFeeRecords.memberId,
    store.selectFields(
      members,
      { id: members.id },
      contains([members.name, members.phone, members.memberCode], keyword),
    ),
  );
}

/** The refusals of a new record, by the trigger or index that refused it. */
function rethrowRecordRefusal(error: unknown): never {
  const text = errorText(error);
  if (text.includes("monthly_plan_not_found")) {
    throw new ActionError(404, "monthly-plan-not-found", { plan_id: ["monthly-plan-not-found"] });
  }
  if (text.includes("monthly_fee_plan_mismatch")) {
    throw new ActionError(409, "monthly-fee-plan-mismatch", { plan_id: ["monthly-fee-plan-mismatch"] });
  }
  if (text.includes("monthly_fee_member_not_found")) throw notFound();
  if (
    text.includes("monthly_fee_period_taken") ||
    text.includes("UNIQUE constraint failed: monthly_fee_record.application_key")
  ) {
    throw new ActionError(409, "monthly-fee-period-taken", { period_start: ["monthly-fee-period-taken"] });
  }
  throw error;
}

/**
 * A move away from pending, compare-and-set: the version turns NULL (refused by NOT NULL) when the record is
 * no longer pending, so of two moves at once exactly one is saved, its log entry with it.
 */
const versionIfPending = sql<number>`case when ${monthlyFeeRecords.status} = 'pending' then ${monthlyFeeRecords.version} + 1 end`;

function rethrowNotPending(error: unknown): never {
  if (errorText(error).includes("NOT NULL constraint failed: monthly_fee_record.version")) {
    throw new ActionError(409, "monthly-fee-not-pending");
  }
  throw error;
}

export const monthlyFeeActions = [
  planCrud.list({
    search: [monthlyFeePlans.nameZhHk, monthlyFeePlans.nameEn],
    sorts: { create_date: monthlyFeePlans.createdAt },
    filter: ({ status }) => (status ? eq(monthlyFeePlans.active, status === "active") : undefined),
  }),
  planCrud.get(),
  planCrud.add(),
  planCrud.edit(),
  planCrud.delete({ refusal: rethrowInUse }),

  defineAction("get_monthly_fee_setting_data_by_application_key", "store:monthly_fee:read", {
    reads: (_input, { store }) => [store.select(storeSettings).limit(1)] as const,
    handler: async (_input, _context, [settings]) => {
      const setting = found(settings);
      return { reminder_days: setting.monthlyFeeReminderDays, version: setting.monthlyFeeVersion };
    },
  }),

  defineAction("update_monthly_fee_setting_data_by_application_key", "store:monthly_fee:write", {
    reads: (_input, { store }) => settingsEditReads(store),
    handler: async ({ reminder_days, version }, context, [accounts, settings]) => {
      const before = found(settings);
      await saveStoreSettings(
        context,
        accounts,
        {
          monthlyFeeReminderDays: reminder_days,
          monthlyFeeVersion: nextVersion(storeSettings.monthlyFeeVersion, version),
        },
        {
          before: { monthly_fee_reminder_days: before.monthlyFeeReminderDays },
          after: { monthly_fee_reminder_days: reminder_days },
        },
      );
      return null;
    },
  }),

  /** A plan filter names one of the store's plans: another store's or a deleted one is 404. */
  defineAction("get_monthly_fee_record_data_and_total_number_by_sorting_and_limit", "store:monthly_fee:read", {
    reads: ({ plan_id }, { store }) =>
      [
        store.selectFields(monthlyFeePlans, { id: monthlyFeePlans.id }, eq(monthlyFeePlans.id, plan_id ?? 0)).limit(1),
      ] as const,
    handler: async (input, { store }, [plans]) => {
      if (input.plan_id !== undefined) found(plans);
      const matching = and(
        keywordMatch(store, input.keyword),
        input.status === undefined ? undefined : eq(monthlyFeeRecords.status, input.status),
        input.plan_id === undefined ? undefined : eq(monthlyFeeRecords.planId, input.plan_id),
        input.period_from === undefined ? undefined : gte(monthlyFeeRecords.periodStart, input.period_from),
        input.period_to === undefined ? undefined : lte(monthlyFeeRecords.periodStart, input.period_to),
      );
      return pagedList(
        store,
        input,
        {
          rows: store.selectFields(monthlyFeeRecords, recordFields(store), matching),
          count: store.selectFields(monthlyFeeRecords, { total: count() }, matching),
          sortBy: SORT_COLUMNS[input.sorting],
          id: monthlyFeeRecords.id,
        },
        toRecord,
      );
    },
  }),

  defineAction("get_monthly_fee_record_option_data_list_by_application_key_and_keyword", "store:monthly_fee:read", {
    reads: ({ keyword }, { store }) =>
      [
        store
          .selectFields(
            members,
            {
              id: members.id,
              memberCode: members.memberCode,
              name: members.name,
              phone: members.phone,
              nextDueDate: nextDueDate(store),
            },
            keyword ? contains([members.name, members.phone, members.memberCode], keyword) : sql`0`,
            eq(members.disabled, false),
          )
          .orderBy(sql`${members.name} COLLATE NOCASE`)
          .limit(MAX_MONTHLY_MEMBER_CHOICES),
        store.select(monthlyFeePlans, eq(monthlyFeePlans.active, true)).orderBy(monthlyFeePlans.createdAt),
        store.select(storeSettings).limit(1),
      ] as const,
    handler: async (_input, _context, [memberRows, plans, [setting]]) => ({
      members: memberRows.map((row) => ({
        id: row.id,
        member_code: row.memberCode,
        name: row.name,
        phone: row.phone,
        next_due_date: row.nextDueDate,
      })),
      plans: plans.map(planChoice),
      payment_methods: PAYMENT_METHODS.filter(
        (method) => setting !== undefined && paymentMethodRefusal(setting, method, "pos") === null,
      ),
    }),
  }),

  defineAction("get_monthly_fee_record_data_list_by_application_key_and_member_id", "store:monthly_fee:read", {
    reads: ({ member_id }, { store }) =>
      [
        store
          .selectFields(
            members,
            {
              id: members.id,
              memberCode: members.memberCode,
              name: members.name,
              phone: members.phone,
              email: members.email,
            },
            eq(members.id, member_id),
          )
          .limit(1),
        store
          .selectFields(monthlyFeeRecords, recordFields(store), eq(monthlyFeeRecords.memberId, member_id))
          .orderBy(desc(monthlyFeeRecords.periodStart))
          .limit(MAX_MEMBER_RECORDS),
        store
          .selectFields(
            monthlyFeeRecords,
            { periodEnd: monthlyFeeRecords.periodEnd, status: monthlyFeeRecords.status },
            eq(monthlyFeeRecords.memberId, member_id),
            ne(monthlyFeeRecords.status, "cancelled"),
          )
          .orderBy(desc(monthlyFeeRecords.periodStart))
          .limit(1),
      ] as const,
    handler: async (_input, { store, env, now }, [memberRows, records, [latest]]): Promise<MemberMonthlyFees> => {
      const member = found(memberRows);
      const payLinkOf = (row: ListedRow) => {
        const owed = owedCents(row);
        return owed === null
          ? null
          : payLinkFor(
              env.SESSION_SECRET,
              { applicationKey: store.applicationKey, kind: "monthly-fee", id: row.id, amountCents: owed },
              now,
            );
      };
      return {
        member: {
          id: member.id,
          member_code: member.memberCode,
          name: member.name,
          phone: member.phone,
          email: member.email,
        },
        records: await Promise.all(records.map(async (row) => ({ ...toRecord(row), pay_link: await payLinkOf(row) }))),
        next_due_date: latest ? addDays(latest.periodEnd, 1) : null,
        latest_status: latest?.status ?? null,
      };
    },
  }),

  /** A record of an active plan with the plan's days and price (the trigger holds them), one per period. */
  defineAction("add_monthly_fee_record_data", "store:monthly_fee:write", {
    reads: ({ member_id, plan_id }, { store }) =>
      [
        store.selectFields(members, { name: members.name }, eq(members.id, member_id)).limit(1),
        planById(store, plan_id),
      ] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [memberRows, [plan]]) => {
      const member = found(memberRows);
      if (!plan?.active) {
        throw new ActionError(404, "monthly-plan-not-found", { plan_id: ["monthly-plan-not-found"] });
      }
      const columns = {
        memberId: input.member_id,
        planId: input.plan_id,
        periodStart: input.period_start,
        periodEnd: addDays(input.period_start, input.days - 1),
        days: input.days,
        amountCents: input.amount_cents,
        renews: input.renews,
        note: input.note ?? "",
        actorEmail: caller.email,
      };
      const [[added]] = await store
        .batch([
          store.insert(monthlyFeeRecords, [columns]).returning({ id: monthlyFeeRecords.id }),
          store.log(caller, now, {
            action: "add",
            dataType: RECORD_DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: recordName({ memberName: member.name, ...columns }),
            before: null,
            after: recordLogged({ ...columns, status: "pending" }),
          }),
        ])
        .catch(rethrowRecordRefusal);
      return { id: added.id };
    },
  }),

  defineAction("update_monthly_fee_record_payment_data_by_application_key_and_id", "store:monthly_fee:write", {
    reads: ({ id }, { store }) => [recordById(store, id), store.select(storeSettings).limit(1)] as const,
    handler: async (input, { store, caller, now }, [rows, [setting]]) => {
      const record = found(rows);
      if (record.status !== "pending") throw new ActionError(409, "monthly-fee-not-pending");
      const refusal = setting ? paymentMethodRefusal(setting, input.payment_method, "pos") : null;
      if (refusal) {
        throw new ActionError(refusal.status, refusal.message, { payment_method: [refusal.message] });
      }
      const changed = {
        status: "paid" as const,
        paymentMethod: input.payment_method,
        paidAt: input.paid_at ?? now.toISOString(),
      };
      await store
        .batch([
          store.update(
            monthlyFeeRecords,
            { ...changed, actorEmail: caller.email, version: versionIfPending },
            eq(monthlyFeeRecords.id, record.id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: RECORD_DATA_TYPE,
            recordId: record.id,
            recordName: recordName(record),
            before: recordLogged(record),
            after: recordLogged({ ...record, ...changed }),
          }),
        ])
        .catch(rethrowNotPending);
      return null;
    },
  }),

  defineAction("add_monthly_fee_record_pay_link_email_data", "store:monthly_fee:write", {
    reads: ({ id }, { store }) =>
      [
        store
          .selectFields(
            monthlyFeeRecords,
            { ...recordFields(store), memberEmail: memberField(store, "email") },
            eq(monthlyFeeRecords.id, id),
          )
          .limit(1),
        store.selectFields(storeAccounts, { name: storeAccounts.storeName }).limit(1),
      ] as const,
    handler: async ({ id, language }, context, [rows, [account]]) => {
      const record = found(rows);
      return sendPayLink(context, {
        kind: "monthly-fee",
        id,
        amountCents: owedCents(record),
        to: record.memberEmail,
        name: record.memberName,
        storeName: account?.name ?? "",
        purpose: {
          kind: "monthly-fee",
          plan: { zh_hk: record.planNameZhHk, en: record.planNameEn },
          from: record.periodStart,
          to: record.periodEnd,
        },
        language,
        log: { dataType: RECORD_DATA_TYPE, recordName: recordName(record) },
      });
    },
  }),

  defineAction("update_monthly_fee_record_cancellation_data_by_application_key_and_id", "store:monthly_fee:write", {
    reads: ({ id }, { store }) => [recordById(store, id)] as const,
    handler: async (input, { store, caller, now }, [rows]) => {
      const record = found(rows);
      if (record.status !== "pending") throw new ActionError(409, "monthly-fee-not-pending");
      await store
        .batch([
          store.update(
            monthlyFeeRecords,
            {
              status: "cancelled",
              cancelledAt: now.toISOString(),
              actorEmail: caller.email,
              version: versionIfPending,
            },
            eq(monthlyFeeRecords.id, input.id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: RECORD_DATA_TYPE,
            recordId: record.id,
            recordName: recordName(record),
            before: recordLogged(record),
            after: recordLogged({ ...record, status: "cancelled" }),
          }),
        ])
        .catch(rethrowNotPending);
      return null;
    },
  }),

  defineAction("update_monthly_fee_record_renewal_data_by_application_key_and_id", "store:monthly_fee:write", {
    reads: ({ id }, { store }) => [recordById(store, id)] as const,
    handler: async (input, { store, caller, now }, [rows]) => {
      const record = found(rows);
      await store
        .batch([
          store.update(
            monthlyFeeRecords,
            { renews: input.renews, version: nextVersion(monthlyFeeRecords.version, input.version) },
            eq(monthlyFeeRecords.id, input.id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: RECORD_DATA_TYPE,
            recordId: record.id,
            recordName: recordName(record),
            before: recordLogged(record),
            after: recordLogged({ ...record, renews: input.renews }),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),
];
