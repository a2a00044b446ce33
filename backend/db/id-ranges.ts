import { CONTROL } from "./databases";

/**
 * Ids are unique across every database, so a store moved to another shard keeps its rows' ids (URLs, signed links and
 * JSON columns name them): each database hands out AUTOINCREMENT ids from its own range of 2^36 (docs/moving-a-store.md).
 */
export const ID_RANGE_SIZE = 2 ** 36;

/** A database's own range: the control database's is 0 (its rows from before shards), SHARD_n's is n. */
export function idRangeOf(binding: string): number {
  if (binding === CONTROL) return 0;
  const shard = /^SHARD_(\d+)$/.exec(binding);
  if (!shard) throw new Error(`${binding} is no database binding`);
  return Number(shard[1]);
}

// Tables with AUTOINCREMENT, ours only: D1's migration table keeps counting from 1.
const ID_TABLES = `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' AND name <> 'd1_migrations'`;

/**
 * The SQL (one statement a line, for `wrangler d1 execute --command` and D1's `exec`) that makes every AUTOINCREMENT
 * table's next id at least the start of `range`: a table that never had a row gets its sqlite_sequence row. Run after
 * every migration (new tables) and when a shard receives a moved store (a fresh range).
 */
export function prepareIdRange(range: number): string {
  const floor = range * ID_RANGE_SIZE;
  if (!Number.isSafeInteger(floor) || floor < 0) throw new Error(`no id range ${range}`);
  return [
    `INSERT INTO sqlite_sequence (name, seq) SELECT name, ${floor} FROM (${ID_TABLES}) WHERE name NOT IN (SELECT name FROM sqlite_sequence);`,
    `UPDATE sqlite_sequence SET seq = ${floor} WHERE seq < ${floor} AND name IN (${ID_TABLES});`,
  ].join("\n");
}
