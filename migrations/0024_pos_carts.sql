CREATE TABLE `pos_cart` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`owner` text NOT NULL,
	`cart` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pos_cart_owner_unique` ON `pos_cart` (`application_key`,`owner`);--> statement-breakpoint
CREATE TABLE `pos_held_cart` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`note` text,
	`cart` text NOT NULL,
	`held_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `pos_held_cart_created_idx` ON `pos_held_cart` (`application_key`,`created_at`);--> statement-breakpoint
ALTER TABLE `add_on_product` ADD `barcode` text;--> statement-breakpoint
CREATE INDEX `add_on_product_store_barcode_idx` ON `add_on_product` (`application_key`,`barcode`);