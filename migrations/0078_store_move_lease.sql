CREATE TABLE `store_moving` (
	`application_key` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE `store_move` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `store_move` ADD `lease_until` text;