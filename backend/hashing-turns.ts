import { ActionError } from "./errors";

/**
 * argon2id is pure JS here (workerd compiles no Wasm at run time): one check holds the isolate for about
 * 250 ms of CPU and 19 MiB. Checks therefore take turns, one at a time per isolate, with a pause between
 * them so pages and other requests run in the gaps; a burst beyond MAX_WAITING is refused at once with
 * 429 instead of stalling the isolate for seconds (which is what restarted it under 50 concurrent logins).
 */
export const MAX_WAITING = 8;

let lastTurn: Promise<unknown> = Promise.resolve();
let waiting = 0;

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

export function hashInTurn<T>(work: () => T): Promise<T> {
  if (waiting >= MAX_WAITING) return Promise.reject(new ActionError(429, "busy-try-again"));
  waiting++;
  const turn = lastTurn
    .then(pause)
    .then(work)
    .finally(() => waiting--);
  lastTurn = turn.catch(() => undefined);
  return turn;
}
