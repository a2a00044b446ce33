import { and, asc, eq, gte, lt } from "drizzle-orm";
import { hongKongDayStart } from "../../contract/dates";
import type { StaffLogActor, StaffLogRecord } from "./contract";
import { logs, storeAccounts, storeStaff } from "../../backend/db/schema";
import { pagedRows } from "../../backend/db/sort";
import { defineAction } from "../../backend/registry";

function toRecord(row: typeof logs.$inferSelect): StaffLogRecord {
  return {
    id: row.id,
    actor_type: row.actorType,
    actor_email: row.actorEmail,
    action: row.action,
    data_type: row.dataType,
    record_id: row.recordId,
    record_name_zh_hk: row.recordNameZhHk,
    record_name_en: row.recordNameEn,
    changes: row.changes,
    create_date: row.createdAt,
  };
}

export const staffLogActions = [
  defineAction(
    "get_staff_log_data_and_total_number_by_sorting_and_limit",
    "store:staff_log:read",
    async (input, { store }) => {
      const matching = and(
        input.actor_type === undefined ? undefined : eq(logs.actorType, input.actor_type),
        input.actor_email === undefined ? undefined : eq(logs.actorEmail, input.actor_email),
        input.module === undefined ? undefined : eq(logs.module, input.module),
        input.action === undefined ? undefined : eq(logs.action, input.action),
        input.date_from === undefined ? undefined : gte(logs.createdAt, hongKongDayStart(input.date_from)),
        input.date_to === undefined ? undefined : lt(logs.createdAt, hongKongDayStart(input.date_to, 1)),
      );
      return pagedRows(store, input, logs, matching, logs.createdAt, toRecord);
    },
  ),

  defineAction("get_staff_log_actor_data_list_by_application_key", "store:staff_log:read", {
    reads: (_input, { store }) =>
      [
        store.selectFields(storeAccounts, { email: storeAccounts.email, name: storeAccounts.storeName }),
        store
          .selectFields(storeStaff, { email: storeStaff.email, name: storeStaff.name })
          .orderBy(asc(storeStaff.name), asc(storeStaff.email)),
      ] as const,
    handler: async (_input, _context, [account, staff]): Promise<StaffLogActor[]> => [
      ...account.map((row) => ({ account_type: "store" as const, ...row })),
      ...staff.map((row) => ({ account_type: "store_staff" as const, ...row })),
    ],
  }),
];
