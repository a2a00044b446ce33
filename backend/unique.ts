import type { MessageKey } from "../contract/messages";
import { ActionError } from "./errors";

/** The error's message with its causes' (D1 wraps SQLite's in them). */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) parts.push(current.message);
  return parts.join(" ");
}

/** A conflict's message, and the form field it belongs beside when the form has one. */
type Conflict = MessageKey | { message: MessageKey; field: string };

/**
 * Turns a UNIQUE constraint failure into the catalogue's conflict message, by the index or column
 * that failed; anything else is rethrown. The database is the judge, so two racing writes cannot
 * both win.
 */
export function rethrowUniqueViolation(error: unknown, conflicts: Record<string, Conflict>): never {
  const text = errorText(error);
  if (text.includes("UNIQUE constraint failed")) {
    for (const [needle, conflict] of Object.entries(conflicts)) {
      if (!text.includes(needle)) continue;
      if (typeof conflict === "string") throw new ActionError(409, conflict);
      throw new ActionError(409, conflict.message, { [conflict.field]: [conflict.message] });
    }
  }
  throw error;
}

/** A delete its rows' references refuse (a foreign key): 409 record-in-use; anything else is rethrown. */
export function rethrowInUse(error: unknown): never {
  if (errorText(error).includes("FOREIGN KEY constraint failed")) throw new ActionError(409, "record-in-use");
  throw error;
}
