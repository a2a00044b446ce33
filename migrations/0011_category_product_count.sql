ALTER TABLE `category` ADD `product_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The count follows the links: a product added to or removed from a category (a product's deletion
-- removes its links by cascade, which fires these too).
UPDATE `category` SET `product_count` = (SELECT count(*) FROM `product_category` WHERE `category_id` = `category`.`id`);--> statement-breakpoint
CREATE TRIGGER `category_count_after_link` AFTER INSERT ON `product_category` BEGIN
  UPDATE `category` SET `product_count` = `product_count` + 1 WHERE `id` = new.category_id;
END;--> statement-breakpoint
CREATE TRIGGER `category_count_after_unlink` AFTER DELETE ON `product_category` BEGIN
  UPDATE `category` SET `product_count` = `product_count` - 1 WHERE `id` = old.category_id;
END;--> statement-breakpoint
CREATE TRIGGER `category_count_after_relink` AFTER UPDATE OF `category_id` ON `product_category` BEGIN
  UPDATE `category` SET `product_count` = `product_count` - 1 WHERE `id` = old.category_id;
  UPDATE `category` SET `product_count` = `product_count` + 1 WHERE `id` = new.category_id;
END;
