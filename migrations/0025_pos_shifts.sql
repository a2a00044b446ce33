CREATE TABLE `pos_shift_movement` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`shift_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`actor_email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`shift_id`) REFERENCES `pos_shift`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "pos_shift_movement_kind_known" CHECK("pos_shift_movement"."kind" IN ('pay_in', 'pay_out')),
	CONSTRAINT "pos_shift_movement_amount_positive" CHECK("pos_shift_movement"."amount_cents" > 0),
	CONSTRAINT "pos_shift_movement_reason_given" CHECK(length("pos_shift_movement"."reason") > 0)
);
--> statement-breakpoint
CREATE INDEX `pos_shift_movement_shift_idx` ON `pos_shift_movement` (`application_key`,`shift_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pos_shift` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`opened_by` text NOT NULL,
	`opened_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`float_cents` integer NOT NULL,
	`closed_by` text,
	`closed_at` text,
	`counted_cents` integer,
	`expected_cash_cents` integer,
	`note` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "pos_shift_float_not_negative" CHECK("pos_shift"."float_cents" >= 0),
	CONSTRAINT "pos_shift_closed_complete" CHECK(("pos_shift"."closed_at" IS NULL AND "pos_shift"."counted_cents" IS NULL AND "pos_shift"."expected_cash_cents" IS NULL AND "pos_shift"."closed_by" IS NULL)
        OR ("pos_shift"."closed_at" IS NOT NULL AND "pos_shift"."counted_cents" >= 0 AND "pos_shift"."expected_cash_cents" IS NOT NULL AND "pos_shift"."closed_by" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pos_shift_one_open_unique` ON `pos_shift` (`application_key`) WHERE "pos_shift"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `pos_shift_opened_idx` ON `pos_shift` (`application_key`,`opened_at`,`id`);--> statement-breakpoint
CREATE INDEX `pos_shift_state_idx` ON `pos_shift` (`application_key`,"closed_at" IS NULL,`opened_at`,`id`);