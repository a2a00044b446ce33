import type { Db } from "../../backend/db/client";
import { accountDirectory, storeStaff, storeStaffLocations } from "../../backend/db/schema";
import { type ModuleId } from "../../contract/modules";
import { roleDefaults } from "../../contract/permissions";
import type { PermissionLevel, StaffRole } from "../../contract/actions";
import { FACTORY_PASSWORD, factoryPasswordHash, unique, type ShardDb } from "../../tests/helpers/factories";
import type { StaffAccountExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

export async function createStoreStaff(
  db: Db | ShardDb,
  applicationKey: string,
  options: {
    role?: StaffRole;
    permissions?: Partial<Record<ModuleId, PermissionLevel>>;
    /** Offline selling at the POS: the role's start (admin yes, sales no) unless said. */
    sellsOffline?: boolean;
    /** The locations the account is limited to; left out, every location. */
    locations?: number[];
  } = {},
) {
  const role = options.role ?? "sales";
  const email = `${role}-${unique()}@factory.test`;
  const [row] = await db
    .insert(storeStaff)
    .values({
      applicationKey,
      email,
      name: `Factory ${role}`,
      passwordHash: factoryPasswordHash(),
      role,
      permissions: { ...roleDefaults(role), ...options.permissions },
      sellsOffline: options.sellsOffline ?? role === "admin",
      limitedToLocations: options.locations !== undefined,
    })
    .returning();
  if ("placement" in db) await db.placement.control.insert(accountDirectory).values({ email, applicationKey });
  if (options.locations?.length) {
    await db
      .insert(storeStaffLocations)
      .values(options.locations.map((locationId) => ({ applicationKey, staffId: row.id, locationId })));
  }
  return { id: row.id, email, password: FACTORY_PASSWORD };
}

export async function staffAccountExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<StaffAccountExampleRecords> {
  return { store_staff_id: (await createStoreStaff(db, application_key)).id };
}
