// The product Worker wrapped for `npm run bench` only: it counts the D1 work each request does, over every database,
// and reports it in response headers (x-d1-statements, x-d1-round-trips; reads of several databases side by side
// count one round trip each).
import { createWorker } from "../../build/index.js";

const app = createWorker();

function countingD1(db: D1Database, counts: { statements: number; roundTrips: number }): D1Database {
  const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(inner, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => statement(value.apply(target, args));
        if (["all", "first", "run", "raw"].includes(String(property))) {
          return (...args: unknown[]) => {
            counts.roundTrips++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  const counting = <T extends D1Database | D1DatabaseSession>(target: T): T =>
    new Proxy(target, {
      get(inner, property, receiver) {
        const value = Reflect.get(inner, property, receiver) as unknown;
        if (typeof value !== "function") return value;
        if (property === "prepare") {
          return (query: string) => {
            counts.statements++;
            return statement(value.call(inner, query));
          };
        }
        if (property === "batch") {
          return (statements: D1PreparedStatement[]) => {
            counts.roundTrips++;
            return value.call(inner, statements);
          };
        }
        // The backend opens a session per request (read replicas): its statements count the same.
        if (property === "withSession") return (constraint: string) => counting(value.call(inner, constraint));
        return value.bind(inner);
      },
    });
  return counting(db);
}

/** The D1 bindings: the control database and the store shards (a provider-wide view reads each, side by side). */
const D1_BINDING = /^(DB|SHARD_\d+)$/;

export default {
  async fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext) {
    const counts = { statements: 0, roundTrips: 0 };
    const counted = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [
        name,
        D1_BINDING.test(name) ? countingD1(value as D1Database, counts) : value,
      ]),
    );
    const response = await app.fetch!(request as never, counted, ctx);
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    headers.set("x-d1-statements", String(counts.statements));
    headers.set("x-d1-round-trips", String(counts.roundTrips));
    return new Response(body, { status: response.status, headers });
  },
};
