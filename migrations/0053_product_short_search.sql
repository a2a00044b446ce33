-- A keyword of one or two characters has no trigram, so the trigram index (product_search) cannot find it.
-- product_gram holds every one- and two-character piece of each product's searched text (the names and the
-- codes, lower-cased as LIKE compares; pieces with a space or a line break are never searched for, as a
-- keyword is trimmed), so a short keyword is an index lookup instead of a comparison with every product.
-- It is declared in backend/db/product-search.ts, outside schema.ts: drizzle-kit cannot write WITHOUT ROWID.
CREATE TABLE `gram_position` (`n` integer PRIMARY KEY NOT NULL);--> statement-breakpoint
-- Positions up to the longest searched text: 100 variants' SKU and barcode of 64 characters each.
INSERT INTO `gram_position` WITH RECURSIVE `position`(`n`) AS (SELECT 1 UNION ALL SELECT `n` + 1 FROM `position` WHERE `n` < 13000)
  SELECT `n` FROM `position`;--> statement-breakpoint
CREATE TABLE `product_gram` (
  `application_key` text NOT NULL,
  `gram` text NOT NULL,
  `product_id` integer NOT NULL,
  PRIMARY KEY (`application_key`, `gram`, `product_id`)
) WITHOUT ROWID;--> statement-breakpoint
-- A product's pieces, read by its id: the triggers name the pieces once, through this view.
CREATE VIEW `product_text_gram` AS
  SELECT DISTINCT `product`.`application_key`, lower(substr(`text`.`value`, `position`.`n`, `width`.`value`)) AS `gram`,
    `product`.`id` AS `product_id`
  FROM `product`, json_each(json_array(`product`.`name_zh_hk`, `product`.`name_en`, `product`.`variant_codes`, `product`.`product_code`)) `text`,
    json_each('[1,2]') `width`, `gram_position` `position`
  WHERE `position`.`n` <= length(`text`.`value`) - `width`.`value` + 1
    AND instr(substr(`text`.`value`, `position`.`n`, `width`.`value`), ' ') = 0
    AND instr(substr(`text`.`value`, `position`.`n`, `width`.`value`), char(10)) = 0;--> statement-breakpoint
INSERT INTO `product_gram` SELECT * FROM `product_text_gram`;--> statement-breakpoint
-- The old pieces go before the row changes (the view reads the row as it is), the new ones after.
CREATE TRIGGER `product_gram_after_insert` AFTER INSERT ON `product` BEGIN
  INSERT OR IGNORE INTO `product_gram` SELECT * FROM `product_text_gram` WHERE `product_id` = new.id;
END;--> statement-breakpoint
CREATE TRIGGER `product_gram_before_update` BEFORE UPDATE OF name_zh_hk, name_en, variant_codes, product_code ON `product` BEGIN
  DELETE FROM `product_gram` WHERE `application_key` = old.application_key AND `product_id` = old.id
    AND `gram` IN (SELECT `gram` FROM `product_text_gram` WHERE `product_id` = old.id);
END;--> statement-breakpoint
CREATE TRIGGER `product_gram_after_update` AFTER UPDATE OF name_zh_hk, name_en, variant_codes, product_code ON `product` BEGIN
  INSERT OR IGNORE INTO `product_gram` SELECT * FROM `product_text_gram` WHERE `product_id` = new.id;
END;--> statement-breakpoint
CREATE TRIGGER `product_gram_before_delete` BEFORE DELETE ON `product` BEGIN
  DELETE FROM `product_gram` WHERE `application_key` = old.application_key AND `product_id` = old.id
    AND `gram` IN (SELECT `gram` FROM `product_text_gram` WHERE `product_id` = old.id);
END;
