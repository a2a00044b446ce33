ALTER TABLE `store_order` ADD `paid_at` text;--> statement-breakpoint
CREATE INDEX `store_order_paid_idx` ON `store_order` (`application_key`,`paid_at`);--> statement-breakpoint
-- Orders paid before this column: the moment their history first shows them paid (a POS sale's first row).
UPDATE `store_order` SET `paid_at` = (
  SELECT min(`created_at`) FROM `order_status_history` AS h
  WHERE h.`order_id` = `store_order`.`id` AND h.`to_status` IN ('paid', 'preparing', 'completed')
) WHERE `status` IN ('paid', 'preparing', 'delivering', 'completed', 'refunded');
