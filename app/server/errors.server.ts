import { data } from "@remix-run/cloudflare";
import { ActionFailure } from "./action-client.server";

/** What a thrown page error carries: a message key (the `message` or `validation` catalogue). */
export interface RouteErrorData {
  message: string;
}

/** A page that cannot be shown, with its status and why (a catalogue key); throw it from a loader or action. */
export function httpError(status: number, message: string) {
  return data<RouteErrorData>({ message }, { status });
}

/**
 * For `.catch()` on a backend call in a loader: a refusal keeps its own status (403, 404, 409, 429)
 * and message key on the error page; anything else goes on as it is. A payload the backend refuses
 * (400) holds a key from the URL that no record can have (lists drop junk filters before they ask),
 * so the page is not found, as for a record that does not exist.
 */
export function asRouteError(error: unknown): never {
  if (error instanceof ActionFailure) {
    throw error.status === 400 ? httpError(404, "not-found") : httpError(error.status, error.messageKey);
  }
  throw error;
}

/** The record id in a URL; anything but a positive integer is a page that does not exist. */
export function recordId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw httpError(404, "not-found");
  return id;
}
