ALTER TABLE `gift_card_entry` ADD `order_id` integer;--> statement-breakpoint
ALTER TABLE `store_credit_entry` ADD `order_id` integer;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_payment` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`method` text NOT NULL,
	`gift_card_id` integer,
	`amount_cents` integer NOT NULL,
	`tendered_cents` integer,
	`status` text NOT NULL,
	`proof_image_urls` text DEFAULT '[]' NOT NULL,
	`gateway_reference` text,
	`received_cents` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`gift_card_id`) REFERENCES `gift_card`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_payment_amount_positive" CHECK("__new_order_payment"."amount_cents" > 0),
	CONSTRAINT "order_payment_tendered_covers_amount" CHECK("__new_order_payment"."tendered_cents" IS NULL OR "__new_order_payment"."tendered_cents" > "__new_order_payment"."amount_cents"),
	CONSTRAINT "order_payment_status_known" CHECK("__new_order_payment"."status" IN ('no_payment_record', 'succeeded', 'failed', 'refunded')),
	CONSTRAINT "order_payment_gift_card_named" CHECK(("__new_order_payment"."method" = 'gift_card') = ("__new_order_payment"."gift_card_id" IS NOT NULL)),
	CONSTRAINT "order_payment_received_not_negative" CHECK("__new_order_payment"."received_cents" IS NULL OR "__new_order_payment"."received_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_order_payment`("id", "application_key", "order_id", "method", "gift_card_id", "amount_cents", "tendered_cents", "status", "proof_image_urls", "gateway_reference", "received_cents", "created_at") SELECT "id", "application_key", "order_id", "method", NULL, "amount_cents", "tendered_cents", "status", "proof_image_urls", "gateway_reference", "received_cents", "created_at" FROM `order_payment`;--> statement-breakpoint
DROP TABLE `order_payment`;--> statement-breakpoint
ALTER TABLE `__new_order_payment` RENAME TO `order_payment`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `order_payment_order_idx` ON `order_payment` (`application_key`,`order_id`);