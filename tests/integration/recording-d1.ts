import { d1Of, everyDatabase } from "../../backend/db/databases";
import type { BackendEnv } from "../../backend/env";

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * What a request asked of its databases: every statement with its bound values, and the round trips one after
 * another: round trips in flight together (the caller in the control database beside the store's reads on its
 * shard) are one wait for the request, so they count once.
 */
export interface Recording {
  statements: Statement[];
  roundTrips: number;
  /** The longest chain of round trips answered so far: one started now waits behind it. */
  answered: number;
  /**
   * Reads of the store directory, apart: an isolate reads where a store lives once and trusts it for a while
   * (backend/db/databases.ts), so they are not the action's own round trips.
   */
  directoryReads: number;
}

export const newRecording = (): Recording => ({ statements: [], roundTrips: 0, answered: 0, directoryReads: 0 });

/** Counts the next request's round trips from none. */
export function countAfresh(recording: Recording) {
  recording.roundTrips = 0;
  recording.answered = 0;
}

/** The env with every D1 database (the control database and each shard) recording into `recording`. */
export function recordingEnv<E extends BackendEnv>(env: E, recording: Recording): E {
  const recorded = everyDatabase(env).map((binding) => [binding, recordingD1(d1Of(env, binding), recording)]);
  return { ...env, ...Object.fromEntries(recorded) };
}

/** A round trip: it waits behind every round trip answered before it started, and beside those still in flight. */
async function roundTrip<T>(recording: Recording, run: () => Promise<T>): Promise<T> {
  const depth = recording.answered + 1;
  recording.roundTrips = Math.max(recording.roundTrips, depth);
  try {
    return await run();
  } finally {
    recording.answered = Math.max(recording.answered, depth);
  }
}

const DIRECTORY_READ = /^select .* from "store_directory"/;

const RUNS = new Set(["all", "first", "run", "raw"]);

/**
 * A D1 database (or one of its sessions) noting each statement prepared through it and each round trip: a
 * batch, or one statement run alone. Sessions opened on it are recorded too.
 */
export function recordingD1<T extends D1Database | D1DatabaseSession>(d1: T, recording: Recording): T {
  return new Proxy(d1, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (property === "withSession") {
        return (constraint?: string) => recordingD1((target as D1Database).withSession(constraint), recording);
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => roundTrip(recording, () => target.batch(statements));
      }
      if (property === "prepare") {
        return (sql: string) => {
          const noted: Statement = { sql, params: [] };
          recording.statements.push(noted);
          return countingRuns(target.prepare(sql), noted, recording);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The statement itself (D1's batch takes only its own statements, never a proxy), with its run methods
 * counting a round trip each and `bind` noting the values.
 */
function countingRuns(statement: D1PreparedStatement, noted: Statement, recording: Recording): D1PreparedStatement {
  const own = statement as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of RUNS) {
    const run = own[name].bind(statement);
    own[name] = (...args: unknown[]) => {
      if (!DIRECTORY_READ.test(noted.sql)) return roundTrip(recording, () => run(...args) as Promise<unknown>);
      recording.directoryReads += 1;
      return run(...args);
    };
  }
  const bind = own.bind.bind(statement);
  own.bind = (...params: unknown[]) => {
    noted.params = params;
    return countingRuns(bind(...params) as D1PreparedStatement, noted, recording);
  };
  return statement;
}
