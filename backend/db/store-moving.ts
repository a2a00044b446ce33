import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * The store whose key `key` is does not move from or to this database just now (`store_moving`; docs/moving-a-store.md).
 * The scheduled jobs pick their rows with it, in the statement that writes them, so a job leaves a moving store's rows
 * alone (a write to them during the copy would fail its verification, one after the switch would be lost) and takes
 * them up again once the move is done. The key may be NULL (the provider's own log entries): those are never moving.
 */
export const notMoving = (key: SQLWrapper) =>
  sql`NOT EXISTS (SELECT 1 FROM store_moving WHERE store_moving.application_key = ${key})`;
