DROP INDEX `product_store_stock_filter_idx`;--> statement-breakpoint
ALTER TABLE `product` ADD `short_variant_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `product_store_shortage_idx` ON `product` (`application_key`,`created_at`) WHERE "product"."short_variant_count" > 0;--> statement-breakpoint
DROP INDEX `supplier_product_pair`;--> statement-breakpoint
ALTER TABLE `supplier_product` ADD `variant_id` integer REFERENCES product_variant(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_product_variant_pair` ON `supplier_product` (`supplier_id`,`variant_id`);--> statement-breakpoint
CREATE INDEX `supplier_product_variant_idx` ON `supplier_product` (`variant_id`);--> statement-breakpoint
ALTER TABLE `purchase_order_line` ADD `variant_id` integer REFERENCES product_variant(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_line` ADD `variant_name_zh_hk` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_line` ADD `variant_name_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `purchase_order_line_variant_idx` ON `purchase_order_line` (`variant_id`) WHERE "purchase_order_line"."variant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `product_variant_stock_idx` ON `product_variant` (`application_key`,`unlimited_inventory`,`stock`,`id`);--> statement-breakpoint
-- A supplier's product and a purchase order's line name the variant: the product's variant where it has
-- one. A supplier's product whose product has several by now stays without one until its form names it
-- (no stock to compare with its reorder point); such a purchase order line keeps its product only.
UPDATE `supplier_product` SET `variant_id` = (SELECT v.`id` FROM `product_variant` v WHERE v.`product_id` = `supplier_product`.`product_id`)
WHERE (SELECT count(*) FROM `product_variant` v WHERE v.`product_id` = `supplier_product`.`product_id`) = 1;--> statement-breakpoint
UPDATE `purchase_order_line` SET `variant_id` = (SELECT v.`id` FROM `product_variant` v WHERE v.`product_id` = `purchase_order_line`.`product_id`)
WHERE `product_id` IS NOT NULL
  AND (SELECT count(*) FROM `product_variant` v WHERE v.`product_id` = `purchase_order_line`.`product_id`) = 1;--> statement-breakpoint
-- How many of a product's variants are short (limited, sellable, out of stock): the product list's shortage
-- filter and badge. Counted once here, then moved by one whenever a variant becomes short or stops being
-- so; each trigger's WHEN leaves every other stock change (a sale that leaves some) without a write.
UPDATE `product` SET `short_variant_count` = (SELECT count(*) FROM `product_variant` v
  WHERE v.`product_id` = `product`.`id` AND v.`unlimited_inventory` = 0 AND v.`sellable` = 1 AND v.`stock` = 0);--> statement-breakpoint
CREATE TRIGGER `product_variant_short_added` AFTER INSERT ON `product_variant`
  WHEN new.unlimited_inventory = 0 AND new.sellable = 1 AND new.stock = 0 BEGIN
  UPDATE `product` SET `short_variant_count` = `short_variant_count` + 1 WHERE `id` = new.product_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_short_removed` AFTER DELETE ON `product_variant`
  WHEN old.unlimited_inventory = 0 AND old.sellable = 1 AND old.stock = 0 BEGIN
  UPDATE `product` SET `short_variant_count` = `short_variant_count` - 1 WHERE `id` = old.product_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_short_changed` AFTER UPDATE OF stock, unlimited_inventory, sellable ON `product_variant`
  WHEN (old.unlimited_inventory = 0 AND old.sellable = 1 AND old.stock = 0) <> (new.unlimited_inventory = 0 AND new.sellable = 1 AND new.stock = 0) BEGIN
  UPDATE `product` SET `short_variant_count` = `short_variant_count` + iif(new.unlimited_inventory = 0 AND new.sellable = 1 AND new.stock = 0, 1, -1)
    WHERE `id` = new.product_id;
END;
