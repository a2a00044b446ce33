PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_refund` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`fees_cents` integer DEFAULT 0 NOT NULL,
	`refund_to` text DEFAULT 'original' NOT NULL,
	`cash_cents` integer DEFAULT 0 NOT NULL,
	`gift_card_id` integer,
	`lines` text DEFAULT '[]' NOT NULL,
	`exchange_order_id` integer,
	`actor_email` text NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`gift_card_id`) REFERENCES `gift_card`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`exchange_order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_refund_amount_not_negative" CHECK("__new_order_refund"."amount_cents" >= 0),
	CONSTRAINT "order_refund_to_known" CHECK("__new_order_refund"."refund_to" IN ('original', 'store_credit', 'cash', 'gift_card')),
	CONSTRAINT "order_refund_cash_within_amount" CHECK("__new_order_refund"."cash_cents" BETWEEN 0 AND "__new_order_refund"."amount_cents")
);
--> statement-breakpoint
INSERT INTO `__new_order_refund`("id", "application_key", "order_id", "amount_cents", "fees_cents", "refund_to", "cash_cents", "gift_card_id", "lines", "exchange_order_id", "actor_email", "note", "created_at") SELECT "id", "application_key", "order_id", "amount_cents", "fees_cents", 'original', 0, NULL, '[]', NULL, "actor_email", "note", "created_at" FROM `order_refund`;--> statement-breakpoint
DROP TABLE `order_refund`;--> statement-breakpoint
ALTER TABLE `__new_order_refund` RENAME TO `order_refund`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `order_refund_order_idx` ON `order_refund` (`application_key`,`order_id`);--> statement-breakpoint
CREATE INDEX `order_refund_created_idx` ON `order_refund` (`application_key`,`created_at`);