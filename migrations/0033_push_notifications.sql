CREATE TABLE `push_delivery` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`notification_id` integer NOT NULL,
	`subscription_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`claimed_at` text,
	`finished_at` text,
	FOREIGN KEY (`notification_id`) REFERENCES `push_notification`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscription`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_delivery_pair` ON `push_delivery` (`notification_id`,`subscription_id`);--> statement-breakpoint
CREATE INDEX `push_delivery_notification_status_idx` ON `push_delivery` (`notification_id`,`status`);--> statement-breakpoint
CREATE INDEX `push_delivery_subscription_idx` ON `push_delivery` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `push_delivery_status_claimed_idx` ON `push_delivery` (`status`,`claimed_at`);--> statement-breakpoint
CREATE TABLE `push_notification_member` (
	`application_key` text NOT NULL,
	`notification_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	FOREIGN KEY (`notification_id`) REFERENCES `push_notification`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_notification_member_pair` ON `push_notification_member` (`notification_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `push_notification_member_by_member_idx` ON `push_notification_member` (`member_id`);--> statement-breakpoint
CREATE TABLE `push_notification` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`title_zh_hk` text NOT NULL,
	`title_en` text,
	`body_zh_hk` text NOT NULL,
	`body_en` text,
	`image_url` text,
	`link_kind` text,
	`link_product_id` integer,
	`link_category_id` integer,
	`link_custom_page_id` integer,
	`link_url` text,
	`audience` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`send_at` text,
	`claimed_at` text,
	`sent_at` text,
	`recipient_count` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`removed_count` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`link_product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_category_id`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_custom_page_id`) REFERENCES `custom_page`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "push_notification_scheduled_has_time" CHECK("push_notification"."status" <> 'scheduled' or "push_notification"."send_at" is not null),
	CONSTRAINT "push_notification_link_kind" CHECK("push_notification"."link_kind" IS NULL OR "push_notification"."link_kind" IN ('product', 'category', 'custom_page', 'url'))
);
--> statement-breakpoint
CREATE INDEX `push_notification_store_created_idx` ON `push_notification` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `push_notification_store_send_at_idx` ON `push_notification` (`application_key`,`send_at`,`id`);--> statement-breakpoint
CREATE INDEX `push_notification_store_status_idx` ON `push_notification` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `push_notification_due_idx` ON `push_notification` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `push_notification_link_product_idx` ON `push_notification` (`link_product_id`);--> statement-breakpoint
CREATE INDEX `push_notification_link_category_idx` ON `push_notification` (`link_category_id`);--> statement-breakpoint
CREATE INDEX `push_notification_link_custom_page_idx` ON `push_notification` (`link_custom_page_id`);--> statement-breakpoint
CREATE TABLE `push_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`notification_id` integer,
	`endpoint` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`response_status` integer,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `push_outbox_store_idx` ON `push_outbox` (`application_key`,`id`);--> statement-breakpoint
CREATE TABLE `push_subscription` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_id` integer,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`language` text DEFAULT 'zh-HK' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscription_store_endpoint` ON `push_subscription` (`application_key`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscription_store_created_idx` ON `push_subscription` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `push_subscription_store_member_idx` ON `push_subscription` (`application_key`,`member_id`);