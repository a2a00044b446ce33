import { ActionFailure } from "~/action-client.server";

/** A backend 404 becomes the page's 404 (File not Found); other failures go on to the error boundary. */
export function notFoundPage(error: unknown): never {
  throw error instanceof ActionFailure && error.status === 404 ? new Response("Not Found", { status: 404 }) : error;
}
