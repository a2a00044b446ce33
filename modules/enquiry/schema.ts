import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, version, known } from "../../backend/db/columns";
import { ENQUIRY_KINDS, ENQUIRY_MESSAGE_SENDERS, ENQUIRY_STATUSES, ENQUIRY_TIME_SLOTS } from "../../contract/options";
import { storeStaff } from "../staff-account/schema";
import { storeAccounts } from "../store/schema";

/**
 * An enquiry from the store's website, of either kind (modules/enquiry/contract.ts): general (module `enquiry`)
 * or medical (`medi_enquiry`, with the date of birth and the preferred appointment). Its messages, the
 * enquirer's first and the store's replies, are `enquiry_message` rows.
 */
export const enquiries = sqliteTable(
  "enquiry",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    kind: text("kind", { enum: ENQUIRY_KINDS }).notNull(),
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    dateOfBirth: text("date_of_birth"),
    preferredDate: text("preferred_date"),
    preferredTimeSlot: text("preferred_time_slot", { enum: ENQUIRY_TIME_SLOTS }),
    practitioner: text("practitioner"),
    assigneeId: integer("assignee_id").references(() => storeStaff.id, { onDelete: "set null" }),
    note: text("note"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("enquiry_store_created_idx").on(table.applicationKey, table.kind, table.createdAt, table.id),
    index("enquiry_store_name_idx").on(table.applicationKey, table.kind, sql`${table.name} COLLATE NOCASE`, table.id),
    index("enquiry_store_status_idx").on(table.applicationKey, table.kind, table.status, table.createdAt, table.id),
    index("enquiry_assignee_idx").on(table.assigneeId),
    check("enquiry_kind", sql`${table.kind} IN ${known(ENQUIRY_KINDS)}`),
    check("enquiry_status", sql`${table.status} IN ${known(ENQUIRY_STATUSES)}`),
    check(
      "enquiry_time_slot",
      sql`${table.preferredTimeSlot} IS NULL OR ${table.preferredTimeSlot} IN ${known(ENQUIRY_TIME_SLOTS)}`,
    ),
  ],
);

/** An enquiry's thread: the enquirer's message, then each reply (by whom), oldest first. */
export const enquiryMessages = sqliteTable(
  "enquiry_message",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: ENQUIRY_MESSAGE_SENDERS }).notNull(),
    authorEmail: text("author_email"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("enquiry_message_enquiry_idx").on(table.enquiryId, table.id),
    check("enquiry_message_sender", sql`${table.sender} IN ${known(ENQUIRY_MESSAGE_SENDERS)}`),
  ],
);
