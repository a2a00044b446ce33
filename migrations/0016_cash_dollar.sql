CREATE TABLE `cash_dollar_record` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_id` integer NOT NULL,
	`action` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`balance_after_cents` integer NOT NULL,
	`order_id` integer,
	`actor_email` text NOT NULL,
	`reason` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cash_dollar_record_action_known" CHECK("cash_dollar_record"."action" IN ('order', 'admin', 'welcome_cash_dollar', 'refund_order')),
	CONSTRAINT "cash_dollar_record_amount_not_zero" CHECK("cash_dollar_record"."amount_cents" <> 0),
	CONSTRAINT "cash_dollar_record_balance_not_negative" CHECK("cash_dollar_record"."balance_after_cents" >= 0),
	CONSTRAINT "cash_dollar_record_admin_reason" CHECK("cash_dollar_record"."action" <> 'admin' OR "cash_dollar_record"."reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `cash_dollar_record_member_idx` ON `cash_dollar_record` (`application_key`,`member_id`,`created_at`);--> statement-breakpoint
-- drizzle-kit would rebuild member (copying a cash_dollar_cents it does not have yet); adding the column
-- with its CHECK keeps every member, index and reference as it is.
ALTER TABLE `member` ADD `cash_dollar_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "member_cash_dollar_not_negative" CHECK("cash_dollar_cents" >= 0);
