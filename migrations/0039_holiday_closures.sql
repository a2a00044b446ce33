CREATE TABLE `holiday_closure` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`note` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "holiday_closure_end_not_before_start" CHECK("holiday_closure"."end_date" >= "holiday_closure"."start_date")
);
--> statement-breakpoint
CREATE INDEX `holiday_closure_store_start_idx` ON `holiday_closure` (`application_key`,`start_date`,`id`);--> statement-breakpoint
CREATE INDEX `holiday_closure_store_end_idx` ON `holiday_closure` (`application_key`,`end_date`,`id`);--> statement-breakpoint
CREATE INDEX `holiday_closure_store_created_idx` ON `holiday_closure` (`application_key`,`created_at`,`id`);