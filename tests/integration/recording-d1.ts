export interface Statement {
  sql: string;
  params: unknown[];
}

/** What a request asked of the database: every statement with its bound values, and the round trips. */
export interface Recording {
  statements: Statement[];
  roundTrips: number;
  /**
   * Reads of the store directory, apart: an isolate reads where a store lives once and trusts it for a while
   * (backend/db/databases.ts), so they are not the action's own round trips.
   */
  directoryReads: number;
  /**
   * The round trips that began while no other was under way: how many the request waited for one after another,
   * when the databases it records (DB and shards, with one recording) are asked side by side.
   */
  sequential: number;
  inFlight: number;
}

export const newRecording = (): Recording => ({
  statements: [],
  roundTrips: 0,
  directoryReads: 0,
  sequential: 0,
  inFlight: 0,
});

/** Counts a round trip (one batch, or one statement run alone) while it is under way. */
function roundTrip<T>(recording: Recording, run: () => T): T {
  recording.roundTrips += 1;
  if (recording.inFlight === 0) recording.sequential += 1;
  recording.inFlight += 1;
  const done = () => {
    recording.inFlight -= 1;
  };
  const result = run();
  if (result instanceof Promise) result.then(done, done);
  else done();
  return result;
}

const DIRECTORY_READ = /^select .* from "store_directory"/;

const RUNS = new Set(["all", "first", "run", "raw"]);

/**
 * env.DB or a shard (or one of its sessions) noting each statement prepared through it and each round trip: a
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
      if (!DIRECTORY_READ.test(noted.sql)) return roundTrip(recording, () => run(...args));
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
