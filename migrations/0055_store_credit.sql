CREATE TABLE `store_credit_entry` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`balance_after_cents` integer NOT NULL,
	`reason` text,
	`actor_email` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "store_credit_entry_kind_known" CHECK("store_credit_entry"."kind" IN ('adjust', 'refund', 'redeem')),
	CONSTRAINT "store_credit_entry_amount_not_zero" CHECK("store_credit_entry"."amount_cents" <> 0),
	CONSTRAINT "store_credit_entry_balance_not_negative" CHECK("store_credit_entry"."balance_after_cents" >= 0),
	CONSTRAINT "store_credit_entry_adjust_reason" CHECK("store_credit_entry"."kind" <> 'adjust' OR "store_credit_entry"."reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `store_credit_entry_member_idx` ON `store_credit_entry` (`application_key`,`member_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `store_credit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_id` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "store_credit_balance_not_negative" CHECK("store_credit"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_credit_store_member_unique` ON `store_credit` (`application_key`,`member_id`);