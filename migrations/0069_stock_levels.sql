CREATE TABLE `stock_level` (
	`application_key` text NOT NULL,
	`location_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`variant_id`, `location_id`),
	FOREIGN KEY (`location_id`) REFERENCES `location`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variant`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stock_level_stock_not_negative" CHECK("stock_level"."stock" >= 0)
);
--> statement-breakpoint
CREATE INDEX `stock_level_location_stock_idx` ON `stock_level` (`application_key`,`location_id`,`stock`,`variant_id`);--> statement-breakpoint
ALTER TABLE `inventory_adjustment` ADD `location_id` integer REFERENCES `location`(`id`) ON DELETE set null;--> statement-breakpoint
-- Every variant gets a row at each of its store's locations: its whole stock at the first one (0068 gave every
-- store one), 0 at the others. Before the triggers below, so the totals are left as they are.
INSERT INTO `stock_level` (`application_key`, `location_id`, `variant_id`, `stock`)
  SELECT `v`.`application_key`, `l`.`id`, `v`.`id`,
    iif(`l`.`id` = (SELECT `f`.`id` FROM `location` AS `f` WHERE `f`.`application_key` = `v`.`application_key`
      ORDER BY `f`.`position` LIMIT 1), `v`.`stock`, 0)
  FROM `product_variant` AS `v` JOIN `location` AS `l` ON `l`.`application_key` = `v`.`application_key`;--> statement-breakpoint
-- product_variant.stock is the total of its levels, recounted by the primary key's (variant_id, …) prefix
-- whenever one changes (a recount, not a difference, so a new variant's opening level below leaves it as it is).
CREATE TRIGGER `stock_level_inserted` AFTER INSERT ON `stock_level` WHEN new.stock <> 0 BEGIN
  UPDATE `product_variant` SET `stock` = (SELECT sum(`stock`) FROM `stock_level` WHERE `variant_id` = new.variant_id)
    WHERE `id` = new.variant_id AND `stock` IS NOT (SELECT sum(`stock`) FROM `stock_level` WHERE `variant_id` = new.variant_id);
END;--> statement-breakpoint
CREATE TRIGGER `stock_level_updated` AFTER UPDATE OF `stock` ON `stock_level` WHEN new.stock <> old.stock BEGIN
  UPDATE `product_variant` SET `stock` = (SELECT sum(`stock`) FROM `stock_level` WHERE `variant_id` = new.variant_id)
    WHERE `id` = new.variant_id;
END;--> statement-breakpoint
CREATE TRIGGER `stock_level_deleted` AFTER DELETE ON `stock_level` WHEN old.stock <> 0 BEGIN
  UPDATE `product_variant` SET `stock` = (SELECT coalesce(sum(`stock`), 0) FROM `stock_level` WHERE `variant_id` = old.variant_id)
    WHERE `id` = old.variant_id;
END;--> statement-breakpoint
-- Nothing else writes the total: a change of it that is not its levels' sum is refused.
CREATE TRIGGER `product_variant_stock_from_levels` BEFORE UPDATE OF `stock` ON `product_variant`
  WHEN new.stock IS NOT old.stock
    AND new.stock IS NOT (SELECT coalesce(sum(`stock`), 0) FROM `stock_level` WHERE `variant_id` = new.id)
BEGIN
  SELECT RAISE(ABORT, 'stock-by-location');
END;--> statement-breakpoint
-- A new variant's stock is its opening stock at its store's first location, 0 at the others.
CREATE TRIGGER `product_variant_opening_stock` AFTER INSERT ON `product_variant` BEGIN
  INSERT INTO `stock_level` (`application_key`, `location_id`, `variant_id`, `stock`)
    SELECT new.application_key, `l`.`id`, new.id,
      iif(`l`.`id` = (SELECT `f`.`id` FROM `location` AS `f` WHERE `f`.`application_key` = new.application_key
        ORDER BY `f`.`position` LIMIT 1), new.stock, 0)
    FROM `location` AS `l` WHERE `l`.`application_key` = new.application_key;
END;--> statement-breakpoint
-- A new location starts with a row at 0 for each of the store's variants.
CREATE TRIGGER `location_stock_levels` AFTER INSERT ON `location` BEGIN
  INSERT INTO `stock_level` (`application_key`, `location_id`, `variant_id`, `stock`)
    SELECT new.application_key, new.id, `v`.`id`, 0 FROM `product_variant` AS `v`
    WHERE `v`.`application_key` = new.application_key;
END;--> statement-breakpoint
-- A location holding stock cannot be deleted (its rows at 0 go with it).
CREATE TRIGGER `location_holds_stock` BEFORE DELETE ON `location`
  WHEN EXISTS (SELECT 1 FROM `stock_level` WHERE `application_key` = old.application_key AND `location_id` = old.id AND `stock` > 0)
BEGIN
  SELECT RAISE(ABORT, 'location-holds-stock');
END;
