import { and, count, eq, gte, lt } from "drizzle-orm";
import type { LogRecord } from "../../../contract/actions";
import { logs, storeAccounts } from "../../../backend/db/schema";
import { pagedAcross } from "../../../backend/db/fan-out";
import { defineAction } from "../../../backend/registry";

function nextDay(date: string) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Hong Kong dates to UTC bounds: a HK day starts at 16:00 UTC the day before. */
const hongKongMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`)).toISOString();

function toRecord({ log, storeName }: { log: typeof logs.$inferSelect; storeName: string | null }): LogRecord {
  return {
    id: log.id,
    application_key: log.applicationKey,
    store_name: storeName,
    actor_type: log.actorType,
    actor_email: log.actorEmail,
    action: log.action,
    data_type: log.dataType,
    record_id: log.recordId,
    record_name_zh_hk: log.recordNameZhHk,
    record_name_en: log.recordNameEn,
    changes: log.changes,
    create_date: log.createdAt,
  };
}

export const logActions = [
  // The provider's own entries are in the control database, each store's on its shard: every database's, merged.
  defineAction("get_log_data_and_total_number_by_sorting_and_limit", "console", async (input, { databases }) => {
    const { application_key, actor_email, action, date_from, date_to } = input;
    const where = and(
      application_key ? eq(logs.applicationKey, application_key) : undefined,
      actor_email ? eq(logs.actorEmail, actor_email) : undefined,
      action ? eq(logs.action, action) : undefined,
      date_from ? gte(logs.createdAt, hongKongMidnight(date_from)) : undefined,
      date_to ? lt(logs.createdAt, hongKongMidnight(nextDay(date_to))) : undefined,
    );
    return pagedAcross(
      databases,
      input,
      (db) => ({
        rows: db
          .select({ log: logs, storeName: storeAccounts.storeName })
          .from(logs)
          .leftJoin(storeAccounts, eq(storeAccounts.applicationKey, logs.applicationKey))
          .where(where)
          .$dynamic(),
        count: db.select({ total: count() }).from(logs).where(where).$dynamic(),
        sortBy: logs.createdAt,
        id: logs.id,
      }),
      ({ log }) => [log.createdAt, log.id],
      toRecord,
    );
  }),
];
