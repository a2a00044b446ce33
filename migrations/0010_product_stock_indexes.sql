DROP INDEX `product_store_stock_idx`;--> statement-breakpoint
CREATE INDEX `product_store_stock_filter_idx` ON `product` (`application_key`,`unlimited_inventory`,`stock`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_store_stock_idx` ON `product` (`application_key`,`stock`);