CREATE TABLE `two_step_challenge` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`account_type` text NOT NULL,
	`account_id` integer NOT NULL,
	`application_key` text,
	`email` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "two_step_challenge_kind_known" CHECK("two_step_challenge"."kind" IN ('code', 'enrol'))
);
--> statement-breakpoint
CREATE TABLE `two_step_recovery_code` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_type` text NOT NULL,
	`account_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `two_step_recovery_code_unique` ON `two_step_recovery_code` (`account_type`,`account_id`,`code_hash`);--> statement-breakpoint
CREATE TABLE `two_step_requirement` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `two_step_requirement_store_unique` ON `two_step_requirement` (`application_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `two_step_requirement_provider_unique` ON `two_step_requirement` (("application_key" IS NULL)) WHERE "two_step_requirement"."application_key" IS NULL;--> statement-breakpoint
CREATE TABLE `two_step` (
	`account_type` text NOT NULL,
	`account_id` integer NOT NULL,
	`secret_ciphertext` text NOT NULL,
	`enabled_at` text,
	`last_step` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `two_step_account_unique` ON `two_step` (`account_type`,`account_id`);