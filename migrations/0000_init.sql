CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_recipient_idx` ON `email_outbox` (`recipient`,`id`);--> statement-breakpoint
CREATE TABLE `internal_account` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `internal_account_email_unique` ON `internal_account` (`email`);--> statement-breakpoint
CREATE TABLE `login_attempt` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`succeeded` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempt_email_time_idx` ON `login_attempt` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_token` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_type` text NOT NULL,
	`account_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `password_reset_account_idx` ON `password_reset_token` (`account_type`,`account_id`);--> statement-breakpoint
CREATE TABLE `plan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text NOT NULL,
	`plan_type` text NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`period_days` integer NOT NULL,
	`module_list` text DEFAULT '[]' NOT NULL,
	`has_cash_dollar` integer DEFAULT false NOT NULL,
	`has_vip` integer DEFAULT false NOT NULL,
	`default_language_and_currency_only` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "plan_price_not_negative" CHECK("plan"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE `purchased_plan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`plan_id` integer NOT NULL,
	`store_payment_id` text NOT NULL,
	`start_date` text NOT NULL,
	`expiry_date` text NOT NULL,
	`plan_type` text NOT NULL,
	`plan_name_zh_hk` text NOT NULL,
	`plan_name_en` text NOT NULL,
	`module_list` text DEFAULT '[]' NOT NULL,
	`has_cash_dollar` integer DEFAULT false NOT NULL,
	`has_vip` integer DEFAULT false NOT NULL,
	`default_language_and_currency_only` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plan`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "purchased_plan_dates" CHECK("purchased_plan"."expiry_date" >= "purchased_plan"."start_date")
);
--> statement-breakpoint
CREATE INDEX `purchased_plan_store_current_idx` ON `purchased_plan` (`application_key`,`disabled`,`start_date`);--> statement-breakpoint
CREATE INDEX `purchased_plan_expiry_idx` ON `purchased_plan` (`disabled`,`expiry_date`);--> statement-breakpoint
CREATE TABLE `session` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_type` text NOT NULL,
	`account_id` integer NOT NULL,
	`application_key` text,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `session_account_idx` ON `session` (`account_type`,`account_id`);--> statement-breakpoint
CREATE TABLE `store_account` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`store_name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`sub_domain` text,
	`cms_side_menu` text DEFAULT '[]' NOT NULL,
	`accept_language` text DEFAULT '[]' NOT NULL,
	`accept_currency` text DEFAULT '[]' NOT NULL,
	`payment_method_list` text DEFAULT '[]' NOT NULL,
	`delivery_method_list` text DEFAULT '[]' NOT NULL,
	`enquiry_only` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_account_application_key_unique` ON `store_account` (`application_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `store_account_store_name_unique` ON `store_account` (`store_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `store_account_email_unique` ON `store_account` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `store_account_sub_domain_unique` ON `store_account` (`sub_domain`);--> statement-breakpoint
CREATE INDEX `store_account_created_at_idx` ON `store_account` (`created_at`);--> statement-breakpoint
CREATE TABLE `store_staff` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text NOT NULL,
	`permissions` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_staff_email_unique` ON `store_staff` (`email`);--> statement-breakpoint
CREATE INDEX `store_staff_store_idx` ON `store_staff` (`application_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `website_data` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`logo_img_url` text,
	`custom_domain` text,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `website_data_application_key_unique` ON `website_data` (`application_key`);