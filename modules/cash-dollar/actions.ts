import { count, eq, sql } from "drizzle-orm";
import type { CashDollarRecord } from "./contract";
import {
  cashDollarBalanceOf,
  cashDollarOn,
  cashDollarSettingQuery,
  cashDollarStatements,
  rethrowCashDollarRefused,
} from "../../backend/cash-dollar";
import { currentPlanQuery } from "../../backend/current-plan";
import { entriesWithOrderNumber } from "../order/ledger-orders";
import type { StoreScope } from "../../backend/db/scope";
import { cashDollarRecords, members } from "../../backend/db/schema";
import { listOrder } from "../../backend/db/sort";
import { ActionError, found } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction, WithExtra } from "../../backend/registry";

/** A ledger row with the number its order goes by with the customer (drizzle's types lose a joined selection). */
type RecordRow = typeof cashDollarRecords.$inferSelect & { orderNumber: number | null };

const toRecord = (row: RecordRow): CashDollarRecord =>
  snakeCased(row, { omit: ["applicationKey", "memberId", "createdAt"], add: { create_date: row.createdAt } });

/** One page of a member's ledger, newest first, each row with its order's number. */
const ledgerPage = (
  store: StoreScope,
  memberId: number,
  { direction, limit, page }: { direction: "ASC" | "DESC"; limit: number; page: number },
) =>
  entriesWithOrderNumber(store, cashDollarRecords, eq(cashDollarRecords.memberId, memberId))
    .orderBy(...listOrder(direction, cashDollarRecords.createdAt, cashDollarRecords.id))
    .limit(limit)
    .offset((page - 1) * limit);

const memberById = (store: StoreScope, id: number) =>
  store
    .selectFields(
      members,
      { id: members.id, memberCode: members.memberCode, name: members.name, cashDollarCents: members.cashDollarCents },
      eq(members.id, id),
    )
    .limit(1);

export const cashDollarActions = [
  /** The member, whether cash dollar is on, and one page of the ledger (newest first): one round trip. */
  defineAction("get_cash_dollar_record_data_and_total_number_by_sorting_and_limit", "store:member:read", {
    reads: ({ member_id, direction, limit, page }, { store, now }) =>
      [
        memberById(store, member_id),
        currentPlanQuery(store, now),
        cashDollarSettingQuery(store),
        ledgerPage(store, member_id, { direction, limit, page }),
        store.selectFields(cashDollarRecords, { total: count() }, eq(cashDollarRecords.memberId, member_id)),
      ] as const,
    handler: async (_input, _context, [memberRows, [plan], [setting], rows, [{ total }]]) => {
      const member = found(memberRows);
      return new WithExtra(
        {
          member: {
            id: member.id,
            member_code: member.memberCode,
            name: member.name,
            cash_dollar_cents: member.cashDollarCents,
          },
          cash_dollar_enabled: cashDollarOn(plan, setting),
          records: (rows as unknown as RecordRow[]).map(toRecord),
        },
        { total_number: total },
      );
    },
  }),

  /**
   * An admin adjustment: the balance, its ledger row and the log entry in one batch; the member's CHECK
   * refuses a balance below 0 (409 not-enough-cash-dollar), so concurrent deductions cannot overdraw.
   */
  defineAction("add_cash_dollar_record_data", "store:member:write", {
    reads: ({ member_id }, { store, now }) =>
      [memberById(store, member_id), currentPlanQuery(store, now), cashDollarSettingQuery(store)] as const,
    handler: async ({ member_id, amount_cents, reason }, { store, caller, now }, [memberRows, [plan], [setting]]) => {
      const member = found(memberRows);
      if (!plan?.hasCashDollar) {
        throw new ActionError(400, "invalid-payload", { amount_cents: ["plan-has-no-cash-dollar"] });
      }
      if (!setting?.enabled)
        throw new ActionError(400, "invalid-payload", { amount_cents: ["cash-dollar-not-enabled"] });
      const balance = cashDollarBalanceOf(store, member_id);
      const [, [record]] = await store
        .batch([
          ...cashDollarStatements(store, caller, {
            memberId: member_id,
            amountCents: amount_cents,
            action: "admin",
            reason,
          }),
          store.log(caller, now, {
            action: "edit",
            dataType: "member_cash_dollar",
            recordId: member_id,
            recordName: oneName(member.name),
            before: null,
            after: null,
            changes: sql`json_object('cash_dollar_cents', json_array(${balance} - ${amount_cents}, ${balance}), 'reason', json_array(null, ${reason}))`,
          }),
        ])
        .catch(rethrowCashDollarRefused);
      return { id: record.id, balance_after_cents: record.balanceAfterCents };
    },
  }),
];
