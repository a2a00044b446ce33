CREATE TABLE `stock_transfer` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`transfer_number` integer NOT NULL,
	`from_location_id` integer,
	`to_location_id` integer,
	`status` text NOT NULL,
	`note` text,
	`total_quantity` integer NOT NULL,
	`received_quantity` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`sent_by` text,
	`received_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_location_id`) REFERENCES `location`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`to_location_id`) REFERENCES `location`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stock_transfer_status_known" CHECK("stock_transfer"."status" IN ('draft', 'sent', 'partially_received', 'received', 'cancelled')),
	CONSTRAINT "stock_transfer_between_two_locations" CHECK("stock_transfer"."from_location_id" <> "stock_transfer"."to_location_id"),
	CONSTRAINT "stock_transfer_received_within_sent" CHECK("stock_transfer"."received_quantity" BETWEEN 0 AND "stock_transfer"."total_quantity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_transfer_number_unique` ON `stock_transfer` (`application_key`,`transfer_number`);--> statement-breakpoint
CREATE INDEX `stock_transfer_created_idx` ON `stock_transfer` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `stock_transfer_status_idx` ON `stock_transfer` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `stock_transfer_from_idx` ON `stock_transfer` (`application_key`,`from_location_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `stock_transfer_to_idx` ON `stock_transfer` (`application_key`,`to_location_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `stock_transfer_line` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`stock_transfer_id` integer NOT NULL,
	`position` integer NOT NULL,
	`product_id` integer,
	`variant_id` integer,
	`product_code` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text NOT NULL,
	`variant_name_zh_hk` text DEFAULT '' NOT NULL,
	`variant_name_en` text DEFAULT '' NOT NULL,
	`sku` text,
	`barcode` text,
	`quantity` integer NOT NULL,
	`received_quantity` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`stock_transfer_id`) REFERENCES `stock_transfer`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variant`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stock_transfer_line_quantity_range" CHECK("stock_transfer_line"."quantity" BETWEEN 1 AND 100000),
	CONSTRAINT "stock_transfer_line_received_within_sent" CHECK("stock_transfer_line"."received_quantity" BETWEEN 0 AND "stock_transfer_line"."quantity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_transfer_line_position_unique` ON `stock_transfer_line` (`stock_transfer_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `stock_transfer_line_variant_unique` ON `stock_transfer_line` (`stock_transfer_id`,`variant_id`) WHERE "stock_transfer_line"."variant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `stock_transfer_line_variant_idx` ON `stock_transfer_line` (`variant_id`) WHERE "stock_transfer_line"."variant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `stock_transfer_line_product_idx` ON `stock_transfer_line` (`product_id`) WHERE "stock_transfer_line"."product_id" IS NOT NULL;--> statement-breakpoint
-- Transfers move stock between locations: wherever locations are on (plans, the current plans bought, the
-- accounts' menus), transfers are too, and store staff get the permission they have for locations (admin write,
-- sales read by their defaults).
UPDATE `plan` SET `module_list` = json_insert(`module_list`, '$[#]', 'stock_transfer')
  WHERE EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'location')
    AND NOT EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'stock_transfer');--> statement-breakpoint
UPDATE `purchased_plan` SET `module_list` = json_insert(`module_list`, '$[#]', 'stock_transfer')
  WHERE EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'location')
    AND NOT EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'stock_transfer');--> statement-breakpoint
UPDATE `store_account` SET `cms_side_menu` = json_insert(`cms_side_menu`, '$[#]', 'stock_transfer')
  WHERE EXISTS (SELECT 1 FROM json_each(`cms_side_menu`) WHERE `value` = 'location')
    AND NOT EXISTS (SELECT 1 FROM json_each(`cms_side_menu`) WHERE `value` = 'stock_transfer');--> statement-breakpoint
UPDATE `store_staff` SET `permissions` = json_set(`permissions`, '$.stock_transfer', json_extract(`permissions`, '$.location'))
  WHERE json_extract(`permissions`, '$.location') IS NOT NULL AND json_extract(`permissions`, '$.stock_transfer') IS NULL;
