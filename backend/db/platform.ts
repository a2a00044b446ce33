import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { LOG_ACTIONS, LOG_DATA_TYPES } from "../../contract/options";
import { MODULE_IDS } from "../../contract/modules";
import { ACCOUNT_TYPES } from "../../modules/auth/schema";

/** Who writes log entries: the accounts, and customers through their own links (a booking's). */
export const LOG_ACTOR_TYPES = [...ACCOUNT_TYPES, "customer"] as const;

/** One row per counted request of a rate-limited action, per bucket (e.g. `forget_password:email:<address>`). */
export const rateLimitHits = sqliteTable(
  "rate_limit_hit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("rate_limit_hit_bucket_time_idx").on(table.bucket, table.createdAt)],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("email_outbox_recipient_idx").on(table.recipient, table.id)],
);

/** Every add, edit and delete, by whom, in which store, with the changed fields before and after. */
export const logs = sqliteTable(
  "log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key"),
    actorType: text("actor_type", { enum: LOG_ACTOR_TYPES }).notNull(),
    actorId: integer("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: LOG_ACTIONS }).notNull(),
    dataType: text("data_type", { enum: LOG_DATA_TYPES }).notNull(),
    /** The store module of the data type (LOG_DATA_TYPE_MODULES), for the staff log's module filter. */
    module: text("module", { enum: MODULE_IDS }),
    recordId: text("record_id").notNull(),
    /** What people call the record, as it was named then (entries from before names were kept have none). */
    recordNameZhHk: text("record_name_zh_hk"),
    recordNameEn: text("record_name_en"),
    /** field → [before, after] */
    changes: text("changes", { mode: "json" }).$type<Record<string, [unknown, unknown]>>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("log_created_at_idx").on(table.createdAt),
    index("log_store_idx").on(table.applicationKey, table.createdAt),
    index("log_actor_idx").on(table.actorEmail, table.createdAt),
    index("log_action_idx").on(table.action, table.createdAt),
    // The staff log's filters within a store, each in the list's order (created_at, then the rowid).
    index("log_store_actor_idx").on(table.applicationKey, table.actorEmail, table.createdAt),
    index("log_store_actor_type_idx").on(table.applicationKey, table.actorType, table.createdAt),
    index("log_store_module_idx").on(table.applicationKey, table.module, table.createdAt),
    index("log_store_action_idx").on(table.applicationKey, table.action, table.createdAt),
  ],
);

/**
 * Which database holds each store (docs/scaling.md): a shard's binding name from STORE_SHARDS, or `DB`, the control
 * database, for stores from before shards. Kept in the control database.
 */
export const storeDirectory = sqliteTable(
  "store_directory",
  {
    applicationKey: text("application_key").primaryKey(),
    shard: text("shard").notNull(),
    /** What the store weighs on its shard (its rows, counted nightly), to place a new store on the least full one. */
    weight: integer("weight").notNull().default(1),
    /** The shard the store is being copied to: until the directory names it, the store is read-only. */
    movingTo: text("moving_to"),
    createdAt: createdAt(),
  },
  (table) => [index("store_directory_shard_idx").on(table.shard, table.weight)],
);

/**
 * Which store each store account's and store staff account's e-mail signs in to, so an e-mail signs in to at most
 * one account whatever shard holds it (provider staff, in the control database itself, are kept apart from it by
 * triggers both ways: migrations/0075_account_directory.sql). Kept in the control database: an e-mail is claimed
 * here before its account is written on the store's shard (backend/accounts.ts), and sign-in finds the shard by it.
 */
export const accountDirectory = sqliteTable("account_directory", {
  email: text("email").primaryKey(),
  applicationKey: text("application_key").notNull(),
});

/**
 * Which store holds each store name and each sub-domain, so one is a single store's across every shard, as an
 * e-mail is (`account_directory`). Kept in the control database, compared without case (migration 0077): claimed
 * before the store's shard writes the name (backend/accounts.ts `writeClaiming`), released once the shard has the
 * new one, given back when the shard refuses. Tables of their own rather than columns of `store_directory`: a rename
 * holds the old and the new value until the shard has written, so a refused write never gives up the old one.
 */
export const storeNameDirectory = sqliteTable("store_name_directory", {
  storeName: text("store_name").primaryKey(),
  applicationKey: text("application_key").notNull(),
});

export const subDomainDirectory = sqliteTable("sub_domain_directory", {
  subDomain: text("sub_domain").primaryKey(),
  applicationKey: text("application_key").notNull(),
});

/**
 * A store being moved to another shard (docs/moving-a-store.md), in the control database: where the move stands, so
 * running it again goes on from there. `tableIndex` and `rowsDone` are the copy's (or the old copy's deletion's) place.
 */
export const storeMoves = sqliteTable("store_move", {
  applicationKey: text("application_key").primaryKey(),
  fromShard: text("from_shard").notNull(),
  toShard: text("to_shard").notNull(),
  phase: text("phase", { enum: ["copy", "verify", "switch", "delete", "done"] }).notNull(),
  tableIndex: integer("table_index").notNull().default(0),
  rowsDone: integer("rows_done").notNull().default(0),
  /** The fresh id range the target was raised to (allocated once, so a retried switch takes the same). */
  idRange: integer("id_range"),
  /** When the store became read-only (copying waits DIRECTORY_TRUST_MS after it) and when it switched. */
  markedAt: text("marked_at").notNull(),
  switchedAt: text("switched_at"),
  /** The run that holds the move (a random token) and until when: another run is refused until it ends or expires. */
  leaseOwner: text("lease_owner"),
  leaseUntil: text("lease_until"),
});

/**
 * The next id range never issued (one row, in the control database): a shard that received a moved store continues
 * from a fresh range, above every shard's own (SHARD_n starts at range n; backend/db/id-ranges.ts).
 */
export const idRanges = sqliteTable("id_range", {
  id: integer("id").primaryKey(),
  next: integer("next").notNull(),
});

/**
 * On every database: the stores whose rows are being copied into it or deleted from it. The triggers that derive or
 * refuse rows on insert and delete skip those stores' rows (migration 0076): a copy brings the derived rows with it,
 * and yesterday's booking need not fit today's opening hours.
 */
export const storeCopies = sqliteTable("store_copy", {
  applicationKey: text("application_key").primaryKey(),
});

/**
 * On every database: the stores whose rows here the scheduled jobs leave alone, because they are moving from or to
 * it (docs/moving-a-store.md): marked on both shards with the directory's `moving_to`, the target's cleared at the
 * switch, the source's once its old copy is deleted.
 */
export const storeMovings = sqliteTable("store_moving", {
  applicationKey: text("application_key").primaryKey(),
});
