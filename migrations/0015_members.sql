CREATE TABLE `member` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_number` integer NOT NULL,
	`member_code` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`registration_date` text NOT NULL,
	`level` text DEFAULT 'general' NOT NULL,
	`birthday_month` integer,
	`marketing_consent` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`note` text,
	`delivery_address` text,
	`delivery_district` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "member_level_known" CHECK("member"."level" IN ('general', 'vip')),
	CONSTRAINT "member_email_lower_case" CHECK("member"."email" = lower("member"."email")),
	CONSTRAINT "member_birthday_month_range" CHECK("member"."birthday_month" BETWEEN 1 AND 12),
	CONSTRAINT "member_district_known" CHECK("member"."delivery_district" IN ('hk', 'kln', 'nt', 'island'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_store_number_unique` ON `member` (`application_key`,`member_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `member_store_email_unique` ON `member` (`application_key`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `member_store_phone_unique` ON `member` (`application_key`,`phone`) WHERE "member"."phone" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `member_store_created_idx` ON `member` (`application_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `member_store_registration_idx` ON `member` (`application_key`,`registration_date`);--> statement-breakpoint
CREATE INDEX `member_store_name_idx` ON `member` (`application_key`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `member_store_level_idx` ON `member` (`application_key`,`level`,`created_at`);--> statement-breakpoint
CREATE INDEX `member_store_birthday_idx` ON `member` (`application_key`,`birthday_month`,`created_at`);--> statement-breakpoint
CREATE INDEX `member_store_consent_idx` ON `member` (`application_key`,`marketing_consent`,`created_at`);--> statement-breakpoint
CREATE INDEX `member_store_disabled_idx` ON `member` (`application_key`,`disabled`,`created_at`);