CREATE INDEX `add_on_product_store_name_idx` ON `add_on_product` (`application_key`,"name_zh_hk" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `add_on_product_store_name_en_idx` ON `add_on_product` (`application_key`,"name_en" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `add_on_product_store_price_idx` ON `add_on_product` (`application_key`,`price_cents`);--> statement-breakpoint
CREATE INDEX `product_store_name_en_idx` ON `product` (`application_key`,"name_en" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `product_store_code_search_idx` ON `product` (`application_key`,"product_code" COLLATE NOCASE);