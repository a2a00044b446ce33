import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { orders } from "../../backend/db/schema";
import type { StoreScope } from "../../backend/db/scope";

type LedgerTable = SQLiteTable & { applicationKey: SQLiteColumn; orderId: SQLiteColumn };

/**
 * A ledger's entries (a gift card's, a member's store credit or cash dollars) with the number of the order each
 * names, or null: the table's columns and `orderNumber`, for the caller to order and page.
 */
export const entriesWithOrderNumber = <T extends LedgerTable>(store: StoreScope, table: T, ...conditions: SQL[]) =>
  store
    .selectFields(
      table,
      // Under a name of its own: D1 hands back a row's columns by name.
      { ...getTableColumns(table), orderNumber: sql<number | null>`${orders.orderNumber}`.as("order_number") },
      ...conditions,
    )
    .leftJoin(orders, and(eq(orders.id, table.orderId), eq(orders.applicationKey, store.applicationKey)));
