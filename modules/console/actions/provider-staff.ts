import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { InternalAccountData } from "../../../contract/actions";
import { ACCOUNT_EMAIL_CONFLICT, emailUseReads, refuseEmailInUse } from "../../../backend/accounts";
import { hashInTurn } from "../../../backend/hashing-turns";
import { hashPassword } from "../../../backend/crypto";
import type { Db } from "../../../backend/db/client";
import { internalAccounts, sessions } from "../../../backend/db/schema";
import { pagedList } from "../../../backend/db/sort";
import { ActionError, found } from "../../../backend/errors";
import { logChange, oneName } from "../../../backend/log";
import { defineAction } from "../../../backend/registry";
import { rethrowUniqueViolation } from "../../../backend/unique";
import { nextVersion, rethrowStaleVersion } from "../../../backend/db/version";

type WorkerRow = typeof internalAccounts.$inferSelect;

export function toRecord(row: WorkerRow): InternalAccountData {
  return {
    id: row.id,
    data_type: "internal_account_data",
    email: row.email,
    name: row.name,
    disabled: row.disabled,
    version: row.version,
  };
}

const toLogged = (row: Pick<WorkerRow, "email" | "name" | "disabled">) => ({
  email: row.email,
  name: row.name,
  disabled: row.disabled,
});

const workerById = (db: Db, id: number) =>
  db.select().from(internalAccounts).where(eq(internalAccounts.id, id)).limit(1);

/** The provider's own staff ("worker accounts" in the admin menu). */
export const providerStaffActions = [
  defineAction("get_internal_account_data_and_total_number_by_sorting_and_limit", "console", async (input, { db }) =>
    pagedList(
      db,
      input,
      {
        rows: db.select().from(internalAccounts).$dynamic(),
        count: db.select({ total: count() }).from(internalAccounts).$dynamic(),
        sortBy: input.sorting === "email" ? internalAccounts.email : internalAccounts.createdAt,
        id: internalAccounts.id,
      },
      toRecord,
    ),
  ),

  defineAction("add_internal_account_data", "console", {
    // The e-mail is refused when a store's account anywhere signs in with it: the account directory's triggers.
    reads: ({ email }, { db }) => emailUseReads(db, email),
    handler: async (input, { db, caller, now }, emailUse) => {
      refuseEmailInUse(emailUse, input.email);
      const [[worker]] = await db
        .batch([
          db
            .insert(internalAccounts)
            .values({
              email: input.email,
              name: input.name,
              passwordHash: await hashInTurn(() => hashPassword(input.password)),
            })
            .returning({ id: internalAccounts.id }),
          logChange(db, caller, now, {
            action: "add",
            dataType: "internal_account_data",
            recordId: sql`last_insert_rowid()`,
            recordName: oneName(input.name),
            before: null,
            after: { ...toLogged({ ...input, disabled: false }), password: "set" },
          }),
        ])
        .catch((error: unknown) => rethrowUniqueViolation(error, ACCOUNT_EMAIL_CONFLICT));
      return { id: worker.id };
    },
  }),

  // Disabling an account or giving it a new password closes its open sessions in the same batch.
  defineAction("update_internal_account_data_by_id", "console", {
    reads: ({ id, email }, { db }) => [workerById(db, id), ...emailUseReads(db, email)] as const,
    handler: async (input, { db, caller, now }, [workers, ...emailUse]) => {
      if (input.disabled && input.id === caller.accountId) throw new ActionError(409, "cannot-disable-self");
      const before = found(workers);
      refuseEmailInUse(emailUse, input.email, { providerStaffId: input.id });
      const { password } = input;
      const changes = {
        email: input.email,
        name: input.name,
        disabled: input.disabled,
        ...(password ? { passwordHash: await hashInTurn(() => hashPassword(password)) } : {}),
      };
      const signOut = input.disabled || Boolean(input.password);
      await db
        .batch([
          db
            .update(internalAccounts)
            .set({ ...changes, version: nextVersion(internalAccounts.version, input.version) })
            .where(eq(internalAccounts.id, input.id)),
          logChange(db, caller, now, {
            action: "edit",
            dataType: "internal_account_data",
            recordId: input.id,
            recordName: oneName(input.name),
            before: toLogged(before),
            after: { ...toLogged(changes), ...(input.password ? { password: "new" } : {}) },
          }),
          ...(signOut
            ? [
                db
                  .update(sessions)
                  .set({ revokedAt: now.toISOString() })
                  .where(
                    and(
                      eq(sessions.accountType, "console"),
                      eq(sessions.accountId, input.id),
                      isNull(sessions.revokedAt),
                    ),
                  ),
              ]
            : []),
        ])
        .catch(rethrowStaleVersion)
        .catch((error: unknown) => rethrowUniqueViolation(error, ACCOUNT_EMAIL_CONFLICT));
      return null;
    },
  }),
];
