import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import {
  ActionFailure,
  createActionClient,
  remoteTransport,
  type Transport,
} from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { createDb } from "../../backend/db/client";

export const db = () => createDb(env.DB);

/** The BFF's two transports: the backend in-process, and over HTTP to the backend Worker (SELF). */
export const transports = {
  embedded:
    (now?: () => Date): Transport =>
    (request) =>
      handleActionRequest(request, env, { now }),
  remote: (): Transport => remoteTransport("http://backend.test/api/action", (input, init) => SELF.fetch(input, init)),
};
export type TransportName = keyof typeof transports;
export const TRANSPORT_NAMES = Object.keys(transports) as TransportName[];

export function clientOver(name: TransportName, token?: string) {
  return createActionClient(transports[name](), token);
}

export async function signIn(name: TransportName, email: string, password: string) {
  const { data } = await clientOver(name).login({ email, password });
  return data.token;
}

/** Asserts that an action call failed with this HTTP status and message key. */
export async function expectFailure(call: Promise<unknown>, status: number, message: string) {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ActionFailure);
  expect({ status: (error as ActionFailure).status, message: (error as ActionFailure).messageKey }).toEqual({
    status,
    message,
  });
  return error as ActionFailure;
}

/** A raw wire request, for what the typed client cannot send. */
export function postRaw(body: BodyInit, headers: Record<string, string> = {}) {
  return SELF.fetch("http://backend.test/api/action", { method: "POST", body, headers });
}
