CREATE TABLE `order_refund` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`actor_email` text NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_refund_amount_not_negative" CHECK("order_refund"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `order_refund_order_idx` ON `order_refund` (`application_key`,`order_id`);--> statement-breakpoint
CREATE INDEX `order_refund_created_idx` ON `order_refund` (`application_key`,`created_at`);--> statement-breakpoint
-- A new column instead of drizzle-kit's table rebuild: the rebuild would leave the store_account trigger
-- that makes each store's setting row (migration 0013) pointing at a dropped table for a moment.
ALTER TABLE `store_setting` ADD COLUMN `unpaid_order_cancel_hours` integer DEFAULT 48 NOT NULL
  CONSTRAINT "store_setting_unpaid_order_cancel_hours" CHECK("unpaid_order_cancel_hours" BETWEEN 1 AND 720);
