-- Added in place, not by drizzle's copy of the tables: dropping store_setting would break store_setting_with_store,
-- and store_order, order_payment and credit_order are what every order table and trigger points at.
ALTER TABLE `store_setting` ADD COLUMN `unpaid_order_reminder_hours` integer
  CONSTRAINT "store_setting_unpaid_order_reminder_hours" CHECK("unpaid_order_reminder_hours" IS NULL OR ("unpaid_order_reminder_hours" >= 1 AND "unpaid_order_reminder_hours" < "unpaid_order_cancel_hours"));--> statement-breakpoint
ALTER TABLE `store_order` ADD COLUMN `customer_language` text DEFAULT 'zh-HK' NOT NULL
  CONSTRAINT "store_order_customer_language_known" CHECK("customer_language" IN ('zh-HK', 'en'));--> statement-breakpoint
ALTER TABLE `store_order` ADD COLUMN `payment_reminded_at` text;--> statement-breakpoint
ALTER TABLE `order_payment` ADD COLUMN `received_cents` integer
  CONSTRAINT "order_payment_received_not_negative" CHECK("received_cents" IS NULL OR "received_cents" >= 0);--> statement-breakpoint
ALTER TABLE `credit_order` ADD COLUMN `received_cents` integer
  CONSTRAINT "credit_order_received_not_negative" CHECK("received_cents" IS NULL OR "received_cents" >= 0);--> statement-breakpoint
CREATE INDEX `credit_order_store_payment_status_idx` ON `credit_order` (`application_key`,`payment_status`,`created_at`,`id`);
