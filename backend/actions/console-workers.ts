import { and, count, eq, isNull, sql } from "drizzle-orm";
import { emailTakenByOther } from "../accounts";
import { hashPassword } from "../crypto";
import { internalAccounts, sessions } from "../db/schema";
import { ActionError, notFound } from "../errors";
import { logChange } from "../log";
import { listOrder } from "../db/order";
import { defineAction, WithExtra } from "../registry";
import { internalAccountData } from "../serialize";

const loggedWorker = (row: { email: string; name: string; disabled: boolean }) => ({
  email: row.email,
  name: row.name,
  disabled: row.disabled,
});

/** The provider's own staff ("worker accounts" in the admin menu). */
export const workerActions = [
  defineAction(
    "get_internal_account_data_and_total_number_by_sorting_and_limit",
    "staff",
    async ({ sorting, direction, limit, page }, { db }) => {
      const column = sorting === "email" ? internalAccounts.email : internalAccounts.createdAt;
      const [rows, [{ total }]] = await db.batch([
        db
          .select()
          .from(internalAccounts)
          .orderBy(...listOrder(direction, column, internalAccounts.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(internalAccounts),
      ]);
      return new WithExtra(rows.map(internalAccountData), { total_number: total });
    },
  ),

  defineAction("add_internal_account_data", "staff", async (input, { db, caller, now }) => {
    if (await emailTakenByOther(db, input.email)) throw new ActionError(409, "email-used");
    const [[worker]] = await db.batch([
      db
        .insert(internalAccounts)
        .values({ email: input.email, name: input.name, passwordHash: hashPassword(input.password) })
        .returning({ id: internalAccounts.id }),
      logChange(db, caller, now, {
        action: "add",
        dataType: "internal_account_data",
        recordId: sql`last_insert_rowid()`,
        before: null,
        after: { ...loggedWorker({ ...input, disabled: false }), password: "set" },
      }),
    ]);
    return { id: worker.id };
  }),

  // Disabling an account or giving it a new password closes its open sessions in the same batch.
  defineAction("update_internal_account_data_by_id", "staff", async (input, { db, caller, now }) => {
    if (input.disabled && input.id === caller.accountId) throw new ActionError(409, "cannot-disable-self");
    const [before] = await db.select().from(internalAccounts).where(eq(internalAccounts.id, input.id));
    if (!before) throw notFound();
    if (await emailTakenByOther(db, input.email, { type: "staff", id: input.id }))
      throw new ActionError(409, "email-used");
    const changes = {
      email: input.email,
      name: input.name,
      disabled: input.disabled,
      ...(input.password ? { passwordHash: hashPassword(input.password) } : {}),
    };
    const signOut = input.disabled || Boolean(input.password);
    await db.batch([
      db.update(internalAccounts).set(changes).where(eq(internalAccounts.id, input.id)),
      logChange(db, caller, now, {
        action: "edit",
        dataType: "internal_account_data",
        recordId: input.id,
        before: loggedWorker(before),
        after: { ...loggedWorker(changes), ...(input.password ? { password: "new" } : {}) },
      }),
      ...(signOut
        ? [
            db
              .update(sessions)
              .set({ revokedAt: now.toISOString() })
              .where(
                and(eq(sessions.accountType, "staff"), eq(sessions.accountId, input.id), isNull(sessions.revokedAt)),
              ),
          ]
        : []),
    ]);
    return null;
  }),
];
