import { and, asc, count, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PosShiftList, PosShiftMovement, PosShiftRecord, PosShiftReport } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { locations, orderPayments, orderRefunds, orders, posShiftMovements, posShifts } from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction, WithExtra } from "../../backend/registry";
import { errorText, rethrowUniqueViolation } from "../../backend/unique";
import { locationsRead } from "../location/reads";
import { counterAt, counterLocationsRead, counterFor } from "../pos/counter-location";
import { defaultLocationFor } from "../product/stock-levels";

type ShiftRow = typeof posShifts.$inferSelect & { locationNameZhHk: string | null; locationNameEn: string | null };
type MovementRow = typeof posShiftMovements.$inferSelect;

const DATA_TYPE = "pos_shift";
const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
/** A payment refunded later was still taken during the shift: its refund's cash leaves the drawer when it is given. */
const TAKEN = ["succeeded", "refunded"] as const;

function toRecord(row: ShiftRow): PosShiftRecord {
  return {
    id: row.id,
    state: row.closedAt === null ? "open" : "closed",
    location_id: row.locationId,
    location_name_zh_hk: row.locationNameZhHk,
    location_name_en: row.locationNameEn,
    opened_by: row.openedBy,
    opened_at: row.openedAt,
    float_cents: row.floatCents,
    closed_by: row.closedBy,
    closed_at: row.closedAt,
    counted_cents: row.countedCents,
    expected_cash_cents: row.expectedCashCents,
    over_short_cents:
      row.countedCents === null || row.expectedCashCents === null ? null : row.countedCents - row.expectedCashCents,
    note: row.note,
    version: row.version,
  };
}

const toMovement = (row: MovementRow): PosShiftMovement =>
  snakeCased(row, { omit: ["applicationKey", "shiftId", "createdAt"], add: { create_date: row.createdAt } });

const shiftName = (id: number) => oneName(`#${id}`);

/** A shift's location's name in one language, by the location's id (none once the location was deleted). */
const locationName = (store: StoreScope, column: typeof locations.nameZhHk | typeof locations.nameEn) => {
  const itsLocation = store.where(locations, eq(locations.id, posShifts.locationId));
  return sql<string | null>`(select ${column} from ${locations} where ${itsLocation})`;
};

/** A shift row with its location's names. */
const shiftFields = (store: StoreScope) => ({
  ...getTableColumns(posShifts),
  locationNameZhHk: locationName(store, locations.nameZhHk).as("location_name_zh_hk"),
  locationNameEn: locationName(store, locations.nameEn).as("location_name_en"),
});

/**
 * An order's drawer: its location's, or for an order without one (a counter sale that named no location, a shipped
 * online order) the store's first counter's, where its stock was taken and, before locations, its cash went.
 */
const drawerOf = (store: StoreScope) => sql`coalesce(${orders.locationId}, ${defaultLocationFor(store, "counter")})`;

/** The ids of the POS orders made at `location` from `from` until before `to`. */
const posOrderIds = (store: StoreScope, location: SQL, from: SQL, to: SQL) =>
  store.selectFields(
    orders,
    { id: orders.id },
    eq(orders.channel, "pos"),
    gte(orders.createdAt, from),
    lt(orders.createdAt, to),
    sql`${drawerOf(store)} = ${location}`,
  );

/** A refund of an order of `location`'s drawer, whose cash leaves that drawer: its order found by id. */
const refundAt = (store: StoreScope, location: SQL) =>
  sql`(${store.selectFields(orders, { drawer: drawerOf(store) }, eq(orders.id, orderRefunds.orderId))}) = ${location}`;

/** Which shift: the open one at a location, or one by id. */
const OPEN = sql`${posShifts.closedAt} IS NULL`;
const openAt = (location: SQL) => and(OPEN, eq(posShifts.locationId, location))!;
const byId = (id: number) => eq(posShifts.id, id);

/** The shift's location, opening and close (or the far future while it is open), as subqueries of one statement. */
const windowOf = (store: StoreScope, which: SQL) => ({
  location: sql`(select ${posShifts.locationId} from ${posShifts} where ${store.where(posShifts, which)})`,
  from: sql`(select ${posShifts.openedAt} from ${posShifts} where ${store.where(posShifts, which)})`,
  to: sql`coalesce((select ${posShifts.closedAt} from ${posShifts} where ${store.where(posShifts, which)}), '9999')`,
});

/** What a report reads: the shift, its movements, and the payments per method of its location's POS orders. */
function reportReads(store: StoreScope, which: SQL) {
  const { location, from, to } = windowOf(store, which);
  return [
    store.selectFields(posShifts, shiftFields(store), which).limit(1),
    store
      .select(
        posShiftMovements,
        eq(
          posShiftMovements.shiftId,
          sql`(select ${posShifts.id} from ${posShifts} where ${store.where(posShifts, which)})`,
        ),
      )
      .orderBy(asc(posShiftMovements.createdAt), asc(posShiftMovements.id)),
    store
      .selectFields(
        orderPayments,
        {
          method: orderPayments.method,
          orders: sql<number>`count(distinct ${orderPayments.orderId})`.mapWith(Number),
          amount: sql<number>`coalesce(sum(${orderPayments.amountCents}), 0)`.mapWith(Number),
        },
        inArray(orderPayments.orderId, posOrderIds(store, location, from, to)),
        inArray(orderPayments.status, TAKEN),
      )
      .groupBy(orderPayments.method)
      .orderBy(sql`3 desc`, orderPayments.method),
    store.selectFields(
      orderRefunds,
      { total: cashRefunded },
      gte(orderRefunds.createdAt, from),
      lt(orderRefunds.createdAt, to),
      refundAt(store, location),
    ),
  ] as const;
}

type ReportRows = readonly [
  ShiftRow[],
  MovementRow[],
  { method: PosShiftReport["sales"][number]["method"]; orders: number; amount: number }[],
  { total: number }[],
];

function toReport([shiftRows, movementRows, salesRows, [refunds]]: ReportRows): PosShiftReport | null {
  const [row] = shiftRows;
  if (!row) return null;
  const movements = movementRows.map(toMovement);
  const sum = (kind: PosShiftMovement["kind"]) =>
    movements
      .filter((movement) => movement.kind === kind)
      .reduce((total, movement) => total + movement.amount_cents, 0);
  const cashSales = salesRows.find((sale) => sale.method === "cash")?.amount ?? 0;
  const cashRefunds = refunds?.total ?? 0;
  const payIn = sum("pay_in");
  const payOut = sum("pay_out");
  return {
    shift: toRecord(row),
    movements,
    sales: salesRows.map((sale) => ({ method: sale.method, orders: sale.orders, amount_cents: sale.amount })),
    cash_sales_cents: cashSales,
    cash_refunds_cents: cashRefunds,
    pay_in_cents: payIn,
    pay_out_cents: payOut,
    expected_cash_cents: row.expectedCashCents ?? row.floatCents + cashSales - cashRefunds + payIn - payOut,
  };
}

/** The cash refunds gave back from the drawer (their `cash_cents`), of the refunds a query selects. */
const cashRefunded = sql<number>`coalesce(sum(${orderRefunds.cashCents}), 0)`.mapWith(Number);

/**
 * The cash the drawer should hold at this statement's moment, for the shift row the statement updates:
 * its float, the cash its location's POS orders took less the cash refunds of its location's orders gave back,
 * pay-ins less pay-outs.
 */
const expectedCashNow = (store: StoreScope) => {
  const location = sql`${posShifts.locationId}`;
  const cashSales = store.selectFields(
    orderPayments,
    { total: sql`coalesce(sum(${orderPayments.amountCents}), 0)` },
    eq(orderPayments.method, "cash"),
    inArray(orderPayments.status, TAKEN),
    inArray(orderPayments.orderId, posOrderIds(store, location, sql`${posShifts.openedAt}`, NOW)),
  );
  const movements = store.selectFields(
    posShiftMovements,
    {
      total: sql`coalesce(sum(case when ${posShiftMovements.kind} = 'pay_in' then ${posShiftMovements.amountCents} else -${posShiftMovements.amountCents} end), 0)`,
    },
    eq(posShiftMovements.shiftId, posShifts.id),
  );
  const cashRefunds = store.selectFields(
    orderRefunds,
    { total: cashRefunded },
    gte(orderRefunds.createdAt, sql`${posShifts.openedAt}`),
    lt(orderRefunds.createdAt, NOW),
    refundAt(store, location),
  );
  return sql<number>`${posShifts.floatCents} + (${cashSales}) - (${cashRefunds}) + (${movements})`;
};

/** A movement whose shift was not open when it was written: its shift_id came out NULL. */
function rethrowShiftClosed(error: unknown): never {
  if (/NOT NULL constraint failed: pos_shift_movement\.shift_id/.test(errorText(error))) {
    throw new ActionError(409, "pos-shift-closed");
  }
  throw error;
}

const SORT_COLUMNS = { opened_at: posShifts.openedAt };

/** The start of a Hong Kong day as the UTC instant shifts' times are kept in. */
const hongKongDayStart = (date: string, days = 0) =>
  new Date(Date.parse(`${date}T00:00:00+08:00`) + days * 86_400_000).toISOString();

export const posShiftActions = [
  /** A page of shifts, with the store's locations to filter them by read beside the caller. */
  defineAction("get_pos_shift_data_and_total_number_by_sorting_and_limit", "store:pos:read", {
    reads: (_input, { store }) => [locationsRead(store)] as const,
    handler: async (input, { store }, [storeLocations]): Promise<WithExtra<PosShiftList>> => {
      const matching = and(
        // The same expression as pos_shift_state_idx, so the index serves the filter.
        input.state === undefined
          ? undefined
          : sql`(${posShifts.closedAt} IS NULL) = ${input.state === "open" ? 1 : 0}`,
        input.opened_from === undefined ? undefined : gte(posShifts.openedAt, hongKongDayStart(input.opened_from)),
        input.opened_to === undefined ? undefined : lt(posShifts.openedAt, hongKongDayStart(input.opened_to, 1)),
        input.location_id === undefined ? undefined : eq(posShifts.locationId, input.location_id),
      );
      const { data: shifts, extra } = await pagedList(
        store,
        input,
        {
          rows: store.selectFields(posShifts, shiftFields(store), matching),
          count: store.selectFields(posShifts, { total: count() }, matching),
          sortBy: SORT_COLUMNS[input.sorting],
          id: posShifts.id,
        },
        toRecord,
      );
      return new WithExtra({ shifts, locations: storeLocations }, extra);
    },
  }),

  /**
   * The counter's location (`counterAt`, as the POS page's) and its open shift's report so far, or null, both read
   * with the caller.
   */
  defineAction("get_pos_shift_data_by_application_key", "store:pos:read", {
    reads: ({ location_id }, { store }) => {
      const counter = counterAt(store, location_id);
      return [...reportReads(store, openAt(counter)), locationsRead(store, eq(locations.id, counter))] as const;
    },
    handler: async (_input, _context, [shiftRows, movementRows, salesRows, refunds, [location]]) => ({
      location: location ?? null,
      report: toReport([shiftRows, movementRows, salesRows, refunds]),
    }),
  }),

  defineAction("get_pos_shift_data_by_application_key_and_id", "store:pos:read", {
    reads: ({ id }, { store }) => reportReads(store, byId(id)),
    handler: async (_input, _context, rows) => {
      const report = toReport(rows);
      return found(report ? [report] : []);
    },
  }),

  /**
   * Opens a shift at the counter's location (the one named, refused when it does not sell at the counter; none
   * named, the store's first that does); the partial unique index lets one of two concurrent opens at one
   * location through (409 for the other).
   */
  defineAction("add_pos_shift_data", "store:pos:write", {
    reads: (_input, { store }) => [counterLocationsRead(store)] as const,
    handler: async ({ float_cents, location_id }, { store, caller, now }, [counters]) => {
      const location = counterFor(caller, counters, location_id) ?? defaultLocationFor(store, "counter");
      const [[shift]] = await store
        .batch([
          store
            .insert(posShifts, [{ openedBy: caller.email, floatCents: float_cents, locationId: location }])
            .returning({ id: posShifts.id, locationId: posShifts.locationId }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: null,
            before: null,
            after: { float_cents },
          }),
        ])
        .catch((error: unknown) =>
          rethrowUniqueViolation(error, {
            "pos_shift.application_key, pos_shift.location_id": "pos-shift-already-open",
          }),
        );
      return { id: shift.id, location_id: shift.locationId! };
    },
  }),

  /**
   * A pay-in or pay-out: its shift_id is the shift's only while that shift is open at this statement's
   * moment, else NULL, which aborts the batch (log included) as 409 pos-shift-closed.
   */
  defineAction("add_pos_shift_movement_data", "store:pos:write", {
    reads: ({ shift_id }, { store }) =>
      [store.selectFields(posShifts, { id: posShifts.id }, byId(shift_id)).limit(1)] as const,
    handler: async ({ shift_id, kind, amount_cents, reason }, { store, caller, now }, [shiftRows]) => {
      found(shiftRows);
      const [[movement]] = await store
        .batch([
          store
            .insert(posShiftMovements, [
              {
                shiftId: sql`(select ${posShifts.id} from ${posShifts} where ${store.where(posShifts, byId(shift_id), OPEN)})`,
                kind,
                amountCents: amount_cents,
                reason,
                actorEmail: caller.email,
              },
            ])
            .returning({ id: posShiftMovements.id }),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: shift_id,
            recordName: shiftName(shift_id),
            before: null,
            after: { [kind]: amount_cents, reason },
          }),
        ])
        .catch(rethrowShiftClosed);
      return { id: movement.id };
    },
  }),

  /**
   * Closes the shift over its version: the close, the frozen expected cash and the log in one batch. A
   * second close of the same version finds it moved on (409 edited-elsewhere); a closed shift is 409.
   */
  defineAction("update_pos_shift_data_by_application_key_and_id", "store:pos:write", {
    reads: ({ id }, { store }) => [store.selectFields(posShifts, shiftFields(store), byId(id)).limit(1)] as const,
    handler: async ({ id, version, counted_cents, note }, { store, caller, now }, [shiftRows]) => {
      const shift = found(shiftRows);
      if (shift.closedAt !== null && shift.version === version) throw new ActionError(409, "pos-shift-closed");
      const [[closed]] = await store
        .batch([
          store
            .update(
              posShifts,
              {
                closedAt: NOW,
                closedBy: caller.email,
                countedCents: counted_cents,
                note,
                expectedCashCents: expectedCashNow(store),
                version: nextVersion(posShifts.version, version),
              },
              byId(id),
            )
            .returning(),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: shiftName(id),
            before: { counted_cents: null, note: null },
            after: { counted_cents, note },
          }),
        ])
        .catch(rethrowStaleVersion);
      return toRecord({ ...closed, locationNameZhHk: shift.locationNameZhHk, locationNameEn: shift.locationNameEn });
    },
  }),
];
