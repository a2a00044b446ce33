CREATE TABLE `add_on_product` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`unlimited_inventory` integer DEFAULT false NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	`image_url` text,
	`publish` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "add_on_product_stock_not_negative" CHECK("add_on_product"."stock" >= 0),
	CONSTRAINT "add_on_product_price_not_negative" CHECK("add_on_product"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `add_on_product_store_created_idx` ON `add_on_product` (`application_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `category` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text NOT NULL,
	`image_url` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`publish` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `category_store_order_idx` ON `category` (`application_key`,`sort_order`,`id`);--> statement-breakpoint
CREATE TABLE `inventory_adjustment` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`before` integer NOT NULL,
	`after` integer NOT NULL,
	`reason` text NOT NULL,
	`actor_email` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inventory_adjustment_product_idx` ON `inventory_adjustment` (`application_key`,`product_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `product_add_on` (
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`add_on_product_id` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`add_on_product_id`) REFERENCES `add_on_product`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_add_on_pair` ON `product_add_on` (`product_id`,`add_on_product_id`);--> statement-breakpoint
CREATE INDEX `product_add_on_by_add_on_idx` ON `product_add_on` (`application_key`,`add_on_product_id`);--> statement-breakpoint
CREATE TABLE `product_category` (
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_category_pair` ON `product_category` (`product_id`,`category_id`);--> statement-breakpoint
CREATE INDEX `product_category_by_category_idx` ON `product_category` (`application_key`,`category_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `product` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`product_code` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`description_zh_hk` text DEFAULT '' NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`original_price_cents` integer,
	`discount_price_cents` integer,
	`vip_price_cents` integer,
	`cost_cents` integer,
	`sku` text,
	`barcode` text,
	`unlimited_inventory` integer DEFAULT false NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	`purchase_limit` integer,
	`minimum_order_quantity` integer DEFAULT 1 NOT NULL,
	`heavy` integer DEFAULT false NOT NULL,
	`bestseller` integer DEFAULT false NOT NULL,
	`publish` integer DEFAULT false NOT NULL,
	`seo_title` text DEFAULT '' NOT NULL,
	`seo_keyword` text DEFAULT '' NOT NULL,
	`seo_description` text DEFAULT '' NOT NULL,
	`descriptive_url` text,
	`images` text DEFAULT '[]' NOT NULL,
	`sold_quantity` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "product_stock_not_negative" CHECK("product"."stock" >= 0),
	CONSTRAINT "product_price_not_negative" CHECK("product"."price_cents" >= 0),
	CONSTRAINT "product_minimum_order_positive" CHECK("product"."minimum_order_quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_code_unique` ON `product` (`application_key`,`product_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_descriptive_url_unique` ON `product` (`application_key`,"descriptive_url" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `product_store_created_idx` ON `product` (`application_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_store_name_idx` ON `product` (`application_key`,"name_zh_hk" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `product_store_price_idx` ON `product` (`application_key`,`price_cents`);--> statement-breakpoint
CREATE INDEX `product_store_stock_idx` ON `product` (`application_key`,`unlimited_inventory`,`stock`);--> statement-breakpoint
CREATE INDEX `product_store_sold_idx` ON `product` (`application_key`,`sold_quantity`);--> statement-breakpoint
CREATE INDEX `product_store_sku_idx` ON `product` (`application_key`,"sku" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `product_store_barcode_idx` ON `product` (`application_key`,`barcode`);--> statement-breakpoint
CREATE INDEX `product_store_publish_idx` ON `product` (`application_key`,`publish`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_store_bestseller_idx` ON `product` (`application_key`,`bestseller`,`created_at`);--> statement-breakpoint
CREATE TABLE `upload` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`object_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `upload_object_key_unique` ON `upload` (`object_key`);--> statement-breakpoint
CREATE INDEX `upload_store_idx` ON `upload` (`application_key`,`created_at`);