-- Percent off in basis points (12.5 % is 1250): existing percentages times 100. Dropping the old table
-- cascades to its members, which are kept aside and put back; the other references to it hold again once
-- the new table, with the same ids, takes its name.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_coupon` (
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
	CONSTRAINT "coupon_code_format" CHECK(length("__new_coupon"."code") = 5 AND "__new_coupon"."code" = upper("__new_coupon"."code")),
	CONSTRAINT "coupon_usage_known" CHECK("__new_coupon"."usage" IN ('once', 'reusable')),
	CONSTRAINT "coupon_audience_known" CHECK("__new_coupon"."audience" IN ('all', 'specific')),
	CONSTRAINT "coupon_discount_valid" CHECK(("__new_coupon"."discount_type" = 'percentage' AND "__new_coupon"."discount_value" BETWEEN 1 AND 10000) OR ("__new_coupon"."discount_type" = 'cash' AND "__new_coupon"."discount_value" > 0)),
	CONSTRAINT "coupon_expiry_after_start" CHECK("__new_coupon"."expires_at" > "__new_coupon"."starts_at"),
	CONSTRAINT "coupon_minimum_subtotal_not_negative" CHECK("__new_coupon"."minimum_subtotal_cents" >= 0),
	CONSTRAINT "coupon_usage_limit_positive" CHECK("__new_coupon"."usage_limit" IS NULL OR "__new_coupon"."usage_limit" >= 1),
	CONSTRAINT "coupon_usage_within_limit" CHECK("__new_coupon"."times_used" >= 0 AND ("__new_coupon"."usage_limit" IS NULL OR "__new_coupon"."times_used" <= "__new_coupon"."usage_limit")),
	CONSTRAINT "coupon_source_known" CHECK("__new_coupon"."source" IN ('manual', 'birthday')),
	CONSTRAINT "coupon_birthday_issued" CHECK("__new_coupon"."source" <> 'birthday' OR ("__new_coupon"."birthday_member_id" IS NOT NULL AND "__new_coupon"."issued_for" IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO `__new_coupon`("id", "application_key", "title_zh_hk", "title_en", "code", "description", "image_url", "usage", "audience", "discount_type", "discount_value", "starts_at", "expires_at", "minimum_subtotal_cents", "usage_limit", "times_used", "disabled", "source", "issued_for", "birthday_member_id", "version", "created_at") SELECT "id", "application_key", "title_zh_hk", "title_en", "code", "description", "image_url", "usage", "audience", "discount_type", CASE WHEN "discount_type" = 'percentage' THEN "discount_value" * 100 ELSE "discount_value" END, "starts_at", "expires_at", "minimum_subtotal_cents", "usage_limit", "times_used", "disabled", "source", "issued_for", "birthday_member_id", "version", "created_at" FROM `coupon`;--> statement-breakpoint
CREATE TABLE `__kept_coupon_member` AS SELECT `application_key`, `coupon_id`, `member_id` FROM `coupon_member`;--> statement-breakpoint
DROP TABLE `coupon`;--> statement-breakpoint
ALTER TABLE `__new_coupon` RENAME TO `coupon`;--> statement-breakpoint
INSERT INTO `coupon_member` (`application_key`, `coupon_id`, `member_id`)
  SELECT `application_key`, `coupon_id`, `member_id` FROM `__kept_coupon_member`;--> statement-breakpoint
DROP TABLE `__kept_coupon_member`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_store_code_unique` ON `coupon` (`application_key`,"code" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_birthday_unique` ON `coupon` (`application_key`,`issued_for`,`birthday_member_id`) WHERE "coupon"."source" = 'birthday';--> statement-breakpoint
CREATE INDEX `coupon_store_created_idx` ON `coupon` (`application_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `coupon_store_starts_idx` ON `coupon` (`application_key`,`starts_at`);--> statement-breakpoint
CREATE INDEX `coupon_store_expires_idx` ON `coupon` (`application_key`,`expires_at`);--> statement-breakpoint
CREATE INDEX `coupon_store_disabled_idx` ON `coupon` (`application_key`,`disabled`,`created_at`);--> statement-breakpoint
CREATE INDEX `coupon_store_source_idx` ON `coupon` (`application_key`,`source`,`created_at`);