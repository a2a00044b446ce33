/** Column shapes every module's schema shares. */
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** The database's clock as a statement writes: a ledger in time order is the order its balances chain in. */
export const databaseNow = sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const createdAt = () => text("created_at").notNull().default(databaseNow);
export const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
/**
 * A record people edit in a form: one more with every save. An edit is saved only over the version
 * its form was loaded with (`nextVersion` in backend/db/version.ts), so two people cannot overwrite
 * each other unseen.
 */
export const version = () => integer("version").notNull().default(1);
/** A CHECK's list of the values a text column may hold. */
export const known = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(", ")})`);
export const money = (name: string) => integer(name);
export const updatedAt = () => text("updated_at").notNull().default(databaseNow);
export const jsonList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);
