CREATE TABLE `rate_limit_hit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hit_bucket_time_idx` ON `rate_limit_hit` (`bucket`,`created_at`);