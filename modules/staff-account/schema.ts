import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version } from "../../backend/db/columns";
import { locations } from "../location/schema";
import { storeAccounts } from "../store/schema";

export const storeStaff = sqliteTable(
  "store_staff",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin", "sales"] }).notNull(),
    /** module id → "none" | "read" | "write"; starts from the role's defaults. */
    permissions: text("permissions", { mode: "json" }).$type<Record<string, string>>().notNull(),
    disabled: flag("disabled"),
    /** May sell at the POS while the device is offline (issue 39); the store account and provider staff always may. */
    sellsOffline: flag("sells_offline"),
    /** Works only at the locations of `store_staff_location` (issue 41); otherwise at every one, later ones too. */
    limitedToLocations: flag("limited_to_locations"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("store_staff_store_idx").on(table.applicationKey, table.createdAt),
    index("store_staff_name_idx").on(table.applicationKey, table.name, table.id),
    index("store_staff_email_idx").on(table.applicationKey, table.email),
  ],
);

/** The locations a staff account limited to some (`limited_to_locations`) may use (migration 0072). */
export const storeStaffLocations = sqliteTable(
  "store_staff_location",
  {
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    staffId: integer("staff_id")
      .notNull()
      .references(() => storeStaff.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.staffId, table.locationId] }),
    // A location's delete cascades here by it.
    index("store_staff_location_location_idx").on(table.locationId),
  ],
);
