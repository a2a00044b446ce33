CREATE TABLE `log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text,
	`actor_type` text NOT NULL,
	`actor_id` integer NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`data_type` text NOT NULL,
	`record_id` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `log_created_at_idx` ON `log` (`created_at`);--> statement-breakpoint
CREATE INDEX `log_store_idx` ON `log` (`application_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `log_actor_idx` ON `log` (`actor_email`,`created_at`);--> statement-breakpoint
CREATE INDEX `log_action_idx` ON `log` (`action`,`created_at`);--> statement-breakpoint
DROP INDEX `store_account_store_name_unique`;--> statement-breakpoint
DROP INDEX `store_account_sub_domain_unique`;--> statement-breakpoint
ALTER TABLE `store_account` ADD `current_plan_type` text;--> statement-breakpoint
ALTER TABLE `store_account` ADD `current_plan_expiry_date` text;--> statement-breakpoint
CREATE INDEX `store_account_expiry_idx` ON `store_account` (`current_plan_expiry_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `store_account_name_unique` ON `store_account` ("store_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `store_account_key_search_idx` ON `store_account` ("application_key" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `store_account_email_search_idx` ON `store_account` ("email" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `store_account_sub_domain_unique` ON `store_account` ("sub_domain" COLLATE NOCASE);