import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import type { Payload } from "../../contract/actions";
import { MODULE_IDS, type ModuleId } from "../../contract/modules";
import { allows, permissionFor, roleDefaults } from "../../contract/permissions";
import type { StoreStaffRecord } from "./contract";
import type { PermissionLevel } from "../store/contract";
import { ACCOUNT_EMAIL_CONFLICT, writeClaimingEmail } from "../../backend/accounts";
import type { Caller } from "../../backend/caller";
import { newSessionToken } from "../../backend/caller";
import { hashPassword, sha256Hex } from "../../backend/crypto";
import { contains } from "../../backend/db/like";
import { locations, passwordResetTokens, sessions, storeStaff, storeStaffLocations } from "../../backend/db/schema";
import type { StoreScope } from "../../backend/db/scope";
import { pagedRows } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import type { BackendEnv } from "../../backend/env";
import { ActionError, found, notFound } from "../../backend/errors";
import { allowedLocations } from "../../backend/location-access";
import { hashInTurn } from "../../backend/hashing-turns";
import { oneName } from "../../backend/log";
import type { Mailer } from "../../backend/mail";
import { defineAction } from "../../backend/registry";
import { rethrowUniqueViolation } from "../../backend/unique";

const { en, "zh-HK": zhHK } = emailTexts;

type StaffRow = typeof storeStaff.$inferSelect;
type Permissions = Partial<Record<ModuleId, PermissionLevel>>;

const DATA_TYPE = "store_staff_data";
/** An invitation's set-password link lasts a week; a reset asked for on the sign-in page, an hour. */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The password of an invited account that has not set one yet: no argon2id hash, so nothing signs in with it. */
const NO_PASSWORD = "";

const SORT_COLUMNS = {
  create_date: storeStaff.createdAt,
  name: storeStaff.name,
  email: storeStaff.email,
} as const;

/** A location as the staff form names it: its id and Chinese name (what the log keeps). */
interface NamedLocation {
  id: number;
  name: string;
}

function toRecord(row: StaffRow): StoreStaffRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: row.permissions as Permissions,
    sells_offline: row.sellsOffline,
    disabled: row.disabled,
    create_date: row.createdAt,
    version: row.version,
  };
}

/**
 * Each module's level as a field of its own (`permission.pos`), so the log keeps only the levels that changed; the
 * locations by name, in the fulfilment order.
 */
const toLogged = (
  row: Pick<StaffRow, "name" | "email" | "role" | "permissions" | "sellsOffline" | "disabled" | "limitedToLocations">,
  limit: readonly NamedLocation[],
) => ({
  name: row.name,
  email: row.email,
  role: row.role,
  sells_offline: row.sellsOffline,
  location_access: row.limitedToLocations ? "chosen" : "all",
  locations: row.limitedToLocations ? limit.map((location) => location.name).join("、") : "",
  disabled: row.disabled,
  ...Object.fromEntries(Object.entries(row.permissions).map(([module, level]) => [`permission.${module}`, level])),
});

/** The store's locations a payload chooses (none for "every location"), in the fulfilment order. */
const chosenLocations = (
  store: StoreScope,
  input: Pick<Payload<"add_store_staff_data">, "location_access" | "location_ids">,
) =>
  store
    .selectFields(
      locations,
      { id: locations.id, name: locations.nameZhHk },
      inArray(locations.id, input.location_access === "chosen" ? input.location_ids : []),
    )
    .orderBy(asc(locations.position));

/** An account's present limit, in the fulfilment order. */
const limitOf = (store: StoreScope, id: number) =>
  store
    .selectFields(
      storeStaffLocations,
      { id: storeStaffLocations.locationId, name: locations.nameZhHk },
      eq(storeStaffLocations.staffId, id),
    )
    .innerJoin(locations, eq(locations.id, storeStaffLocations.locationId))
    .orderBy(asc(locations.position));

/** The chosen locations, each the store's (404 otherwise); null for every location. */
function chosenLimit(
  input: Pick<Payload<"add_store_staff_data">, "location_access" | "location_ids">,
  rows: NamedLocation[],
) {
  if (input.location_access !== "chosen") return null;
  if (new Set(input.location_ids).size !== rows.length) throw notFound();
  return rows;
}

/**
 * An account's limit as rows, each read from the store's locations as the batch runs (one deleted meanwhile is left
 * out rather than failing the save).
 */
function limitStatements(store: StoreScope, staffId: number | SQL, limit: readonly NamedLocation[] | null) {
  const ids = limit?.map((location) => location.id) ?? [];
  return ids.length === 0
    ? []
    : [
        store.insertFrom(storeStaffLocations, (qb) =>
          qb
            .select({
              applicationKey: locations.applicationKey,
              staffId: sql`${staffId}`.as("staff_id"),
              locationId: locations.id,
            })
            .from(locations)
            .where(store.where(locations, inArray(locations.id, ids))),
        ),
      ];
}

const staffById = (store: StoreScope, id: number) => store.select(storeStaff, eq(storeStaff.id, id)).limit(1);

/** Every module at a level: what the account had (or its role's defaults), then what the form set. */
function mergedPermissions(start: Permissions, set: Permissions): Record<ModuleId, PermissionLevel> {
  return Object.fromEntries(MODULE_IDS.map((module) => [module, set[module] ?? start[module] ?? "none"])) as Record<
    ModuleId,
    PermissionLevel
  >;
}

/**
 * A store staff admin grants no module more than they hold themselves, so nobody raises their own
 * permissions, directly or through an account they create. The store account and provider staff hold all.
 */
function refuseAboveOwn(caller: Caller, granted: Permissions) {
  const above = MODULE_IDS.filter((module) => {
    const level = granted[module] ?? "none";
    return level !== "none" && !allows(permissionFor(caller, module), level);
  });
  if (above.length > 0) {
    throw new ActionError(
      403,
      "permission-above-own",
      Object.fromEntries(above.map((module) => [`permissions.${module}`, ["permission-above-own"]])),
    );
  }
}

/** Offline selling, likewise: only an account that may sell offline lets another (or itself) do so. */
function refuseOfflineAboveOwn(caller: Caller, granted: boolean, had: boolean) {
  if (granted && !had && !caller.sellsOffline) {
    throw new ActionError(403, "permission-above-own", { sells_offline: ["permission-above-own"] });
  }
}

/**
 * Locations, likewise: an account limited to some grants no other location, nor every one. Keeping what the account
 * had (null: every location; a new account had none), or taking locations away, is no grant.
 */
function refuseLocationsAboveOwn(
  caller: Caller,
  granted: readonly NamedLocation[] | null,
  had: readonly NamedLocation[] | null,
) {
  const own = allowedLocations(caller);
  if (own === null) return;
  const kept = (id: number) => had === null || had.some((location) => location.id === id);
  const above =
    granted === null ? had !== null : granted.some((location) => !kept(location.id) && !own.includes(location.id));
  if (above) throw new ActionError(403, "permission-above-own", { location_ids: ["permission-above-own"] });
}

const isSelf = (caller: Caller, id: number) => caller.accountType === "store_staff" && caller.accountId === id;

/** The account's open sessions, ended: a disabled account or a new password signs it out everywhere. */
const endSessions = (store: StoreScope, id: number, now: Date) =>
  store.update(
    sessions,
    { revokedAt: now.toISOString() },
    eq(sessions.accountType, "store_staff"),
    eq(sessions.accountId, id),
    isNull(sessions.revokedAt),
  );

/** A set-password link for the account, as the row to insert and the token to mail. */
async function invitation(store: StoreScope, accountId: number | SQL, now: Date) {
  // It names the store as a session token does, so `reset_password` finds the store's database.
  const token = newSessionToken(store.applicationKey);
  const row = store.insert(passwordResetTokens, [
    {
      accountType: "store_staff",
      accountId,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    },
  ]);
  return { row, token };
}

/** The invitation e-mail, in both languages: the merchant's choice of language need not be the staff member's. */
function mailInvitation(
  mailer: Mailer,
  env: BackendEnv,
  to: { email: string; name: string },
  tokenId: number,
  token: string,
) {
  const link = new URL(`/reset-password/${tokenId}/${token}`, env.APP_URL).toString();
  const fill = (text: string) => text.replace("{{name}}", to.name).replace("{{link}}", link);
  return mailer.send({
    to: to.email,
    subject: `${zhHK["invite-subject"]} / ${en["invite-subject"]}`,
    text: `${fill(zhHK["invite-body"])}\n\n---\n\n${fill(en["invite-body"])}`,
  });
}

async function passwordColumns(input: Pick<Payload<"add_store_staff_data">, "password_setup" | "password">) {
  const { password } = input;
  return input.password_setup === "password" && password
    ? { passwordHash: await hashInTurn(() => hashPassword(password)) }
    : null;
}

export const storeStaffActions = [
  defineAction(
    "get_store_staff_data_and_total_number_by_sorting_and_limit",
    "store:staff_account:read",
    async (input, { store }) => {
      const matching = and(
        contains([storeStaff.name, storeStaff.email], input.keyword),
        input.role ? eq(storeStaff.role, input.role) : undefined,
        input.status ? eq(storeStaff.disabled, input.status === "disabled") : undefined,
      );
      return pagedRows(store, input, storeStaff, matching, SORT_COLUMNS[input.sorting], toRecord);
    },
  ),

  defineAction("add_store_staff_data", "store:staff_account:admin", {
    reads: (input, { store }) => [chosenLocations(store, input)] as const,
    handler: async (input, context, [chosen]) => {
      const { store, databases, caller, now, mailer, env, afterReply } = context;
      const permissions = mergedPermissions(roleDefaults(input.role), input.permissions);
      const limit = chosenLimit(input, chosen);
      refuseAboveOwn(caller, permissions);
      refuseOfflineAboveOwn(caller, input.sells_offline, false);
      refuseLocationsAboveOwn(caller, limit, []);
      const password = await passwordColumns(input);
      // The new account's id is not known before the batch: its row is found by its (unique) e-mail.
      const newId = sql<number>`(select ${storeStaff.id} from ${storeStaff} where ${storeStaff.email} = ${input.email})`;
      const invited = password ? null : await invitation(store, newId, now);
      const columns = {
        name: input.name,
        email: input.email,
        role: input.role,
        permissions,
        sellsOffline: input.sells_offline,
        limitedToLocations: limit !== null,
        disabled: false,
      };
      // The e-mail is claimed in the control database's account directory before the account is written.
      const home = await databases.ofStore(store.applicationKey);
      const [[added], , links] = (await writeClaimingEmail(
        databases.control,
        home,
        { applicationKey: store.applicationKey, email: input.email },
        [
          store
            .insert(storeStaff, [{ ...columns, passwordHash: password?.passwordHash ?? NO_PASSWORD }])
            .returning({ id: storeStaff.id }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: newId,
            recordName: oneName(input.name),
            before: null,
            after: { ...toLogged(columns, limit ?? []), password: password ? "set" : "invited" },
          }),
          ...(invited ? [invited.row.returning({ id: passwordResetTokens.id })] : []),
          ...limitStatements(store, newId, limit),
        ],
      ).catch((error: unknown) => rethrowUniqueViolation(error, ACCOUNT_EMAIL_CONFLICT))) as [
        { id: number }[],
        unknown,
        { id: number }[]?,
      ];
      if (invited && links) {
        await afterReply(() => mailInvitation(mailer, env, input, links[0].id, invited.token));
      }
      return { id: added.id };
    },
  }),

  // Lowered permissions and a disabled account hold from the account's next request: every request reads
  // its caller afresh, and disabling also ends the account's sessions in the same batch.
  defineAction("update_store_staff_data_by_application_key_and_id", "store:staff_account:admin", {
    reads: (input, { store }) =>
      [staffById(store, input.id), limitOf(store, input.id), chosenLocations(store, input)] as const,
    handler: async (
      { application_key: _key, id, version, ...input },
      { store, databases, caller, now },
      [rows, limitRows, chosen],
    ) => {
      // drizzle's types lose the selection once a scoped query is joined.
      const had = limitRows as unknown as NamedLocation[];
      const before = found(rows);
      const limit = chosenLimit(input, chosen);
      if (isSelf(caller, id) && input.disabled) throw new ActionError(409, "cannot-disable-self");
      if (isSelf(caller, id) && input.role !== before.role) throw new ActionError(403, "permission-above-own");
      const permissions = mergedPermissions(before.permissions as Permissions, input.permissions);
      refuseAboveOwn(caller, permissions);
      refuseOfflineAboveOwn(caller, input.sells_offline, before.sellsOffline);
      refuseLocationsAboveOwn(caller, limit, before.limitedToLocations ? had : null);
      const columns = {
        name: input.name,
        email: input.email,
        role: input.role,
        permissions,
        sellsOffline: input.sells_offline,
        limitedToLocations: limit !== null,
        disabled: input.disabled,
      };
      // A new e-mail is claimed in the account directory first, the old one released after (backend/accounts.ts).
      await writeClaimingEmail(
        databases.control,
        await databases.ofStore(store.applicationKey),
        { applicationKey: store.applicationKey, email: input.email, before: before.email },
        [
          store.update(
            storeStaff,
            { ...columns, version: nextVersion(storeStaff.version, version) },
            eq(storeStaff.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: oneName(input.name),
            before: toLogged(before, had),
            after: toLogged(columns, limit ?? []),
          }),
          store.delete(storeStaffLocations, eq(storeStaffLocations.staffId, id)),
          ...limitStatements(store, id, limit),
          ...(input.disabled && !before.disabled ? [endSessions(store, id, now)] : []),
        ],
      )
        .catch(rethrowStaleVersion)
        .catch((error: unknown) => rethrowUniqueViolation(error, ACCOUNT_EMAIL_CONFLICT));
      return null;
    },
  }),

  defineAction("update_store_staff_password_by_application_key_and_id", "store:staff_account:admin", {
    reads: ({ id }, { store }) => [staffById(store, id)] as const,
    handler: async ({ id, ...input }, { store, caller, now, mailer, env, afterReply }, [rows]) => {
      const staff = found(rows);
      const password = await passwordColumns(input);
      const logged = store.log(caller, now, {
        action: "edit",
        dataType: DATA_TYPE,
        recordId: id,
        recordName: oneName(staff.name),
        before: { password: "" },
        after: { password: password ? "new" : "invited" },
      });
      if (password) {
        await store.batch([
          store.update(storeStaff, password, eq(storeStaff.id, id)),
          endSessions(store, id, now),
          logged,
        ]);
        return null;
      }
      const invited = await invitation(store, id, now);
      const [[link]] = await store.batch([invited.row.returning({ id: passwordResetTokens.id }), logged]);
      await afterReply(() => mailInvitation(mailer, env, staff, link.id, invited.token));
      return null;
    },
  }),
];
