CREATE TABLE `store_directory` (
	`application_key` text PRIMARY KEY NOT NULL,
	`shard` text NOT NULL,
	`weight` integer DEFAULT 1 NOT NULL,
	`moving_to` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `store_directory_shard_idx` ON `store_directory` (`shard`,`weight`);--> statement-breakpoint
-- Every store so far lives in the one database there was, which is the control database.
INSERT INTO `store_directory` (`application_key`, `shard`) SELECT `application_key`, 'DB' FROM `store_account`;
