CREATE TABLE `plan_promotion_code` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`discount_type` text NOT NULL,
	`discount_value` integer NOT NULL,
	`valid_from` text NOT NULL,
	`valid_to` text NOT NULL,
	`usage_limit` integer,
	`times_used` integer DEFAULT 0 NOT NULL,
	`plan_ids` text DEFAULT '[]' NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "plan_promotion_code_usage" CHECK("plan_promotion_code"."usage_limit" IS NULL OR "plan_promotion_code"."times_used" <= "plan_promotion_code"."usage_limit"),
	CONSTRAINT "plan_promotion_code_dates" CHECK("plan_promotion_code"."valid_to" >= "plan_promotion_code"."valid_from"),
	CONSTRAINT "plan_promotion_code_value" CHECK("plan_promotion_code"."discount_value" > 0 AND ("plan_promotion_code"."discount_type" <> 'percentage' OR "plan_promotion_code"."discount_value" <= 100))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_promotion_code_unique` ON `plan_promotion_code` ("code" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `plan_promotion_code_created_at_idx` ON `plan_promotion_code` (`created_at`);--> statement-breakpoint
CREATE INDEX `plan_promotion_code_valid_to_idx` ON `plan_promotion_code` (`valid_to`);--> statement-breakpoint
ALTER TABLE `purchased_plan` ADD `price_before_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `purchased_plan` ADD `price_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `purchased_plan` ADD `promotion_code` text;--> statement-breakpoint
CREATE INDEX `purchased_plan_start_date_idx` ON `purchased_plan` (`start_date`);--> statement-breakpoint
CREATE INDEX `purchased_plan_expiry_date_idx` ON `purchased_plan` (`expiry_date`);--> statement-breakpoint
CREATE INDEX `purchased_plan_price_idx` ON `purchased_plan` (`price_cents`);--> statement-breakpoint
CREATE INDEX `purchased_plan_created_at_idx` ON `purchased_plan` (`created_at`);--> statement-breakpoint
-- Backfill: purchases made before amounts were kept cost their plan's current price (a trial nothing).
UPDATE `purchased_plan` SET
  `price_before_cents` = CASE WHEN `plan_type` = 'trial' THEN 0 ELSE coalesce((SELECT `price_cents` FROM `plan` WHERE `plan`.`id` = `purchased_plan`.`plan_id`), 0) END,
  `price_cents` = CASE WHEN `plan_type` = 'trial' THEN 0 ELSE coalesce((SELECT `price_cents` FROM `plan` WHERE `plan`.`id` = `purchased_plan`.`plan_id`), 0) END;
