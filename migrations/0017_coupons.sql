CREATE TABLE `coupon_member` (
	`application_key` text NOT NULL,
	`coupon_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupon`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_member_pair` ON `coupon_member` (`coupon_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `coupon_member_by_member_idx` ON `coupon_member` (`application_key`,`member_id`);--> statement-breakpoint
CREATE TABLE `coupon_redemption` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`coupon_id` integer NOT NULL,
	`member_id` integer,
	`once_key` integer,
	`order_id` integer,
	`discount_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupon`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coupon_redemption_discount_not_negative" CHECK("coupon_redemption"."discount_cents" >= 0),
	CONSTRAINT "coupon_redemption_once_key_member" CHECK("coupon_redemption"."once_key" IS NULL OR "coupon_redemption"."once_key" = "coupon_redemption"."member_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_redemption_once_unique` ON `coupon_redemption` (`coupon_id`,`once_key`);--> statement-breakpoint
CREATE INDEX `coupon_redemption_coupon_idx` ON `coupon_redemption` (`application_key`,`coupon_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `coupon_redemption_member_idx` ON `coupon_redemption` (`application_key`,`member_id`,`coupon_id`);--> statement-breakpoint
CREATE TABLE `coupon` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`title_zh_hk` text NOT NULL,
	`title_en` text DEFAULT '' NOT NULL,
	`code` text NOT NULL,
	`description` text,
	`image_url` text,
	`usage` text NOT NULL,
	`audience` text NOT NULL,
	`discount_type` text NOT NULL,
	`discount_value` integer NOT NULL,
	`starts_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`minimum_subtotal_cents` integer DEFAULT 0 NOT NULL,
	`usage_limit` integer,
	`times_used` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`issued_for` text,
	`birthday_member_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`birthday_member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coupon_code_format" CHECK(length("coupon"."code") = 5 AND "coupon"."code" = upper("coupon"."code")),
	CONSTRAINT "coupon_usage_known" CHECK("coupon"."usage" IN ('once', 'reusable')),
	CONSTRAINT "coupon_audience_known" CHECK("coupon"."audience" IN ('all', 'specific')),
	CONSTRAINT "coupon_discount_valid" CHECK(("coupon"."discount_type" = 'percentage' AND "coupon"."discount_value" BETWEEN 1 AND 100) OR ("coupon"."discount_type" = 'cash' AND "coupon"."discount_value" > 0)),
	CONSTRAINT "coupon_expiry_after_start" CHECK("coupon"."expires_at" > "coupon"."starts_at"),
	CONSTRAINT "coupon_minimum_subtotal_not_negative" CHECK("coupon"."minimum_subtotal_cents" >= 0),
	CONSTRAINT "coupon_usage_limit_positive" CHECK("coupon"."usage_limit" IS NULL OR "coupon"."usage_limit" >= 1),
	CONSTRAINT "coupon_usage_within_limit" CHECK("coupon"."times_used" >= 0 AND ("coupon"."usage_limit" IS NULL OR "coupon"."times_used" <= "coupon"."usage_limit")),
	CONSTRAINT "coupon_source_known" CHECK("coupon"."source" IN ('manual', 'birthday')),
	CONSTRAINT "coupon_birthday_issued" CHECK("coupon"."source" <> 'birthday' OR ("coupon"."birthday_member_id" IS NOT NULL AND "coupon"."issued_for" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_store_code_unique` ON `coupon` (`application_key`,"code" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_birthday_unique` ON `coupon` (`application_key`,`birthday_member_id`,`issued_for`) WHERE "coupon"."source" = 'birthday';--> statement-breakpoint
CREATE INDEX `coupon_store_created_idx` ON `coupon` (`application_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `coupon_store_starts_idx` ON `coupon` (`application_key`,`starts_at`);--> statement-breakpoint
CREATE INDEX `coupon_store_expires_idx` ON `coupon` (`application_key`,`expires_at`);--> statement-breakpoint
CREATE INDEX `coupon_store_disabled_idx` ON `coupon` (`application_key`,`disabled`,`created_at`);