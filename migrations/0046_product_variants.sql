CREATE TABLE `product_option_value` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`option_id` integer NOT NULL,
	`position` integer NOT NULL,
	`value_zh_hk` text NOT NULL,
	`value_en` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`option_id`) REFERENCES `product_option`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_option_value_position_unique` ON `product_option_value` (`option_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_option` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_option_position_range" CHECK("product_option"."position" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_option_position_unique` ON `product_option` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_variant` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer DEFAULT 1 NOT NULL,
	`option_value_1_id` integer,
	`option_value_2_id` integer,
	`option_value_3_id` integer,
	`sku` text,
	`barcode` text,
	`price_cents` integer NOT NULL,
	`original_price_cents` integer,
	`discount_price_cents` integer,
	`vip_price_cents` integer,
	`cost_cents` integer,
	`unlimited_inventory` integer DEFAULT false NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	`heavy` integer DEFAULT false NOT NULL,
	`image_url` text,
	`sellable` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_value_1_id`) REFERENCES `product_option_value`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_value_2_id`) REFERENCES `product_option_value`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_value_3_id`) REFERENCES `product_option_value`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_variant_stock_not_negative" CHECK("product_variant"."stock" >= 0),
	CONSTRAINT "product_variant_price_not_negative" CHECK("product_variant"."price_cents" >= 0),
	CONSTRAINT "product_variant_options_in_order" CHECK(("product_variant"."option_value_2_id" IS NULL OR "product_variant"."option_value_1_id" IS NOT NULL) AND ("product_variant"."option_value_3_id" IS NULL OR "product_variant"."option_value_2_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variant_combination_unique` ON `product_variant` (`product_id`,coalesce("option_value_1_id", 0),coalesce("option_value_2_id", 0),coalesce("option_value_3_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX `product_variant_sku_unique` ON `product_variant` (`application_key`,`sku`) WHERE "product_variant"."sku" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `product_variant_barcode_unique` ON `product_variant` (`application_key`,`barcode`) WHERE "product_variant"."barcode" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `product_variant_product_idx` ON `product_variant` (`product_id`,`position`);--> statement-breakpoint
CREATE INDEX `product_variant_value_1_idx` ON `product_variant` (`option_value_1_id`) WHERE "product_variant"."option_value_1_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `product_variant_value_2_idx` ON `product_variant` (`option_value_2_id`) WHERE "product_variant"."option_value_2_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `product_variant_value_3_idx` ON `product_variant` (`option_value_3_id`) WHERE "product_variant"."option_value_3_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `order_line` ADD `variant_id` integer REFERENCES product_variant(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `order_line` ADD `variant_name_zh_hk` text;--> statement-breakpoint
ALTER TABLE `order_line` ADD `variant_name_en` text;--> statement-breakpoint
CREATE INDEX `order_line_variant_idx` ON `order_line` (`variant_id`) WHERE "order_line"."variant_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `inventory_adjustment` ADD `variant_id` integer REFERENCES product_variant(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX `inventory_adjustment_variant_idx` ON `inventory_adjustment` (`variant_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `product` ADD `price_max_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `product` ADD `variant_count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `product` ADD `variant_codes` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every product becomes a product with one variant holding its SKU, barcode, prices, stock and weight.
-- SKUs and barcodes are now unique in a store: where products shared one, the oldest keeps it and the
-- others' are cleared, each clearing written to the store's log (below) so nothing is lost unseen.
INSERT INTO `product_variant` (`application_key`, `product_id`, `position`, `sku`, `barcode`, `price_cents`,
  `original_price_cents`, `discount_price_cents`, `vip_price_cents`, `cost_cents`, `unlimited_inventory`, `stock`,
  `heavy`, `created_at`, `updated_at`)
SELECT `application_key`, `id`, 1,
  iif(sku_rank = 1, nullif(trim(`sku`), ''), NULL), iif(barcode_rank = 1, nullif(trim(`barcode`), ''), NULL),
  `price_cents`, `original_price_cents`, `discount_price_cents`, `vip_price_cents`, `cost_cents`,
  `unlimited_inventory`, `stock`, `heavy`, `created_at`, `updated_at`
FROM (
  SELECT *,
    row_number() OVER (PARTITION BY `application_key`, nullif(trim(`sku`), '') ORDER BY `id`) AS sku_rank,
    row_number() OVER (PARTITION BY `application_key`, nullif(trim(`barcode`), '') ORDER BY `id`) AS barcode_rank
  FROM `product`
);--> statement-breakpoint
INSERT INTO `log` (`application_key`, `actor_type`, `actor_id`, `actor_email`, `action`, `data_type`, `module`,
  `record_id`, `record_name_zh_hk`, `record_name_en`, `changes`, `created_at`)
SELECT p.`application_key`, 'console', 0, 'system', 'edit', 'product_data', 'product', p.`product_code`,
  p.`name_zh_hk`, p.`name_en`,
  json_object('sku', json_array(p.`sku`, v.`sku`), 'barcode', json_array(p.`barcode`, v.`barcode`)),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `product` p JOIN `product_variant` v ON v.`product_id` = p.`id`
WHERE (nullif(trim(p.`sku`), '') IS NOT NULL AND v.`sku` IS NULL)
  OR (nullif(trim(p.`barcode`), '') IS NOT NULL AND v.`barcode` IS NULL);--> statement-breakpoint
UPDATE `product` SET
  `price_max_cents` = `price_cents`,
  `variant_count` = 1,
  `sku` = (SELECT v.`sku` FROM `product_variant` v WHERE v.`product_id` = `product`.`id`),
  `barcode` = (SELECT v.`barcode` FROM `product_variant` v WHERE v.`product_id` = `product`.`id`);--> statement-breakpoint
UPDATE `product` SET `variant_codes` = trim(coalesce(`sku`, '') || ' ' || coalesce(`barcode`, ''));--> statement-breakpoint
UPDATE `order_line` SET `variant_id` = (SELECT v.`id` FROM `product_variant` v WHERE v.`product_id` = `order_line`.`product_id`)
WHERE `product_id` IS NOT NULL;--> statement-breakpoint
UPDATE `inventory_adjustment` SET `variant_id` = (SELECT v.`id` FROM `product_variant` v WHERE v.`product_id` = `inventory_adjustment`.`product_id`);--> statement-breakpoint
-- The search index finds a product by any of its variants' SKUs and barcodes (`variant_codes`).
DROP TRIGGER `product_search_after_insert`;--> statement-breakpoint
DROP TRIGGER `product_search_after_delete`;--> statement-breakpoint
DROP TRIGGER `product_search_after_update`;--> statement-breakpoint
DROP TABLE `product_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `product_search` USING fts5(
  name_zh_hk, name_en, variant_codes, product_code,
  content='product', content_rowid='id', tokenize='trigram'
);--> statement-breakpoint
INSERT INTO `product_search`(`product_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `product_search_after_insert` AFTER INSERT ON `product` BEGIN
  INSERT INTO `product_search`(rowid, name_zh_hk, name_en, variant_codes, product_code)
    VALUES (new.id, new.name_zh_hk, new.name_en, new.variant_codes, new.product_code);
END;--> statement-breakpoint
CREATE TRIGGER `product_search_after_delete` AFTER DELETE ON `product` BEGIN
  INSERT INTO `product_search`(`product_search`, rowid, name_zh_hk, name_en, variant_codes, product_code)
    VALUES ('delete', old.id, old.name_zh_hk, old.name_en, old.variant_codes, old.product_code);
END;--> statement-breakpoint
CREATE TRIGGER `product_search_after_update` AFTER UPDATE OF name_zh_hk, name_en, variant_codes, product_code ON `product` BEGIN
  INSERT INTO `product_search`(`product_search`, rowid, name_zh_hk, name_en, variant_codes, product_code)
    VALUES ('delete', old.id, old.name_zh_hk, old.name_en, old.variant_codes, old.product_code);
  INSERT INTO `product_search`(rowid, name_zh_hk, name_en, variant_codes, product_code)
    VALUES (new.id, new.name_zh_hk, new.name_en, new.variant_codes, new.product_code);
END;--> statement-breakpoint
-- The product's summary of its variants. Its stock (the limited variants' sum) moves by the difference,
-- so a sale writes one product row without reading its other variants. The rest follows a recount of
-- the variants (product_variants_summarised), whenever one is added, removed or edited: recomputed
-- from at most a hundred rows by the product_id index. The stock and the edit triggers watch different
-- columns, so neither undoes the other. iif() rather than CASE: wrangler's statement splitter misreads
-- a trigger's `END`.
CREATE TRIGGER `product_variant_stock_moved` AFTER UPDATE OF stock, unlimited_inventory ON `product_variant` BEGIN
  UPDATE `product` SET `stock` = `stock` - iif(old.unlimited_inventory, 0, old.stock) + iif(new.unlimited_inventory, 0, new.stock)
    WHERE `id` = new.product_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_added` AFTER INSERT ON `product_variant` BEGIN
  UPDATE `product` SET `stock` = `stock` + iif(new.unlimited_inventory, 0, new.stock),
    `variant_count` = (SELECT count(*) FROM `product_variant` v WHERE v.product_id = new.product_id)
    WHERE `id` = new.product_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_removed` AFTER DELETE ON `product_variant` BEGIN
  UPDATE `product` SET `stock` = `stock` - iif(old.unlimited_inventory, 0, old.stock),
    `variant_count` = (SELECT count(*) FROM `product_variant` v WHERE v.product_id = old.product_id)
    WHERE `id` = old.product_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_edited` AFTER UPDATE OF sku, barcode, price_cents, original_price_cents,
  discount_price_cents, vip_price_cents, cost_cents, unlimited_inventory, heavy, sellable, position ON `product_variant` BEGIN
  UPDATE `product` SET `variant_count` = (SELECT count(*) FROM `product_variant` v WHERE v.product_id = new.product_id)
    WHERE `id` = new.product_id;
END;--> statement-breakpoint
-- The price range over the sellable variants (over all when none is), unlimited when every variant is,
-- the codes the search index reads, and the first variant's SKU, barcode, other prices and weight.
CREATE TRIGGER `product_variants_summarised` AFTER UPDATE OF variant_count ON `product` BEGIN
  UPDATE `product` SET
    `price_cents` = coalesce((SELECT coalesce(min(iif(v.sellable, v.price_cents, NULL)), min(v.price_cents)) FROM `product_variant` v WHERE v.product_id = new.id), `price_cents`),
    `price_max_cents` = coalesce((SELECT coalesce(max(iif(v.sellable, v.price_cents, NULL)), max(v.price_cents)) FROM `product_variant` v WHERE v.product_id = new.id), `price_max_cents`),
    `unlimited_inventory` = new.variant_count > 0 AND NOT EXISTS (SELECT 1 FROM `product_variant` v WHERE v.product_id = new.id AND v.unlimited_inventory = 0),
    `variant_codes` = (SELECT coalesce(group_concat(trim(coalesce(v.sku, '') || ' ' || coalesce(v.barcode, '')), char(10)), '') FROM `product_variant` v WHERE v.product_id = new.id),
    `sku` = (SELECT v.sku FROM `product_variant` v WHERE v.product_id = new.id ORDER BY v.position, v.id LIMIT 1),
    `barcode` = (SELECT v.barcode FROM `product_variant` v WHERE v.product_id = new.id ORDER BY v.position, v.id LIMIT 1),
    `original_price_cents` = (SELECT v.original_price_cents FROM `product_variant` v WHERE v.product_id = new.id ORDER BY v.position, v.id LIMIT 1),
    `discount_price_cents` = (SELECT v.discount_price_cents FROM `product_variant` v WHERE v.product_id = new.id ORDER BY v.position, v.id LIMIT 1),
    `vip_price_cents` = (SELECT v.vip_price_cents FROM `product_variant` v WHERE v.product_id = new.id ORDER BY v.position, v.id LIMIT 1),
    `cost_cents` = (SELECT v.cost_cents FROM `product_variant` v WHERE v.product_id = new.id ORDER BY v.position, v.id LIMIT 1),
    `heavy` = coalesce((SELECT v.heavy FROM `product_variant` v WHERE v.product_id = new.id ORDER BY v.position, v.id LIMIT 1), 0)
    WHERE `id` = new.id;
END;
