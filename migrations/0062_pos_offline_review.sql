-- Offline sales the server recorded as the device sold them but flagged for review (issue 39): what differed, and
-- who marked each reviewed.
CREATE TABLE `pos_offline_review` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`sold_by` text NOT NULL,
	`differences` text NOT NULL,
	`reviewed_at` text,
	`reviewed_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "pos_offline_review_reviewed_together" CHECK(("pos_offline_review"."reviewed_at" IS NULL) = ("pos_offline_review"."reviewed_by" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pos_offline_review_order_unique` ON `pos_offline_review` (`application_key`,`order_id`);--> statement-breakpoint
CREATE INDEX `pos_offline_review_list_idx` ON `pos_offline_review` (`application_key`,`reviewed_at`,`id`);