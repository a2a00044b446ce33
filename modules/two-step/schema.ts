import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "../../backend/db/columns";
import { ACCOUNT_TYPES } from "../auth/schema";
import { storeAccounts } from "../store/schema";

/**
 * An account's second sign-in step. Pending (enabled_at NULL) from the moment its secret is made until
 * a first code confirms it, so the enrolment page survives a reload. `last_step` is the TOTP time step
 * of the last accepted code: accepting one is an update conditioned on `last_step < step`, so a code
 * is accepted once, also when two requests race with it.
 */
export const twoSteps = sqliteTable(
  "two_step",
  {
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    /** The base32 secret, AES-GCM encrypted under TWO_STEP_KEY (backend/two-step-secret.ts). */
    secretCiphertext: text("secret_ciphertext").notNull(),
    enabledAt: text("enabled_at"),
    lastStep: integer("last_step").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("two_step_account_unique").on(table.accountType, table.accountId)],
);

/** Ten single-use recovery codes per enabled two-step sign-in, SHA-256 hashed; spent by a conditional update. */
export const twoStepRecoveryCodes = sqliteTable(
  "two_step_recovery_code",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
  },
  (table) => [uniqueIndex("two_step_recovery_code_unique").on(table.accountType, table.accountId, table.codeHash)],
);

/**
 * A sign-in between its password and its second step: `code` asks for a code (or a recovery code),
 * `enrol` for a first enrolment. No session exists until it is completed; single use, 5 minutes.
 */
export const twoStepChallenges = sqliteTable(
  "two_step_challenge",
  {
    /** SHA-256 of the challenge token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind", { enum: ["code", "enrol"] }).notNull(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    applicationKey: text("application_key"),
    /** The sign-in e-mail: wrong codes are failed sign-ins of this address (the lockout). */
    email: text("email").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (table) => [check("two_step_challenge_kind_known", sql`${table.kind} IN ('code', 'enrol')`)],
);

/**
 * Who must use two-step sign-in: a row with a store's key requires it of all that store's staff; the
 * row with no key requires it of all provider staff.
 */
export const twoStepRequirements = sqliteTable(
  "two_step_requirement",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").references(() => storeAccounts.applicationKey),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("two_step_requirement_store_unique").on(table.applicationKey),
    // At most one provider-wide row: every row without a store has the same value here.
    uniqueIndex("two_step_requirement_provider_unique")
      .on(sql`(${table.applicationKey} IS NULL)`)
      .where(sql`${table.applicationKey} IS NULL`),
  ],
);
