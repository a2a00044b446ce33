import { and, count, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AccountType } from "../../contract/actions";
import { withValue } from "../../contract/messages";
import { RECOVERY_CODE_COUNT } from "./contract";
import { newSessionToken, storeOfToken, type Caller } from "../../backend/caller";
import { sha256Hex } from "../../backend/crypto";
import type { Db } from "../../backend/db/client";
import { CONTROL, type RequestDatabases, type StoreDatabase } from "../../backend/db/databases";
import {
  internalAccounts,
  loginAttempts,
  sessions,
  storeAccounts,
  storeStaff,
  twoStepChallenges,
  twoStepRecoveryCodes,
  twoSteps,
  twoStepRequirements,
} from "../../backend/db/schema";
import type { BackendEnv } from "../../backend/env";
import { ActionError, forbidden, found } from "../../backend/errors";
import { defineAction } from "../../backend/registry";
import {
  decryptSecret,
  encryptSecret,
  enrolmentOf,
  isRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
} from "../../backend/two-step";
import { logChange, oneName } from "../../backend/log";
import { errorText } from "../../backend/unique";
import { attemptsBeforeThisOne, lockedMinutesLeft, SESSION_TTL_MS } from "../auth/actions";

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

type AccountRef = { type: AccountType; id: number };

const ofAccount = (table: typeof twoSteps | typeof twoStepRecoveryCodes, account: AccountRef) =>
  and(eq(table.accountType, account.type), eq(table.accountId, account.id));

const codeIncorrect = () => new ActionError(400, "invalid-payload", { code: ["two-step-code-incorrect"] });
/** A right code of a step already accepted (the one that confirmed the set-up, say): only the next one will do. */
const codeUsed = () => new ActionError(400, "invalid-payload", { code: ["two-step-code-used"] });
const challengeExpired = () => new ActionError(401, "two-step-expired");

/**
 * The writes below refuse a spent code, recovery code or challenge by writing NULL into a NOT NULL
 * column, which aborts their whole batch (the session and the spent marks with it): of two requests
 * with one code exactly one wins, whatever the timing.
 */
function rethrowSpent(error: unknown): never {
  const text = errorText(error);
  if (/NOT NULL constraint failed: two_step_challenge\.kind/.test(text)) throw challengeExpired();
  if (/NOT NULL constraint failed: two_step\.last_step/.test(text)) throw codeUsed();
  if (/NOT NULL constraint failed: two_step_recovery_code\.code_hash/.test(text)) throw codeIncorrect();
  throw error;
}

/** Accepts a code of time step `step` once: the account's last accepted step moves forward or the batch aborts. */
const claimStep = (
  db: Db,
  account: AccountRef,
  step: number,
  values: Partial<typeof twoSteps.$inferInsert> = {},
  ...conditions: SQL[]
) =>
  db
    .update(twoSteps)
    .set({ ...values, lastStep: sql`case when ${twoSteps.lastStep} < ${step} then ${step} end` })
    .where(and(ofAccount(twoSteps, account), ...conditions));

const spendRecoveryCode = (db: Db, id: number, now: Date) =>
  db
    .update(twoStepRecoveryCodes)
    .set({
      codeHash: sql`case when ${twoStepRecoveryCodes.usedAt} is null then ${twoStepRecoveryCodes.codeHash} end`,
      usedAt: now.toISOString(),
    })
    .where(eq(twoStepRecoveryCodes.id, id));

/** Ten new recovery codes in place of the account's old ones. */
function recoveryCodeWrites(db: Db, account: AccountRef) {
  const { shown, hashes } = newRecoveryCodes(RECOVERY_CODE_COUNT);
  const writes = [
    db.delete(twoStepRecoveryCodes).where(ofAccount(twoStepRecoveryCodes, account)),
    db
      .insert(twoStepRecoveryCodes)
      .values(hashes.map((codeHash) => ({ accountType: account.type, accountId: account.id, codeHash }))),
  ] as const;
  return { shown, writes };
}

/**
 * Which code of the account `code` is: the time step of a current code, or the id of an unused recovery
 * code (from `unusedRecovery`, the account's row matching the code's hash); null when neither.
 */
function recognise(
  secret: string,
  code: string,
  now: Date,
  unusedRecovery: { id: number } | undefined,
): { step: number } | { recoveryId: number } | null {
  const step = matchingStep(secret, code, now);
  if (step !== null) return { step };
  if (isRecoveryCode(code) && unusedRecovery) return { recoveryId: unusedRecovery.id };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reads of an account's second step.

const stepRowOf = (db: Db, account: AccountRef) =>
  db.select().from(twoSteps).where(ofAccount(twoSteps, account)).limit(1);

const unusedCodesOf = (db: Db, account: AccountRef) =>
  db
    .select({ count: count() })
    .from(twoStepRecoveryCodes)
    .where(and(ofAccount(twoStepRecoveryCodes, account), isNull(twoStepRecoveryCodes.usedAt)));

const recoveryCodeOf = (db: Db, account: AccountRef, codeHash: string) =>
  db
    .select({ id: twoStepRecoveryCodes.id })
    .from(twoStepRecoveryCodes)
    .where(
      and(
        ofAccount(twoStepRecoveryCodes, account),
        eq(twoStepRecoveryCodes.codeHash, codeHash),
        isNull(twoStepRecoveryCodes.usedAt),
      ),
    )
    .limit(1);

/** The requirement that applies to an account: its store's (store staff) or the provider's (provider staff). */
function requirementOf(db: Db, account: AccountRef) {
  const applies: SQL =
    account.type === "console"
      ? isNull(twoStepRequirements.applicationKey)
      : account.type === "store_staff"
        ? sql`${twoStepRequirements.applicationKey} = (select ${storeStaff.applicationKey} from ${storeStaff} where ${storeStaff.id} = ${account.id})`
        : // A store account's own second step is never required: a lookup by id that finds no row (ids start at 1).
          eq(twoStepRequirements.id, 0);
  return db.select({ id: twoStepRequirements.id }).from(twoStepRequirements).where(applies).limit(1);
}

/** `login`'s reads by the e-mail, before the account is known: its second step, and whether one is required. */
export function signInStepReads(db: Db, email: string) {
  const idOf = (table: typeof internalAccounts | typeof storeAccounts | typeof storeStaff) =>
    sql`(select ${table.id} from ${table} where ${table.email} = ${email})`;
  return [
    db
      .select()
      .from(twoSteps)
      .where(
        or(
          and(eq(twoSteps.accountType, "console"), eq(twoSteps.accountId, idOf(internalAccounts))),
          and(eq(twoSteps.accountType, "store"), eq(twoSteps.accountId, idOf(storeAccounts))),
          and(eq(twoSteps.accountType, "store_staff"), eq(twoSteps.accountId, idOf(storeStaff))),
        ),
      )
      .limit(1),
    db
      .select({ id: twoStepRequirements.id })
      .from(twoStepRequirements)
      .where(
        or(
          and(isNull(twoStepRequirements.applicationKey), sql`exists ${idOf(internalAccounts)}`),
          sql`${twoStepRequirements.applicationKey} = (select ${storeStaff.applicationKey} from ${storeStaff} where ${storeStaff.email} = ${email})`,
        ),
      )
      .limit(1),
  ] as const;
}

/**
 * After a right password, when the account has two-step sign-in on (`code`) or must enrol (`enrol`):
 * a challenge instead of a session. An account that must enrol gets its pending secret now (unless it
 * already has one), so the enrolment page only reads it.
 */
export async function signInChallenge(
  db: Db,
  env: BackendEnv,
  now: Date,
  account: AccountRef & { email: string; applicationKey: string | null },
  step: typeof twoSteps.$inferSelect | undefined,
) {
  const kind = step?.enabledAt ? "code" : "enrol";
  // It names the account's store as a session token does: the challenge lives with the account, on its shard.
  const challenge = newSessionToken(account.applicationKey);
  const writes = [
    db.insert(twoStepChallenges).values({
      tokenHash: await sha256Hex(challenge),
      kind,
      accountType: account.type,
      accountId: account.id,
      applicationKey: account.applicationKey,
      email: account.email,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    }),
    ...(step
      ? []
      : [
          db
            .insert(twoSteps)
            .values({
              accountType: account.type,
              accountId: account.id,
              secretCiphertext: await encryptSecret(env, account, newTotpSecret()),
            })
            .onConflictDoNothing(),
        ]),
  ] as const;
  return { writes, reply: { two_step: kind, challenge } as const };
}

function liveChallenge(db: Db, tokenHash: string, now: Date) {
  return db
    .select()
    .from(twoStepChallenges)
    .where(
      and(
        eq(twoStepChallenges.tokenHash, tokenHash),
        isNull(twoStepChallenges.usedAt),
        gt(twoStepChallenges.expiresAt, now.toISOString()),
      ),
    )
    .limit(1);
}

/** A column of a challenge, as SQL: the reads of a challenge's account run in the batch that reads it. */
const challengeColumn = (tokenHash: string, column: SQLiteColumn) =>
  sql`(select ${column} from ${twoStepChallenges} where ${twoStepChallenges.tokenHash} = ${tokenHash})`;

const challengeAccount = (tokenHash: string) =>
  and(
    eq(twoSteps.accountType, challengeColumn(tokenHash, twoStepChallenges.accountType)),
    eq(twoSteps.accountId, challengeColumn(tokenHash, twoStepChallenges.accountId)),
  );

/** The caller's own second step only: provider staff inside a store still act on their own. */
function requireOwn(caller: Caller, input: { account_type: AccountType; account_id: number }): AccountRef {
  if (caller.accountType !== input.account_type || caller.accountId !== input.account_id) throw forbidden();
  return { type: caller.accountType, id: caller.accountId };
}

const accountOf = (input: { account_type: AccountType; account_id: number }): AccountRef => ({
  type: input.account_type,
  id: input.account_id,
});

/** The e-mail of an account, as SQL (the lockout counts by e-mail). */
function emailOf(account: AccountRef): SQL<string> {
  const table = { console: internalAccounts, store: storeAccounts, store_staff: storeStaff }[account.type];
  return sql<string>`(select ${table.email} from ${table} where ${table.id} = ${account.id})`;
}

const sessionRow = (
  tokenHash: string,
  challenge: typeof twoStepChallenges.$inferSelect,
  now: Date,
): typeof sessions.$inferInsert => ({
  tokenHash,
  accountType: challenge.accountType,
  accountId: challenge.accountId,
  applicationKey: challenge.applicationKey,
  expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
  createdAt: now.toISOString(),
});

/** A store account (by its store's key) and its second step, for provider staff. */
const storeAccountStepReads = (db: Db, applicationKey: string) =>
  [
    db.select().from(storeAccounts).where(eq(storeAccounts.applicationKey, applicationKey)).limit(1),
    db
      .select({ enabledAt: twoSteps.enabledAt })
      .from(twoSteps)
      .innerJoin(storeAccounts, eq(storeAccounts.id, twoSteps.accountId))
      .where(and(eq(twoSteps.accountType, "store"), eq(storeAccounts.applicationKey, applicationKey)))
      .limit(1),
  ] as const;

/** The database a challenge lives in: its account's, named by the challenge as a session token names its store. */
async function challengeHome(databases: RequestDatabases, challenge: string) {
  const applicationKey = storeOfToken(challenge);
  return applicationKey === null
    ? { binding: CONTROL, db: databases.control, movingTo: null }
    : databases.ofStore(applicationKey);
}

/** A live challenge, its account's second step and the unused recovery code `code` may be, in the account's database. */
const challengeReads = (db: Db, tokenHash: string, code: string, now: Date) =>
  [
    liveChallenge(db, tokenHash, now),
    db.select().from(twoSteps).where(challengeAccount(tokenHash)).limit(1),
    db
      .select({ id: twoStepRecoveryCodes.id })
      .from(twoStepRecoveryCodes)
      .where(
        and(
          eq(twoStepRecoveryCodes.accountType, challengeColumn(tokenHash, twoStepChallenges.accountType)),
          eq(twoStepRecoveryCodes.accountId, challengeColumn(tokenHash, twoStepChallenges.accountId)),
          eq(twoStepRecoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(twoStepRecoveryCodes.usedAt),
        ),
      )
      .limit(1),
  ] as const;

/**
 * `challengeReads`, and the try written as a failed sign-in attempt of the challenge's e-mail in the control
 * database, where the lockout counts (no attempt for a challenge that does not exist): one batch when the account
 * lives in the control database, else the challenge on its shard first, then the attempt.
 */
async function challengeWithAttempt(
  control: Db,
  home: Pick<StoreDatabase, "binding" | "db">,
  tokenHash: string,
  code: string,
  now: Date,
) {
  if (home.binding === CONTROL) {
    const [[attempt], recent, [live], [step], [recovery]] = await control.batch([
      control
        .insert(loginAttempts)
        .select((qb) =>
          qb
            .select({
              id: sql`null`.as("id"),
              email: twoStepChallenges.email,
              succeeded: sql`0`.as("succeeded"),
              createdAt: sql`${now.toISOString()}`.as("created_at"),
            })
            .from(twoStepChallenges)
            .where(eq(twoStepChallenges.tokenHash, tokenHash)),
        )
        .returning({ id: loginAttempts.id }),
      attemptsBeforeThisOne(control, challengeColumn(tokenHash, twoStepChallenges.email) as SQL<string>, now),
      ...challengeReads(control, tokenHash, code, now),
    ]);
    return { attempt, recent, live, step, recovery };
  }
  const [[live], [step], [recovery]] = await home.db.batch(challengeReads(home.db, tokenHash, code, now));
  if (!live) return { attempt: undefined, recent: [], live, step, recovery };
  const [[attempt], recent] = await control.batch([
    control
      .insert(loginAttempts)
      .values({ email: live.email, succeeded: false, createdAt: now.toISOString() })
      .returning({ id: loginAttempts.id }),
    attemptsBeforeThisOne(control, live.email, now),
  ]);
  return { attempt, recent, live, step, recovery };
}

export const twoStepActions = [
  defineAction("get_two_step_enrolment_data_by_challenge", "public", async ({ challenge }, { databases, env, now }) => {
    const { db } = await challengeHome(databases, challenge);
    const tokenHash = await sha256Hex(challenge);
    const [challenges, steps] = await db.batch([
      liveChallenge(db, tokenHash, now),
      db.select().from(twoSteps).where(challengeAccount(tokenHash)).limit(1),
    ]);
    const [live] = challenges;
    const [step] = steps;
    if (live?.kind !== "enrol" || !step || step.enabledAt) throw challengeExpired();
    const account = { type: live.accountType, id: live.accountId };
    return enrolmentOf(await decryptSecret(env, account, step.secretCiphertext), live.email);
  }),

  // The second step of a sign-in. Each try is a sign-in attempt of the challenge's e-mail, written before
  // the code is checked (as `login` does), so wrong codes count toward the same lockout.
  defineAction("add_two_step_session_data", "public", async ({ challenge, code }, { databases, env, now }) => {
    const control = databases.control;
    const home = await challengeHome(databases, challenge);
    const tokenHash = await sha256Hex(challenge);
    const { attempt, recent, live, step, recovery } = await challengeWithAttempt(control, home, tokenHash, code, now);
    const forget = () => control.delete(loginAttempts).where(eq(loginAttempts.id, attempt!.id));
    const enrolling = live?.kind === "enrol";
    // A challenge spent or expired, or an account whose second step changed since its password (a reset).
    if (!attempt || !live || !step || enrolling === Boolean(step.enabledAt)) {
      if (attempt) await forget();
      throw challengeExpired();
    }
    const minutesLeft = lockedMinutesLeft(recent, now);
    if (minutesLeft > 0) {
      await forget();
      throw new ActionError(429, withValue("try-again-after-minutes", minutesLeft));
    }
    if (home.movingTo !== null) {
      await forget();
      throw new ActionError(503, "store-moving");
    }

    const account = { type: live.accountType, id: live.accountId };
    const secret = await decryptSecret(env, account, step.secretCiphertext);
    // Enrolling proves the app has the secret: only a code of it does, never a recovery code.
    const matched = recognise(secret, code, now, enrolling ? undefined : recovery);
    if (!matched) throw codeIncorrect();

    const token = newSessionToken(live.applicationKey);
    const codes = enrolling ? recoveryCodeWrites(home.db, account) : null;
    const succeeded = control.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attempt.id));
    const writes = [
      home.db
        .update(twoStepChallenges)
        .set({
          kind: sql`case when ${twoStepChallenges.usedAt} is null then ${twoStepChallenges.kind} end`,
          usedAt: now.toISOString(),
        })
        .where(eq(twoStepChallenges.tokenHash, tokenHash)),
      "step" in matched
        ? claimStep(home.db, account, matched.step, enrolling ? { enabledAt: now.toISOString() } : {})
        : spendRecoveryCode(home.db, matched.recoveryId, now),
      ...(codes?.writes ?? []),
      home.db.insert(sessions).values(sessionRow(await sha256Hex(token), live, now)),
    ] as const;
    // On a shard, the attempt counts as a success only once the code is spent and the session written.
    if (home.binding === CONTROL) await control.batch([...writes, succeeded]).catch(rethrowSpent);
    else await home.db.batch(writes).then(() => succeeded, rethrowSpent);
    return {
      token,
      account_type: live.accountType,
      account_id: live.accountId,
      ...(live.applicationKey ? { application_key: live.applicationKey } : {}),
      ...(codes ? { recovery_codes: codes.shown } : {}),
    };
  }),

  defineAction("get_two_step_data_by_account_type_and_account_id", "session", {
    reads: (input, { db }) =>
      [
        stepRowOf(db, accountOf(input)),
        unusedCodesOf(db, accountOf(input)),
        requirementOf(db, accountOf(input)),
      ] as const,
    handler: async (input, { caller, env }, [[step], [unused], required]) => {
      const account = requireOwn(caller, input);
      const pending =
        step && !step.enabledAt
          ? enrolmentOf(await decryptSecret(env, account, step.secretCiphertext), caller.email)
          : null;
      return {
        enabled: Boolean(step?.enabledAt),
        enabled_at: step?.enabledAt ?? null,
        pending,
        required: required.length > 0,
        recovery_codes_left: step?.enabledAt ? unused.count : 0,
      };
    },
  }),

  defineAction("add_two_step_data", "session", {
    reads: (input, { db }) => [stepRowOf(db, accountOf(input))] as const,
    handler: async (input, { db, caller, env }, [[step]]) => {
      const account = requireOwn(caller, input);
      if (step?.enabledAt) throw new ActionError(409, "two-step-already-enabled");
      const secret = newTotpSecret();
      const secretCiphertext = await encryptSecret(env, account, secret);
      const [saved] = await db
        .insert(twoSteps)
        .values({ accountType: account.type, accountId: account.id, secretCiphertext })
        .onConflictDoUpdate({
          target: [twoSteps.accountType, twoSteps.accountId],
          set: { secretCiphertext, lastStep: 0 },
          setWhere: isNull(twoSteps.enabledAt),
        })
        .returning({ accountId: twoSteps.accountId });
      if (!saved) throw new ActionError(409, "two-step-already-enabled");
      return enrolmentOf(secret, caller.email);
    },
  }),

  defineAction("update_two_step_data_by_account_type_and_account_id", "session", {
    reads: (input, { db }) => [stepRowOf(db, accountOf(input))] as const,
    handler: async (input, { db, caller, env, now }, [[step]]) => {
      const account = requireOwn(caller, input);
      if (!step) throw new ActionError(409, "two-step-not-started");
      if (step.enabledAt) throw new ActionError(409, "two-step-already-enabled");
      const matched = matchingStep(await decryptSecret(env, account, step.secretCiphertext), input.code, now);
      if (matched === null) throw codeIncorrect();
      const codes = recoveryCodeWrites(db, account);
      await db
        .batch([
          // Confirms only the pending secret the code was checked against (a restart in between changes it).
          claimStep(
            db,
            account,
            matched,
            { enabledAt: now.toISOString() },
            isNull(twoSteps.enabledAt),
            eq(twoSteps.secretCiphertext, step.secretCiphertext),
          ),
          ...codes.writes,
        ])
        .catch(rethrowSpent);
      return { recovery_codes: codes.shown };
    },
  }),

  // Turning it off takes a current code or a recovery code; wrong ones count toward the e-mail's lockout. The
  // attempts are the control database's: read with the caller when the session lives there, else a third round trip
  // for this rare action.
  defineAction("delete_two_step_data_by_account_type_and_account_id", "session", {
    reads: (input, { db, now }) =>
      [
        stepRowOf(db, accountOf(input)),
        requirementOf(db, accountOf(input)),
        recoveryCodeOf(db, accountOf(input), recoveryCodeHash(input.code)),
        attemptsBeforeThisOne(db, emailOf(accountOf(input)), now, { includeLatest: true }),
      ] as const,
    handler: async (input, { db, databases, caller, env, now }, [[step], required, recovery, attempts]) => {
      const account = requireOwn(caller, input);
      if (!step?.enabledAt) throw new ActionError(409, "two-step-not-started");
      if (required.length > 0) throw new ActionError(409, "two-step-required");
      const control = databases.control;
      const recent =
        db === control ? attempts : await attemptsBeforeThisOne(control, caller.email, now, { includeLatest: true });
      const minutesLeft = lockedMinutesLeft(recent, now);
      if (minutesLeft > 0) throw new ActionError(429, withValue("try-again-after-minutes", minutesLeft));
      const secret = await decryptSecret(env, account, step.secretCiphertext);
      const matched = recognise(secret, input.code, now, recovery[0]);
      if (!matched) {
        await control
          .insert(loginAttempts)
          .values({ email: caller.email, succeeded: false, createdAt: now.toISOString() });
        throw codeIncorrect();
      }
      await db
        .batch([
          "step" in matched ? claimStep(db, account, matched.step) : spendRecoveryCode(db, matched.recoveryId, now),
          db.delete(twoStepRecoveryCodes).where(ofAccount(twoStepRecoveryCodes, account)),
          db.delete(twoSteps).where(ofAccount(twoSteps, account)),
        ])
        .catch(rethrowSpent);
      return null;
    },
  }),

  defineAction("get_two_step_requirement_data_by_application_key", "store:account", {
    reads: (_input, { store }) => [store.select(twoStepRequirements)] as const,
    handler: async (_input, _context, [rows]) => ({ required: rows.length > 0 }),
  }),

  defineAction("update_two_step_requirement_data_by_application_key", "store:account", {
    reads: (_input, { store }) => [store.select(twoStepRequirements)] as const,
    handler: async ({ required }, { store, caller, now }, [rows]) => {
      const before = rows.length > 0;
      if (before === required) return { required };
      await store.batch([
        required ? store.insert(twoStepRequirements, [{}]).onConflictDoNothing() : store.delete(twoStepRequirements),
        store.log(caller, now, {
          action: "edit",
          dataType: "store_setting_data",
          recordId: store.applicationKey,
          recordName: null,
          before: { two_step_required: before },
          after: { two_step_required: required },
        }),
      ]);
      return { required };
    },
  }),

  defineAction("get_two_step_requirement_data_by_account_type", "console", {
    reads: (_input, { db }) => [requirementOf(db, { type: "console", id: 0 })] as const,
    handler: async (_input, _context, [rows]) => ({ required: rows.length > 0 }),
  }),

  defineAction("update_two_step_requirement_data_by_account_type", "console", async ({ required }, { db }) => {
    await (required
      ? db.insert(twoStepRequirements).values({ applicationKey: null }).onConflictDoNothing()
      : db.delete(twoStepRequirements).where(isNull(twoStepRequirements.applicationKey)));
    return { required };
  }),

  // The store account and its second step live on the store's shard (read beside the caller); provider staff act
  // from the control database.
  defineAction("get_store_account_two_step_data_by_application_key", "console", {
    storeReads: ({ application_key }, db) => storeAccountStepReads(db, application_key),
    handler: async (_input, _context, _read, { read: [stores, [step]] }) => {
      found(stores);
      return { enabled: Boolean(step?.enabledAt), enabled_at: step?.enabledAt ?? null };
    },
  }),

  // A store account that lost its phone: provider staff turn its two-step sign-in off (logged in the store).
  defineAction("delete_store_account_two_step_data_by_application_key", "console", {
    storeReads: ({ application_key }, db) => storeAccountStepReads(db, application_key),
    handler: async (_input, { caller, now }, _read, { home: { db }, read: [stores, [step]] }) => {
      const store = found(stores);
      if (!step) return null;
      const account = { type: "store", id: store.id } as const;
      await db.batch([
        db.delete(twoStepRecoveryCodes).where(ofAccount(twoStepRecoveryCodes, account)),
        db.delete(twoSteps).where(ofAccount(twoSteps, account)),
        logChange(db, caller, now, {
          action: "edit",
          dataType: "store_account_data",
          recordId: store.id,
          recordName: oneName(store.storeName),
          applicationKey: store.applicationKey,
          before: { two_step: Boolean(step.enabledAt) },
          after: { two_step: false },
        }),
      ]);
      return null;
    },
  }),
];
