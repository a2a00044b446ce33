import {
  ACTION_NAMES,
  type ActionName,
  type ActionResult,
  type PayloadInput,
  type WireFailure,
} from "#contract/actions";
import { UPLOAD_ACTION, UPLOAD_FIELDS } from "#contract/uploads";

/** Carries one request to the action endpoint: in-process (embedded) or over HTTP (remote). */
export type Transport = (request: Request) => Promise<Response>;

export const ACTION_URL = "http://backend.internal/api/action";

export function remoteTransport(endpointUrl: string, fetcher: typeof fetch = fetch): Transport {
  return (request) => fetcher(new Request(endpointUrl, request));
}

/** A `{result:"fail"}` answer; `message` is a catalogue key, `status` the HTTP status. */
export class ActionFailure extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(messageKey);
  }
}

export interface Success<T> {
  data: T;
  /** Extra top-level fields beside data, e.g. total_number. */
  extra: Record<string, unknown>;
}

export type ActionClient = {
  [N in ActionName]: (payload: PayloadInput<N>) => Promise<Success<ActionResult<N>>>;
};

/**
 * The form the endpoint reads: one field named after the action, its value the JSON payload; the
 * upload action sends multipart with the file in the spec's own fields beside it.
 */
function requestBody(name: ActionName, payload: unknown): URLSearchParams | FormData {
  if (name !== UPLOAD_ACTION) return new URLSearchParams({ [name]: JSON.stringify(payload) });
  const fields = { ...(payload as Record<string, string>) };
  const body = new FormData();
  for (const field of UPLOAD_FIELDS) {
    body.set(field, fields[field] ?? "");
    delete fields[field];
  }
  body.set(name, JSON.stringify(fields));
  return body;
}

/**
 * One typed function per action; each resolves with the data or rejects with an ActionFailure.
 * `onFailure` sees each failure first and may throw something else instead (e.g. a sign-out redirect).
 */
export function createActionClient(
  transport: Transport,
  token?: string,
  onFailure?: (failure: ActionFailure) => Promise<void>,
): ActionClient {
  const call = async (name: ActionName, payload: unknown) => {
    // Without a Content-Type header, the Request sets the right one for either body.
    const headers = new Headers();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const response = await transport(
      new Request(ACTION_URL, { method: "POST", headers, body: requestBody(name, payload) }),
    );
    const reply = (await response.json().catch(() => null)) as
      ({ result: "success"; data: unknown } & Record<string, unknown>) | WireFailure | null;
    if (reply?.result === "success") {
      const { result: _result, data, ...extra } = reply;
      return { data, extra };
    }
    const failure = new ActionFailure(response.status, reply?.message ?? "save-fail", reply?.fields);
    await onFailure?.(failure);
    throw failure;
  };
  return Object.fromEntries(
    ACTION_NAMES.map((name) => [name, (payload: unknown) => call(name, payload)]),
  ) as ActionClient;
}
