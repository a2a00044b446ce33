-- A keyword of one or two characters has no trigram, so the trigram index (product_search) cannot find it.
-- product_gram holds every one- and two-character piece of what a product is searched by, lower-cased as
-- LIKE compares, so a short keyword is an index lookup instead of a comparison with every product. A piece
-- is held once per product with the number of its texts that have it (`sources`): the product's names and
-- code are one text, each variant's SKU and barcode another, so a write re-reads only its own short text.
-- Pieces with a space are never searched for (a keyword is trimmed). Declared in
-- backend/db/product-search.ts: drizzle-kit cannot write WITHOUT ROWID.
CREATE TABLE `gram_position` (`n` integer PRIMARY KEY NOT NULL);--> statement-breakpoint
-- Positions up to the longest text searched: names of 70 characters, codes of 64.
INSERT INTO `gram_position` WITH RECURSIVE `position`(`n`) AS (SELECT 1 UNION ALL SELECT `n` + 1 FROM `position` WHERE `n` < 100)
  SELECT `n` FROM `position`;--> statement-breakpoint
CREATE TABLE `product_gram` (
  `application_key` text NOT NULL,
  `gram` text NOT NULL,
  `product_id` integer NOT NULL,
  `sources` integer NOT NULL,
  PRIMARY KEY (`application_key`, `gram`, `product_id`)
) WITHOUT ROWID;--> statement-breakpoint
-- The pieces of each text (variant_id 0: the product's own): the triggers name them once, through this view.
CREATE VIEW `searched_text_gram` AS
  SELECT DISTINCT `text`.`application_key`, lower(substr(`text`.`value`, `position`.`n`, `width`.`value`)) AS `gram`,
    `text`.`product_id`, `text`.`variant_id`
  FROM (
    SELECT `application_key`, `id` AS `product_id`, 0 AS `variant_id`, `name_zh_hk` AS `value` FROM `product`
    UNION ALL SELECT `application_key`, `id`, 0, `name_en` FROM `product`
    UNION ALL SELECT `application_key`, `id`, 0, `product_code` FROM `product`
    UNION ALL SELECT `application_key`, `product_id`, `id`, `sku` FROM `product_variant` WHERE `sku` IS NOT NULL
    UNION ALL SELECT `application_key`, `product_id`, `id`, `barcode` FROM `product_variant` WHERE `barcode` IS NOT NULL
  ) `text`, json_each('[1,2]') `width`, `gram_position` `position`
  WHERE `position`.`n` <= length(`text`.`value`) - `width`.`value` + 1
    AND instr(substr(`text`.`value`, `position`.`n`, `width`.`value`), ' ') = 0;--> statement-breakpoint
INSERT INTO `product_gram` SELECT `application_key`, `gram`, `product_id`, count(*) FROM `searched_text_gram`
  GROUP BY `application_key`, `gram`, `product_id`;--> statement-breakpoint
-- A text's old pieces go before it changes (the view reads the row as it is), the new ones after.
CREATE TRIGGER `product_gram_after_insert` AFTER INSERT ON `product` BEGIN
  INSERT INTO `product_gram` SELECT `application_key`, `gram`, `product_id`, 1 FROM `searched_text_gram`
    WHERE `product_id` = new.id AND `variant_id` = 0
    ON CONFLICT DO UPDATE SET `sources` = `sources` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_gram_before_update` BEFORE UPDATE OF name_zh_hk, name_en, product_code ON `product` BEGIN
  UPDATE `product_gram` SET `sources` = `sources` - 1 WHERE `application_key` = old.application_key AND `product_id` = old.id
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.id AND `variant_id` = 0);
  DELETE FROM `product_gram` WHERE `application_key` = old.application_key AND `product_id` = old.id AND `sources` = 0
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.id AND `variant_id` = 0);
END;--> statement-breakpoint
CREATE TRIGGER `product_gram_after_update` AFTER UPDATE OF name_zh_hk, name_en, product_code ON `product` BEGIN
  INSERT INTO `product_gram` SELECT `application_key`, `gram`, `product_id`, 1 FROM `searched_text_gram`
    WHERE `product_id` = new.id AND `variant_id` = 0
    ON CONFLICT DO UPDATE SET `sources` = `sources` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_gram_before_delete` BEFORE DELETE ON `product` BEGIN
  UPDATE `product_gram` SET `sources` = `sources` - 1 WHERE `application_key` = old.application_key AND `product_id` = old.id
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.id AND `variant_id` = 0);
  DELETE FROM `product_gram` WHERE `application_key` = old.application_key AND `product_id` = old.id AND `sources` = 0
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.id AND `variant_id` = 0);
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_gram_after_insert` AFTER INSERT ON `product_variant` BEGIN
  INSERT INTO `product_gram` SELECT `application_key`, `gram`, `product_id`, 1 FROM `searched_text_gram`
    WHERE `product_id` = new.product_id AND `variant_id` = new.id
    ON CONFLICT DO UPDATE SET `sources` = `sources` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_gram_before_update` BEFORE UPDATE OF sku, barcode ON `product_variant` BEGIN
  UPDATE `product_gram` SET `sources` = `sources` - 1 WHERE `application_key` = old.application_key AND `product_id` = old.product_id
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.product_id AND `variant_id` = old.id);
  DELETE FROM `product_gram` WHERE `application_key` = old.application_key AND `product_id` = old.product_id AND `sources` = 0
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.product_id AND `variant_id` = old.id);
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_gram_after_update` AFTER UPDATE OF sku, barcode ON `product_variant` BEGIN
  INSERT INTO `product_gram` SELECT `application_key`, `gram`, `product_id`, 1 FROM `searched_text_gram`
    WHERE `product_id` = new.product_id AND `variant_id` = new.id
    ON CONFLICT DO UPDATE SET `sources` = `sources` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_variant_gram_before_delete` BEFORE DELETE ON `product_variant` BEGIN
  UPDATE `product_gram` SET `sources` = `sources` - 1 WHERE `application_key` = old.application_key AND `product_id` = old.product_id
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.product_id AND `variant_id` = old.id);
  DELETE FROM `product_gram` WHERE `application_key` = old.application_key AND `product_id` = old.product_id AND `sources` = 0
    AND `gram` IN (SELECT `gram` FROM `searched_text_gram` WHERE `product_id` = old.product_id AND `variant_id` = old.id);
END;
