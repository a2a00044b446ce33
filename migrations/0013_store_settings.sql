CREATE TABLE `store_setting` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`payment_methods` text DEFAULT '{}' NOT NULL,
	`card_fee_basis_points` integer DEFAULT 0 NOT NULL,
	`payment_version` integer DEFAULT 1 NOT NULL,
	`delivery_methods` text DEFAULT '{}' NOT NULL,
	`delivery_version` integer DEFAULT 1 NOT NULL,
	`cash_dollar_enabled` integer DEFAULT false NOT NULL,
	`cash_dollar_earn_rate` integer DEFAULT 100 NOT NULL,
	`cash_dollar_redeem_rate` integer DEFAULT 100 NOT NULL,
	`welcome_cash_dollar_cents` integer DEFAULT 0 NOT NULL,
	`birthday_coupon_enabled` integer DEFAULT false NOT NULL,
	`birthday_coupon_type` text DEFAULT 'percentage' NOT NULL,
	`birthday_coupon_amount` integer DEFAULT 10 NOT NULL,
	`birthday_coupon_minimum_subtotal_cents` integer DEFAULT 0 NOT NULL,
	`birthday_coupon_valid_days` integer DEFAULT 30 NOT NULL,
	`vip_enabled` integer DEFAULT false NOT NULL,
	`vip_upgrade_spend_cents` integer,
	`vip_upgrade_days` integer,
	`promotion_version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "store_setting_card_fee" CHECK("store_setting"."card_fee_basis_points" BETWEEN 0 AND 1000),
	CONSTRAINT "store_setting_cash_dollar_rates" CHECK("store_setting"."cash_dollar_earn_rate" >= 0 AND "store_setting"."cash_dollar_redeem_rate" >= 1),
	CONSTRAINT "store_setting_birthday_coupon" CHECK(("store_setting"."birthday_coupon_type" = 'percentage' AND "store_setting"."birthday_coupon_amount" BETWEEN 1 AND 100)
        OR ("store_setting"."birthday_coupon_type" = 'cash' AND "store_setting"."birthday_coupon_amount" > 0)),
	CONSTRAINT "store_setting_vip_upgrade" CHECK(("store_setting"."vip_upgrade_spend_cents" IS NULL) = ("store_setting"."vip_upgrade_days" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_setting_application_key_unique` ON `store_setting` (`application_key`);--> statement-breakpoint
-- Every store has its settings row, made with the store; existing stores keep the methods they had on.
INSERT INTO `store_setting` (`application_key`, `payment_methods`, `delivery_methods`)
  SELECT `application_key`,
    (SELECT json_group_object(`value`, json('{"enabled":true}')) FROM json_each(`payment_method_list`)),
    (SELECT json_group_object(`value`, json('{"enabled":true}')) FROM json_each(`delivery_method_list`))
  FROM `store_account`;--> statement-breakpoint
CREATE TRIGGER `store_setting_with_store` AFTER INSERT ON `store_account` BEGIN
  INSERT INTO `store_setting` (`application_key`) VALUES (new.application_key);
END;--> statement-breakpoint
ALTER TABLE `store_account` DROP COLUMN `payment_method_list`;--> statement-breakpoint
ALTER TABLE `store_account` DROP COLUMN `delivery_method_list`;