CREATE TABLE `purchase_order_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`purchase_order_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_email` text NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_order`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `purchase_order_history_order_idx` ON `purchase_order_history` (`application_key`,`purchase_order_id`,`id`);--> statement-breakpoint
CREATE TABLE `purchase_order_line` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`purchase_order_id` integer NOT NULL,
	`product_id` integer,
	`position` integer NOT NULL,
	`product_code` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text NOT NULL,
	`supplier_code` text,
	`quantity` integer NOT NULL,
	`received_quantity` integer DEFAULT 0 NOT NULL,
	`unit_cost_cents` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_order`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "purchase_order_line_quantity_positive" CHECK("purchase_order_line"."quantity" >= 1),
	CONSTRAINT "purchase_order_line_received_within_ordered" CHECK("purchase_order_line"."received_quantity" BETWEEN 0 AND "purchase_order_line"."quantity"),
	CONSTRAINT "purchase_order_line_amounts" CHECK("purchase_order_line"."unit_cost_cents" >= 0 AND "purchase_order_line"."line_total_cents" = "purchase_order_line"."unit_cost_cents" * "purchase_order_line"."quantity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_order_line_position_unique` ON `purchase_order_line` (`purchase_order_id`,`position`);--> statement-breakpoint
CREATE INDEX `purchase_order_line_order_idx` ON `purchase_order_line` (`application_key`,`purchase_order_id`,`position`);--> statement-breakpoint
CREATE INDEX `purchase_order_line_product_idx` ON `purchase_order_line` (`application_key`,`product_id`);--> statement-breakpoint
CREATE TABLE `purchase_order_receipt` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`purchase_order_id` integer NOT NULL,
	`lines` text NOT NULL,
	`actor_email` text NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_order`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `purchase_order_receipt_order_idx` ON `purchase_order_receipt` (`application_key`,`purchase_order_id`,`id`);--> statement-breakpoint
CREATE TABLE `purchase_order` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`po_number` integer NOT NULL,
	`supplier_id` integer,
	`supplier_name` text NOT NULL,
	`status` text NOT NULL,
	`expected_date` text,
	`note` text,
	`total_cents` integer NOT NULL,
	`ordered_quantity` integer NOT NULL,
	`received_quantity` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "purchase_order_status_known" CHECK("purchase_order"."status" IN ('draft', 'ordered', 'partially_received', 'received', 'cancelled')),
	CONSTRAINT "purchase_order_total_not_negative" CHECK("purchase_order"."total_cents" >= 0),
	CONSTRAINT "purchase_order_received_within_ordered" CHECK("purchase_order"."received_quantity" BETWEEN 0 AND "purchase_order"."ordered_quantity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_order_number_unique` ON `purchase_order` (`application_key`,`po_number`);--> statement-breakpoint
CREATE INDEX `purchase_order_created_idx` ON `purchase_order` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `purchase_order_expected_idx` ON `purchase_order` (`application_key`,`expected_date`,`id`);--> statement-breakpoint
CREATE INDEX `purchase_order_total_idx` ON `purchase_order` (`application_key`,`total_cents`,`id`);--> statement-breakpoint
CREATE INDEX `purchase_order_status_idx` ON `purchase_order` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `purchase_order_supplier_idx` ON `purchase_order` (`application_key`,`supplier_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `supplier_product` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`supplier_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer NOT NULL,
	`supplier_code` text,
	`cost_cents` integer NOT NULL,
	`minimum_order_quantity` integer NOT NULL,
	`reorder_point` integer,
	FOREIGN KEY (`supplier_id`) REFERENCES `supplier`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "supplier_product_cost_not_negative" CHECK("supplier_product"."cost_cents" >= 0),
	CONSTRAINT "supplier_product_minimum_positive" CHECK("supplier_product"."minimum_order_quantity" >= 1),
	CONSTRAINT "supplier_product_reorder_not_negative" CHECK("supplier_product"."reorder_point" IS NULL OR "supplier_product"."reorder_point" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_product_pair` ON `supplier_product` (`supplier_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `supplier_product_supplier_idx` ON `supplier_product` (`application_key`,`supplier_id`,`position`);--> statement-breakpoint
CREATE INDEX `supplier_product_product_idx` ON `supplier_product` (`application_key`,`product_id`);--> statement-breakpoint
CREATE INDEX `supplier_product_reorder_idx` ON `supplier_product` (`application_key`,`supplier_id`,`reorder_point`) WHERE "supplier_product"."reorder_point" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `supplier` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name` text NOT NULL,
	`contact_person` text,
	`phone` text,
	`email` text,
	`address` text,
	`note` text,
	`product_count` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_store_created_idx` ON `supplier` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `supplier_store_name_idx` ON `supplier` (`application_key`,"name" COLLATE NOCASE,`id`);--> statement-breakpoint
-- The list's product count follows the supplier's products (a product's deletion removes them by cascade,
-- which fires these too).
CREATE TRIGGER `supplier_count_after_link` AFTER INSERT ON `supplier_product` BEGIN
  UPDATE `supplier` SET `product_count` = `product_count` + 1 WHERE `id` = new.supplier_id;
END;--> statement-breakpoint
CREATE TRIGGER `supplier_count_after_unlink` AFTER DELETE ON `supplier_product` BEGIN
  UPDATE `supplier` SET `product_count` = `product_count` - 1 WHERE `id` = old.supplier_id;
END;--> statement-breakpoint
-- A supplier with an open purchase order (draft, ordered, partially received) stays, however requests race.
CREATE TRIGGER `supplier_keeps_open_purchase_orders` BEFORE DELETE ON `supplier`
WHEN EXISTS (SELECT 1 FROM `purchase_order` WHERE `supplier_id` = old.id AND `status` IN ('draft', 'ordered', 'partially_received'))
BEGIN
  SELECT RAISE(ABORT, 'supplier_has_open_purchase_orders');
END;
