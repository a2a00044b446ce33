import { and, desc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import type { Payload } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import { withValue } from "../../contract/messages";
import type { BatchResponse } from "drizzle-orm/batch";
import {
  accountByEmailReads,
  emailStoreRead,
  findAccountByEmail,
  shardOfEmail,
  storeAccountByEmailReads,
  toAccount,
  toStoreAccount,
  type Account,
  type EmailStore,
} from "../../backend/accounts";
import { DUMMY_PASSWORD_HASH, hashPassword, sha256Hex, verifyPassword } from "../../backend/crypto";
import { newSessionToken, storeOfToken } from "../../backend/caller";
import { batchOf, type Db, type Statements } from "../../backend/db/client";
import { CONTROL, type RequestDatabases, type StoreDatabase } from "../../backend/db/databases";
import {
  disabledSignInNotices,
  internalAccounts,
  loginAttempts,
  passwordResetTokens,
  sessions,
  storeAccounts,
  storeStaff,
  twoSteps,
} from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import { hashInTurn } from "../../backend/hashing-turns";
import { countWithinLimits } from "../../backend/rate-limit";
import { signInChallenge, signInStepReads } from "../two-step/actions";
import { defineAction, type PublicContext } from "../../backend/registry";

const { en, "zh-HK": zhHK } = emailTexts;

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const LOCKOUT_FAILURES = 5;
const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
const EMAIL_TEXT = { en, "zh-HK": zhHK };

/**
 * The attempts before the one just inserted in the same batch, newest first: each sign-in first
 * reserves its own attempt, so concurrent guesses see each other and at most 5 passwords are checked.
 * `includeLatest` reads them all, for a check that inserts its attempt after it.
 */
export function attemptsBeforeThisOne(db: Db, email: string | SQL<string>, now: Date, { includeLatest = false } = {}) {
  const since = new Date(now.getTime() - 2 * LOCKOUT_WINDOW_MS).toISOString();
  return db
    .select()
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        gt(loginAttempts.createdAt, since),
        includeLatest ? undefined : lt(loginAttempts.id, sql`last_insert_rowid()`),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(LOCKOUT_FAILURES);
}

/** 5 failures within 15 minutes (since the last success) lock the e-mail for 15 minutes after the 5th. */
export function lockedMinutesLeft(recent: { succeeded: boolean; createdAt: string }[], now: Date): number {
  const failures = recent.filter((attempt) => !attempt.succeeded);
  if (failures.length < LOCKOUT_FAILURES || recent.some((attempt) => attempt.succeeded)) return 0;
  const newest = Date.parse(failures[0].createdAt);
  const oldest = Date.parse(failures[LOCKOUT_FAILURES - 1].createdAt);
  if (newest - oldest > LOCKOUT_WINDOW_MS) return 0;
  const lockedUntil = newest + LOCKOUT_WINDOW_MS;
  return lockedUntil > now.getTime() ? Math.ceil((lockedUntil - now.getTime()) / 60_000) : 0;
}

/** Reset e-mails per address and per client address, each within the rate-limit window (an hour). */
const RESET_MAILS_PER_ADDRESS = 3;
const RESET_MAILS_PER_CLIENT = 10;

async function mailResetLink(
  { email, language }: Payload<"forget_password">,
  {
    db,
    databases,
    env,
    now,
    mailer,
    clientAddress,
  }: Pick<PublicContext, "db" | "databases" | "env" | "now" | "mailer" | "clientAddress">,
) {
  const buckets = [
    { bucket: `forget_password:email:${email}`, limit: RESET_MAILS_PER_ADDRESS },
    ...(clientAddress ? [{ bucket: `forget_password:client:${clientAddress}`, limit: RESET_MAILS_PER_CLIENT }] : []),
  ];
  if (!(await countWithinLimits(db, buckets, now))) return;
  const found = await findAccountByEmail(databases, email);
  if (!found || found.account.disabled) return;
  const { account, db: home } = found;
  // The token names the account's store as a session token does, so `reset_password` finds its database.
  const token = newSessionToken(account.applicationKey);
  const [row] = await home
    .insert(passwordResetTokens)
    .values({
      accountType: account.type,
      accountId: account.id,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    })
    .returning({ id: passwordResetTokens.id });
  const text = EMAIL_TEXT[language];
  const link = new URL(`/reset-password/${row.id}/${token}`, env.APP_URL).toString();
  await mailer.send({ to: email, subject: text["reset-subject"], text: text["reset-body"].replace("{{link}}", link) });
}

/**
 * A disabled account's right password is refused as a wrong one, so the answer confirms no password; its
 * owner is told why by e-mail instead, at most once a Hong Kong day (the notice row's day only moves forward).
 */
async function mailDisabledSignIn(
  account: Pick<Account, "type" | "id" | "storeDisabled">,
  email: string,
  { db, now, mailer }: Pick<PublicContext, "db" | "now" | "mailer">,
) {
  const today = hongKongDate(now);
  const noticed = await db
    .insert(disabledSignInNotices)
    .values({ accountType: account.type, accountId: account.id, notifiedOn: today })
    .onConflictDoUpdate({
      target: [disabledSignInNotices.accountType, disabledSignInNotices.accountId],
      set: { notifiedOn: today },
      setWhere: lt(disabledSignInNotices.notifiedOn, today),
    })
    .returning({ notifiedOn: disabledSignInNotices.notifiedOn });
  if (noticed.length === 0) return;
  const body = account.storeDisabled ? "disabled-sign-in-store-body" : "disabled-sign-in-account-body";
  await mailer.send({
    to: email,
    subject: `${zhHK["disabled-sign-in-subject"]} / ${en["disabled-sign-in-subject"]}`,
    text: `${zhHK[body]}\n\n---\n\n${en[body]}`,
  });
}

/**
 * The account signing in and its second step: from the control database's first batch when it lives there, else
 * from the shard of the store the directory names (a second round trip).
 */
async function signInAccount(
  control: Db,
  databases: RequestDatabases,
  email: string,
  store: EmailStore | undefined,
  [[twoStep], required, ...accountRows]: BatchResponse<
    [...ReturnType<typeof signInStepReads>, ...ReturnType<typeof accountByEmailReads>]
  >,
): Promise<{
  account: Account | undefined;
  home: StoreDatabase;
  twoStep: typeof twoSteps.$inferSelect | undefined;
  twoStepRequired: boolean;
}> {
  const here = toAccount(accountRows);
  const shard = here ? null : shardOfEmail(databases, store);
  if (!shard) {
    const movingTo = here?.applicationKey ? (store?.movingTo ?? null) : null;
    return {
      account: here,
      home: { binding: CONTROL, db: control, movingTo },
      twoStep,
      twoStepRequired: required.length > 0,
    };
  }
  const [[step], stepRequired, ...rows] = await shard.db.batch([
    ...signInStepReads(shard.db, email),
    ...storeAccountByEmailReads(shard.db, email),
  ]);
  return { account: toStoreAccount(rows), home: shard, twoStep: step, twoStepRequired: stepRequired.length > 0 };
}

/** Writes in the control database and in an account's: one batch when they are one database, else side by side. */
async function writeBeside(
  control: Db,
  home: Pick<StoreDatabase, "binding" | "db">,
  controlWrites: Statements,
  homeWrites: Statements,
) {
  if (home.binding === CONTROL) {
    await batchOf(control, [...controlWrites, ...homeWrites]);
    return;
  }
  await Promise.all([batchOf(control, controlWrites), batchOf(home.db, homeWrites)]);
}

const passwordColumns = {
  console: internalAccounts,
  store: storeAccounts,
  store_staff: storeStaff,
} as const;

export const authActions = [
  /**
   * Three round trips for a store's account on a shard, where one database used to answer in two: the control
   * database first (the attempt and lockout, provider staff and the control database's own stores, and the directory
   * naming the store of any other e-mail), then the store's shard (the account, its store, its second step), then
   * the writes (the session on the account's database, the attempt's outcome in the control database). The
   * password check (argon2id, ~300 ms) dominates a sign-in either way; provider staff and stores living in the
   * control database keep their two.
   */
  defineAction("login", "public", async ({ email, password }, { db, databases, env, now, mailer, afterReply }) => {
    // The attempt is written as a failure before the password is checked (see attemptsBeforeThisOne),
    // in one batch with the reads the check needs.
    const [[attempt], recent, [store], ...controlRows] = await db.batch([
      db
        .insert(loginAttempts)
        .values({ email, succeeded: false, createdAt: now.toISOString() })
        .returning({ id: loginAttempts.id }),
      attemptsBeforeThisOne(db, email, now),
      emailStoreRead(db, email),
      ...signInStepReads(db, email),
      ...accountByEmailReads(db, email),
    ]);
    const forget = () => db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
    const minutesLeft = lockedMinutesLeft(recent, now);
    if (minutesLeft > 0) {
      // A refused attempt is no guess: it neither counts nor extends the lock.
      await forget();
      throw new ActionError(429, withValue("try-again-after-minutes", minutesLeft));
    }

    const found = await signInAccount(db, databases, email, store, controlRows);
    const { account, home, twoStep, twoStepRequired } = found;
    const passwordMatches = await hashInTurn(() =>
      verifyPassword(password, account?.passwordHash ?? DUMMY_PASSWORD_HASH),
    ).catch(async (error: unknown) => {
      // Refused before any check: like a lockout refusal, it is no guess.
      await forget();
      throw error;
    });
    // A disabled account's sign-in counts as a failure too, so guessing at it still locks it.
    const succeeded = Boolean(account && passwordMatches && !account.disabled && !account.storeDisabled);
    if (!account || !passwordMatches) throw new ActionError(401, "incorrect-email-or-password");
    if (!succeeded) {
      await afterReply(() => mailDisabledSignIn(account, email, { db: home.db, now, mailer }));
      throw new ActionError(401, "incorrect-email-or-password");
    }
    if (home.movingTo !== null) {
      await forget();
      throw new ActionError(503, "store-moving");
    }

    if (twoStep?.enabledAt || twoStepRequired) {
      // No session yet: the second step's attempt is the one that counts, so the password's is no guess.
      const { writes, reply } = await signInChallenge(home.db, env, now, { ...account, email }, twoStep);
      await writeBeside(db, home, [forget()], writes);
      return reply;
    }

    const token = newSessionToken(account.applicationKey);
    await writeBeside(
      db,
      home,
      [db.update(loginAttempts).set({ succeeded }).where(eq(loginAttempts.id, attempt.id))],
      [
        home.db.insert(sessions).values({
          tokenHash: await sha256Hex(token),
          accountType: account.type,
          accountId: account.id,
          applicationKey: account.applicationKey,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
          createdAt: now.toISOString(),
        }),
      ],
    );
    return {
      token,
      account_type: account.type,
      account_id: account.id,
      ...(account.applicationKey ? { application_key: account.applicationKey } : {}),
    };
  }),

  // The dispatcher has already checked the token: answering at all says the session still holds.
  defineAction("check_session", "session", async () => null),

  defineAction("logout", "session", async (_input, { db, caller, now }) => {
    await db.update(sessions).set({ revokedAt: now.toISOString() }).where(eq(sessions.tokenHash, caller.tokenHash));
    return null;
  }),

  // Answers at once and alike for every address: the lookup, the limits and the e-mail happen after the
  // reply, so neither its words nor its timing say whether the address has an account.
  defineAction("forget_password", "public", async (input, context) => {
    await context.afterReply(() => mailResetLink(input, context));
    return null;
  }),

  // The token names the account's store (a provider staff account's names none): its database holds the token.
  defineAction("reset_password", "public", async ({ id, token, password }, { databases, now }) => {
    const applicationKey = storeOfToken(token);
    const db = applicationKey === null ? databases.control : (await databases.ofStore(applicationKey)).db;
    const [reset] = await db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.id, id),
          eq(passwordResetTokens.tokenHash, await sha256Hex(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now.toISOString()),
        ),
      );
    if (!reset) throw new ActionError(400, "reset-link-invalid");
    const table = passwordColumns[reset.accountType];
    const stamp = now.toISOString();
    const passwordHash = await hashInTurn(() => hashPassword(password));
    // One atomic batch: the new password, the token spent, and every open session of the account closed.
    await db.batch([
      db.update(table).set({ passwordHash }).where(eq(table.id, reset.accountId)),
      db
        .update(passwordResetTokens)
        .set({ usedAt: stamp })
        .where(and(eq(passwordResetTokens.id, reset.id), isNull(passwordResetTokens.usedAt))),
      db
        .update(sessions)
        .set({ revokedAt: stamp })
        .where(
          and(
            eq(sessions.accountType, reset.accountType),
            eq(sessions.accountId, reset.accountId),
            isNull(sessions.revokedAt),
          ),
        ),
    ]);
    return null;
  }),
];
