-- An order line outlives its product or add-on (SET NULL; the line keeps its name and price). Nothing
-- references order_line, so it is rebuilt without switching foreign keys off.
CREATE TABLE `__new_order_line` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`product_id` integer,
	`add_on_product_id` integer,
	`parent_position` integer,
	`position` integer NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	`refunded_quantity` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`add_on_product_id`) REFERENCES `add_on_product`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_line_kind_known" CHECK("__new_order_line"."kind" IN ('product', 'line_add_on', 'order_add_on')),
	CONSTRAINT "order_line_quantity_positive" CHECK("__new_order_line"."quantity" >= 1),
	CONSTRAINT "order_line_refunded_within_quantity" CHECK("__new_order_line"."refunded_quantity" BETWEEN 0 AND "__new_order_line"."quantity"),
	CONSTRAINT "order_line_amounts" CHECK("__new_order_line"."unit_price_cents" >= 0 AND "__new_order_line"."line_total_cents" = "__new_order_line"."unit_price_cents" * "__new_order_line"."quantity"),
	CONSTRAINT "order_line_item" CHECK(("__new_order_line"."kind" = 'product' OR "__new_order_line"."product_id" IS NULL) AND ("__new_order_line"."kind" <> 'product' OR "__new_order_line"."add_on_product_id" IS NULL))
);
--> statement-breakpoint
INSERT INTO `__new_order_line`("id", "application_key", "order_id", "kind", "product_id", "add_on_product_id", "parent_position", "position", "name_zh_hk", "name_en", "unit_price_cents", "quantity", "line_total_cents", "refunded_quantity") SELECT "id", "application_key", "order_id", "kind", "product_id", "add_on_product_id", "parent_position", "position", "name_zh_hk", "name_en", "unit_price_cents", "quantity", "line_total_cents", "refunded_quantity" FROM `order_line`;--> statement-breakpoint
DROP TABLE `order_line`;--> statement-breakpoint
ALTER TABLE `__new_order_line` RENAME TO `order_line`;--> statement-breakpoint
CREATE UNIQUE INDEX `order_line_position_unique` ON `order_line` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_line_product_idx` ON `order_line` (`application_key`,`product_id`);