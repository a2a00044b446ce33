import type { MessageKey, ValidationKey } from "../contract/messages";

/** Thrown by handlers and the dispatcher; becomes `{result:"fail", message}` with its HTTP status. */
export class ActionError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503,
    readonly messageKey: MessageKey | ValidationKey | `${MessageKey | ValidationKey}:${string}`,
    readonly fields?: Record<string, string[]>,
  ) {
    super(messageKey);
  }
}

export const notFound = () => new ActionError(404, "not-found");
export const forbidden = () => new ActionError(403, "forbidden");

/** The one row a read found, or 404. */
export function found<T>([row]: readonly T[]): T {
  if (!row) throw notFound();
  return row;
}
