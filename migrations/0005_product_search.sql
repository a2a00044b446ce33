-- Contains-search over products (backend/db/product-search.ts): a trigram full-text index of the
-- searched columns. It keeps no copy of the text (content='product'); the triggers keep it in step.
CREATE VIRTUAL TABLE `product_search` USING fts5(
  name_zh_hk, name_en, sku, barcode, product_code,
  content='product', content_rowid='id', tokenize='trigram'
);--> statement-breakpoint
INSERT INTO `product_search`(`product_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `product_search_after_insert` AFTER INSERT ON `product` BEGIN
  INSERT INTO `product_search`(rowid, name_zh_hk, name_en, sku, barcode, product_code)
    VALUES (new.id, new.name_zh_hk, new.name_en, new.sku, new.barcode, new.product_code);
END;--> statement-breakpoint
CREATE TRIGGER `product_search_after_delete` AFTER DELETE ON `product` BEGIN
  INSERT INTO `product_search`(`product_search`, rowid, name_zh_hk, name_en, sku, barcode, product_code)
    VALUES ('delete', old.id, old.name_zh_hk, old.name_en, old.sku, old.barcode, old.product_code);
END;--> statement-breakpoint
CREATE TRIGGER `product_search_after_update` AFTER UPDATE OF name_zh_hk, name_en, sku, barcode, product_code ON `product` BEGIN
  INSERT INTO `product_search`(`product_search`, rowid, name_zh_hk, name_en, sku, barcode, product_code)
    VALUES ('delete', old.id, old.name_zh_hk, old.name_en, old.sku, old.barcode, old.product_code);
  INSERT INTO `product_search`(rowid, name_zh_hk, name_en, sku, barcode, product_code)
    VALUES (new.id, new.name_zh_hk, new.name_en, new.sku, new.barcode, new.product_code);
END;
