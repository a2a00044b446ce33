import {
  ACTION_NAMES,
  BATCH_FIELD,
  MAX_BATCH,
  type ActionName,
  type ActionResult,
  type PayloadInput,
  type WireFailure,
} from "#contract/actions";
import { UPLOAD_ACTION, UPLOAD_FIELDS } from "#modules/upload/contract";

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

type WireReply = ({ result: "success"; data: unknown } & Record<string, unknown>) | WireFailure | null;

interface Answer {
  status: number;
  reply: WireReply;
}

interface Queued {
  name: ActionName;
  payload: unknown;
  answer: (answer: Answer) => void;
  refuse: (error: unknown) => void;
}

/**
 * Sends each call, gathering the reads made in the same tick (a loader's `Promise.all`) into one
 * batch request: the backend reads the caller once and the page makes one backend request.
 */
function batchingSender(transport: Transport, token: string | undefined) {
  const post = async (body: URLSearchParams | FormData) => {
    // Without a Content-Type header, the Request sets the right one for either body.
    const headers = new Headers();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const response = await transport(new Request(ACTION_URL, { method: "POST", headers, body }));
    return { status: response.status, reply: (await response.json().catch(() => null)) as unknown };
  };
  const sendAlone = async (name: ActionName, payload: unknown): Promise<Answer> => {
    const { status, reply } = await post(requestBody(name, payload));
    return { status, reply: reply as WireReply };
  };
  let queue: Queued[] = [];
  const flush = () => {
    const queued = queue;
    queue = [];
    for (let start = 0; start < queued.length; start += MAX_BATCH)
      void sendBatch(queued.slice(start, start + MAX_BATCH));
  };
  const sendBatch = async (calls: Queued[]) => {
    if (calls.length === 1) {
      const [{ name, payload, answer, refuse }] = calls;
      return sendAlone(name, payload).then(answer, refuse);
    }
    try {
      const batch = calls.map(({ name, payload }) => ({ action: name, payload }));
      const { status, reply } = await post(new URLSearchParams({ [BATCH_FIELD]: JSON.stringify(batch) }));
      const replies = (reply as { replies?: (WireReply & { status: number })[] } | null)?.replies;
      calls.forEach(({ answer }, index) => {
        const one = replies?.[index];
        if (!one) return answer({ status, reply: reply as WireReply });
        const { status: itemStatus, ...itemReply } = one;
        answer({ status: itemStatus, reply: itemReply as WireReply });
      });
    } catch (error) {
      for (const { refuse } of calls) refuse(error);
    }
  };
  // Only reads are gathered: each write stays its own request, as concurrent writes are.
  return (name: ActionName, payload: unknown) =>
    !name.startsWith("get_")
      ? sendAlone(name, payload)
      : new Promise<Answer>((answer, refuse) => {
          queue.push({ name, payload, answer, refuse });
          if (queue.length === 1) queueMicrotask(flush);
        });
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
  const send = batchingSender(transport, token);
  const call = async (name: ActionName, payload: unknown) => {
    const { status, reply } = await send(name, payload);
    if (reply?.result === "success") {
      const { result: _result, data, ...extra } = reply;
      return { data, extra };
    }
    const failure = new ActionFailure(status, reply?.message ?? "save-fail", reply?.fields);
    await onFailure?.(failure);
    throw failure;
  };
  return Object.fromEntries(
    ACTION_NAMES.map((name) => [name, (payload: unknown) => call(name, payload)]),
  ) as ActionClient;
}
