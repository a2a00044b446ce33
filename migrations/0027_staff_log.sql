ALTER TABLE `log` ADD `module` text;--> statement-breakpoint
-- Entries written before the column: their data type's module, as LOG_DATA_TYPE_MODULES (contract/options.ts) has it.
UPDATE `log` SET `module` = CASE `data_type`
  WHEN 'store_account_data' THEN 'setting'
  WHEN 'store_setting_data' THEN 'setting'
  WHEN 'product_data' THEN 'product'
  WHEN 'product_stock' THEN 'product_inventory'
  WHEN 'category_data' THEN 'category'
  WHEN 'add_on_product_data' THEN 'add_on_product'
  WHEN 'member_data' THEN 'member'
  WHEN 'member_cash_dollar' THEN 'member'
  WHEN 'coupon_data' THEN 'promotion'
  WHEN 'order_data' THEN 'order'
  WHEN 'pos_shift' THEN 'pos'
END;--> statement-breakpoint
CREATE INDEX `log_store_actor_idx` ON `log` (`application_key`,`actor_email`,`created_at`);--> statement-breakpoint
CREATE INDEX `log_store_actor_type_idx` ON `log` (`application_key`,`actor_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `log_store_module_idx` ON `log` (`application_key`,`module`,`created_at`);--> statement-breakpoint
CREATE INDEX `log_store_action_idx` ON `log` (`application_key`,`action`,`created_at`);
