CREATE TABLE `gift_card_entry` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`gift_card_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`balance_after_cents` integer NOT NULL,
	`reason` text,
	`actor_email` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`gift_card_id`) REFERENCES `gift_card`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "gift_card_entry_kind_known" CHECK("gift_card_entry"."kind" IN ('issue', 'adjust', 'reissue_out', 'reissue_in', 'redeem', 'refund', 'expire')),
	CONSTRAINT "gift_card_entry_amount_not_zero" CHECK("gift_card_entry"."amount_cents" <> 0),
	CONSTRAINT "gift_card_entry_balance_not_negative" CHECK("gift_card_entry"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `gift_card_entry_card_idx` ON `gift_card_entry` (`application_key`,`gift_card_id`,`id`);--> statement-breakpoint
CREATE TABLE `gift_card` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`code` text NOT NULL,
	`initial_cents` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`expiry_date` text,
	`recipient_name` text DEFAULT '' NOT NULL,
	`recipient_email` text DEFAULT '' NOT NULL,
	`recipient_language` text DEFAULT 'zh-HK' NOT NULL,
	`note` text,
	`disabled_at` text,
	`disabled_reason` text,
	`replaced_by_id` integer,
	`replaces_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replaced_by_id`) REFERENCES `gift_card`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replaces_id`) REFERENCES `gift_card`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "gift_card_code_length" CHECK(length("gift_card"."code") = 16),
	CONSTRAINT "gift_card_initial_positive" CHECK("gift_card"."initial_cents" > 0),
	CONSTRAINT "gift_card_balance_not_negative" CHECK("gift_card"."balance_cents" >= 0),
	CONSTRAINT "gift_card_language_known" CHECK("gift_card"."recipient_language" IN ('zh-HK', 'en')),
	CONSTRAINT "gift_card_disabled_reason" CHECK("gift_card"."disabled_at" IS NULL OR "gift_card"."disabled_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gift_card_store_code_idx` ON `gift_card` (`application_key`,`code`);--> statement-breakpoint
CREATE INDEX `gift_card_store_created_idx` ON `gift_card` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `gift_card_store_balance_idx` ON `gift_card` (`application_key`,`balance_cents`,`id`);--> statement-breakpoint
CREATE INDEX `gift_card_store_expiry_idx` ON `gift_card` (`application_key`,`expiry_date`,`id`);--> statement-breakpoint
CREATE INDEX `gift_card_store_disabled_idx` ON `gift_card` (`application_key`,`disabled_at`,`id`);