import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag } from "../../backend/db/columns";

/**
 * Every e-mail that signs in, of any kind of account, once: triggers on the three account tables keep
 * it (migrations/0026_staff_accounts.sql), so two accounts created at once with one e-mail cannot both
 * be saved, whichever kinds they are.
 */
export const accountEmails = sqliteTable("account_email", {
  email: text("email").primaryKey(),
  accountType: text("account_type", { enum: ["console", "store", "store_staff"] }).notNull(),
  accountId: integer("account_id").notNull(),
});

export const ACCOUNT_TYPES = ["console", "store", "store_staff"] as const;

export const sessions = sqliteTable(
  "session",
  {
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    applicationKey: text("application_key"),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [index("session_account_idx").on(table.accountType, table.accountId)],
);

export const loginAttempts = sqliteTable(
  "login_attempt",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    succeeded: flag("succeeded"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("login_attempt_email_time_idx").on(table.email, table.createdAt)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_token",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    /** The store of a store staff account's invitation (NULL for a reset asked for on the sign-in page). */
    applicationKey: text("application_key"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("password_reset_account_idx").on(table.accountType, table.accountId)],
);

/**
 * The Hong Kong day an account was last told by e-mail that its right password was refused because it (or its
 * store) is disabled: the sign-in answers as for a wrong password, and the owner hears why at most once a day.
 */
export const disabledSignInNotices = sqliteTable(
  "disabled_sign_in_notice",
  {
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    notifiedOn: text("notified_on").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountType, table.accountId] })],
);
