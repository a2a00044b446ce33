import { or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Any of the columns contains the text (case-insensitive for ASCII, as LIKE is); no text, no condition. */
export function contains(columns: SQLiteColumn[], text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(...columns.map((column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`));
}
