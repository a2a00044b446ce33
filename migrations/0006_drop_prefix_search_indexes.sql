DROP INDEX `add_on_product_store_name_en_idx`;--> statement-breakpoint
DROP INDEX `product_store_name_en_idx`;--> statement-breakpoint
DROP INDEX `product_store_code_search_idx`;--> statement-breakpoint
DROP INDEX `product_store_sku_idx`;--> statement-breakpoint
DROP INDEX `store_account_key_search_idx`;--> statement-breakpoint
DROP INDEX `store_account_email_search_idx`;