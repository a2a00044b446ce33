import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version } from "../../backend/db/columns";
import {
  PUSH_AUDIENCES,
  PUSH_DELIVERY_STATUSES,
  PUSH_LANGUAGES,
  PUSH_NOTIFICATION_STATUSES,
} from "../../contract/options";
import { linkKindCheck, linkTargetColumns } from "../link-target/schema";
import { members } from "../member/schema";
import { storeAccounts } from "../store/schema";

/** A store website visitor's browser that allowed push notifications (Web Push), perhaps a member's. */
export const pushSubscriptions = sqliteTable(
  "push_subscription",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    language: text("language", { enum: PUSH_LANGUAGES }).notNull().default("zh-HK"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("push_subscription_store_endpoint").on(table.applicationKey, table.endpoint),
    index("push_subscription_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("push_subscription_store_member_idx").on(table.applicationKey, table.memberId),
  ],
);

/** A push to the store's subscribed browsers: its texts, audience, time and, once sent, its counts. */
export const pushNotifications = sqliteTable(
  "push_notification",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    titleZhHk: text("title_zh_hk").notNull(),
    titleEn: text("title_en"),
    bodyZhHk: text("body_zh_hk").notNull(),
    bodyEn: text("body_en"),
    imageUrl: text("image_url"),
    /** Where tapping it takes the visitor (a product, category, custom page or web address), if anywhere. */
    ...linkTargetColumns(),
    audience: text("audience", { enum: PUSH_AUDIENCES }).notNull(),
    status: text("status", { enum: PUSH_NOTIFICATION_STATUSES }).notNull().default("draft"),
    sendAt: text("send_at"),
    /** When a run took it from scheduled to sending. */
    claimedAt: text("claimed_at"),
    sentAt: text("sent_at"),
    recipientCount: integer("recipient_count").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    removedCount: integer("removed_count").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("push_notification_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("push_notification_store_send_at_idx").on(table.applicationKey, table.sendAt, table.id),
    index("push_notification_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    // The minute job's look for due and unfinished pushes across stores.
    index("push_notification_due_idx").on(table.status, table.sendAt),
    check("push_notification_scheduled_has_time", sql`${table.status} <> 'scheduled' or ${table.sendAt} is not null`),
    linkKindCheck("push_notification_link_kind", table.linkKind),
    // Deleting a product, category or custom page sets its links to NULL: found through these.
    index("push_notification_link_product_idx").on(table.linkProductId),
    index("push_notification_link_category_idx").on(table.linkCategoryId),
    index("push_notification_link_custom_page_idx").on(table.linkCustomPageId),
  ],
);

/** The members a push of audience `specific` goes to. */
export const pushNotificationMembers = sqliteTable(
  "push_notification_member",
  {
    applicationKey: text("application_key").notNull(),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => pushNotifications.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("push_notification_member_pair").on(table.notificationId, table.memberId),
    index("push_notification_member_by_member_idx").on(table.memberId),
  ],
);

/**
 * One message of a push to one subscription: inserted once per pair (the unique index), then taken by
 * exactly one run (pending → sending) before it is sent, so nothing goes twice.
 */
export const pushDeliveries = sqliteTable(
  "push_delivery",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => pushNotifications.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => pushSubscriptions.id, { onDelete: "set null" }),
    status: text("status", { enum: PUSH_DELIVERY_STATUSES }).notNull().default("pending"),
    claimedAt: text("claimed_at"),
    finishedAt: text("finished_at"),
  },
  (table) => [
    uniqueIndex("push_delivery_pair").on(table.notificationId, table.subscriptionId),
    index("push_delivery_notification_status_idx").on(table.notificationId, table.status),
    index("push_delivery_subscription_idx").on(table.subscriptionId),
    // The push job's look for messages a stopped run left taken.
    index("push_delivery_status_claimed_idx").on(table.status, table.claimedAt),
  ],
);

/**
 * Every push message sent (deliveries and tests), as email_outbox keeps e-mails: locally the outbox is
 * the browser; with Web Push on, the push service's answer is kept too.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    notificationId: integer("notification_id"),
    endpoint: text("endpoint").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "expired"] }).notNull(),
    responseStatus: integer("response_status"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("push_outbox_store_idx").on(table.applicationKey, table.id)],
);
