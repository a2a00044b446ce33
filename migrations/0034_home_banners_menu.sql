CREATE TABLE `home_banner` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`desktop_image_url` text NOT NULL,
	`mobile_image_url` text,
	`alt_zh_hk` text NOT NULL,
	`alt_en` text DEFAULT '' NOT NULL,
	`title_zh_hk` text DEFAULT '' NOT NULL,
	`title_en` text DEFAULT '' NOT NULL,
	`link_kind` text,
	`link_product_id` integer,
	`link_category_id` integer,
	`link_custom_page_id` integer,
	`link_url` text,
	`start_at` text,
	`end_at` text,
	`publish` integer DEFAULT false NOT NULL,
	`position` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`link_product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_category_id`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_custom_page_id`) REFERENCES `custom_page`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "home_banner_link_kind" CHECK("home_banner"."link_kind" IS NULL OR "home_banner"."link_kind" IN ('product', 'category', 'custom_page', 'url')),
	CONSTRAINT "home_banner_window" CHECK("home_banner"."start_at" IS NULL OR "home_banner"."end_at" IS NULL OR "home_banner"."end_at" >= "home_banner"."start_at")
);
--> statement-breakpoint
CREATE INDEX `home_banner_store_position_idx` ON `home_banner` (`application_key`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `home_banner_link_product_idx` ON `home_banner` (`link_product_id`) WHERE "home_banner"."link_product_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `home_banner_link_category_idx` ON `home_banner` (`link_category_id`) WHERE "home_banner"."link_category_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `home_banner_link_custom_page_idx` ON `home_banner` (`link_custom_page_id`) WHERE "home_banner"."link_custom_page_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `menu_item` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`parent_id` integer,
	`depth` integer NOT NULL,
	`position` integer NOT NULL,
	`label_zh_hk` text NOT NULL,
	`label_en` text DEFAULT '' NOT NULL,
	`link_kind` text,
	`link_product_id` integer,
	`link_category_id` integer,
	`link_custom_page_id` integer,
	`link_url` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`parent_id`) REFERENCES `menu_item`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_category_id`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_custom_page_id`) REFERENCES `custom_page`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "menu_item_link_kind" CHECK("menu_item"."link_kind" IS NULL OR "menu_item"."link_kind" IN ('product', 'category', 'custom_page', 'url')),
	CONSTRAINT "menu_item_has_link" CHECK("menu_item"."link_kind" IS NOT NULL),
	CONSTRAINT "menu_item_depth" CHECK("menu_item"."depth" BETWEEN 1 AND 3),
	CONSTRAINT "menu_item_top_level" CHECK(("menu_item"."parent_id" IS NULL) = ("menu_item"."depth" = 1))
);
--> statement-breakpoint
CREATE INDEX `menu_item_store_tree_idx` ON `menu_item` (`application_key`,`depth`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `menu_item_parent_idx` ON `menu_item` (`parent_id`) WHERE "menu_item"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `menu_item_link_product_idx` ON `menu_item` (`link_product_id`) WHERE "menu_item"."link_product_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `menu_item_link_category_idx` ON `menu_item` (`link_category_id`) WHERE "menu_item"."link_category_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `menu_item_link_custom_page_idx` ON `menu_item` (`link_custom_page_id`) WHERE "menu_item"."link_custom_page_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `store_layout` (
	`application_key` text PRIMARY KEY NOT NULL,
	`banner_list_version` integer DEFAULT 0 NOT NULL,
	`menu_version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- An item sits one level below its parent, in the same store (the CHECKs hold depth 1 to 3 and depth 1 at the top).
CREATE TRIGGER `menu_item_depth_on_insert` BEFORE INSERT ON `menu_item`
WHEN new.parent_id IS NOT NULL AND new.depth IS NOT (
  SELECT `depth` + 1 FROM `menu_item` WHERE `id` = new.parent_id AND `application_key` = new.application_key
)
BEGIN
  SELECT RAISE(ABORT, 'menu_item_depth_not_parent_plus_one');
END;--> statement-breakpoint
CREATE TRIGGER `menu_item_depth_on_update` BEFORE UPDATE OF `parent_id`, `depth` ON `menu_item`
WHEN new.parent_id IS NOT NULL AND new.depth IS NOT (
  SELECT `depth` + 1 FROM `menu_item` WHERE `id` = new.parent_id AND `application_key` = new.application_key
)
BEGIN
  SELECT RAISE(ABORT, 'menu_item_depth_not_parent_plus_one');
END;
