import { asc, eq, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { LocationRecord } from "./contract";
import { defineStoreCrud } from "../../backend/crud";
import { locations } from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import { added, edited, namesOf } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { errorText } from "../../backend/unique";

type LocationFields = Omit<Payload<"add_location_data">, "application_key">;
type LocationRow = typeof locations.$inferSelect;

const DATA_TYPE = "location_data";

/** Lists sort descending by default, so the fulfilment order (the lowest position first) is its negation. */
const SORT_COLUMNS = {
  position: sql`-${locations.position}`,
  name: sql`${locations.nameZhHk} COLLATE NOCASE`,
} as const;

const USE_COLUMNS = {
  counter: locations.sellsAtCounter,
  online: locations.shipsOnlineOrders,
  pickup: locations.isPickupPoint,
} as const;

function toColumns(input: LocationFields) {
  return {
    nameZhHk: input.name_zh_hk,
    nameEn: input.name_en ?? "",
    addressZhHk: input.address_zh_hk ?? "",
    addressEn: input.address_en ?? "",
    phone: input.phone,
    openingHoursZhHk: input.opening_hours_zh_hk,
    openingHoursEn: input.opening_hours_en,
    sellsAtCounter: input.sells_at_counter,
    shipsOnlineOrders: input.ships_online_orders,
    isPickupPoint: input.is_pickup_point,
  };
}

const toRecord = (row: LocationRow): LocationRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "createdAt", "updatedAt"],
    add: { create_date: row.createdAt, update_date: row.updatedAt },
  });

/** The fields as the payload names them, blanks as they are stored, so the log shows only real changes. */
const toLogged = (columns: ReturnType<typeof toColumns>) =>
  snakeCased(columns, {
    pick: [
      "nameZhHk",
      "nameEn",
      "addressZhHk",
      "addressEn",
      "phone",
      "openingHoursZhHk",
      "openingHoursEn",
      "sellsAtCounter",
      "shipsOnlineOrders",
      "isPickupPoint",
    ],
  });

/**
 * The trigger `location_keeps_one` (migration 0068) refuses deleting a store's last location, and
 * `location_holds_stock` (0069) one holding stock, `location_has_open_shift` (0073) one whose drawer is open.
 */
function refuseLastLocation(error: unknown) {
  if (errorText(error).includes("last-location")) throw new ActionError(409, "last-location");
  if (errorText(error).includes("location-holds-stock")) throw new ActionError(409, "location-holds-stock");
  if (errorText(error).includes("location-has-open-shift")) throw new ActionError(409, "location-has-open-shift");
}

const crud = defineStoreCrud({
  entity: "location",
  table: locations,
  module: "location",
  dataType: DATA_TYPE,
  toColumns,
  toRecord,
  toLogged,
  nameOf: namesOf,
  touchesUpdatedAt: true,
});

export const locationActions = [
  crud.list({
    search: [locations.nameZhHk, locations.nameEn],
    sorts: SORT_COLUMNS,
    filter: ({ use }) => (use ? eq(USE_COLUMNS[use], true) : undefined),
  }),
  crud.get(),

  // A new location comes last in the fulfilment order: its position is read in the insert itself.
  defineAction("add_location_data", "store:location:write", {
    handler: async ({ application_key: _key, ...input }, { store, caller, now }) => {
      const columns = toColumns(input);
      const last = store.selectFields(locations, { last: sql`coalesce(max(${locations.position}), 0)` });
      const [[row]] = await store.batch([
        store.insert(locations, [{ ...columns, position: sql`(${last}) + 1` }]).returning({ id: locations.id }),
        store.log(caller, now, added(DATA_TYPE, namesOf(columns), toLogged(columns))),
      ]);
      return { id: row.id };
    },
  }),

  crud.edit(),
  crud.delete({ refusal: refuseLastLocation }),

  /**
   * Swaps the location's position with its neighbour's, through a negative one (positions are unique). Each
   * update keeps only the position it read (else NULL, which NOT NULL refuses), so a move racing another move
   * is refused whole, never half done.
   */
  defineAction("update_location_position_data_by_application_key_and_id", "store:location:write", {
    reads: (_input, { store }) => [
      store
        .selectFields(locations, {
          id: locations.id,
          position: locations.position,
          nameZhHk: locations.nameZhHk,
          nameEn: locations.nameEn,
        })
        .orderBy(asc(locations.position)),
    ],
    handler: async ({ id, move }, { store, caller, now }, [ordered]) => {
      const index = ordered.findIndex((location) => location.id === id);
      if (index === -1) throw new ActionError(404, "not-found");
      const to = move === "up" ? index - 1 : index + 1;
      const other = ordered[to];
      if (!other) throw new ActionError(409, "cannot-move");
      const moved = ordered[index];
      const place = (location: { id: number }, from: number, position: number) =>
        store.update(
          locations,
          { position: sql`case when ${locations.position} = ${from} then ${position} end` },
          eq(locations.id, location.id),
        );
      await store
        .batch([
          place(moved, moved.position, -moved.position),
          place(other, other.position, moved.position),
          place(moved, -moved.position, other.position),
          store.log(caller, now, edited(DATA_TYPE, id, namesOf(moved), { position: index + 1 }, { position: to + 1 })),
        ])
        .catch((error: unknown) => {
          if (/NOT NULL constraint failed: location\.position/.test(errorText(error))) {
            throw new ActionError(409, "edited-elsewhere");
          }
          throw error;
        });
      return null;
    },
  }),
];
