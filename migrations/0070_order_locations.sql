ALTER TABLE `order_line` ADD `location_id` integer REFERENCES location(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `store_order` ADD `location_id` integer REFERENCES location(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `store_order_location_paid_idx` ON `store_order` (`application_key`,`location_id`,`paid_at`);--> statement-breakpoint
-- Until now every sale took its stock at the store's first location (0069 put all stock there): say so on the
-- product lines of every order, and on every counter sale where it was sold.
UPDATE `order_line` SET `location_id` = (SELECT `l`.`id` FROM `location` AS `l`
  WHERE `l`.`application_key` = `order_line`.`application_key` ORDER BY `l`.`position` LIMIT 1)
  WHERE `variant_id` IS NOT NULL;--> statement-breakpoint
UPDATE `store_order` SET `location_id` = (SELECT `l`.`id` FROM `location` AS `l`
  WHERE `l`.`application_key` = `store_order`.`application_key` ORDER BY `l`.`position` LIMIT 1)
  WHERE `channel` = 'pos';
--> statement-breakpoint
UPDATE `store_order` SET `location_id` = (SELECT `l`.`id` FROM `location` AS `l`
  WHERE `l`.`application_key` = `store_order`.`application_key` AND `l`.`is_pickup_point`
    AND `store_order`.`delivery_address` IN (`l`.`address_zh_hk`, `l`.`address_en`) ORDER BY `l`.`position` LIMIT 1)
  WHERE `delivery_method` = 'self_pickup';
