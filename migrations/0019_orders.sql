CREATE TABLE `order_line` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`product_id` integer,
	`add_on_product_id` integer,
	`parent_position` integer,
	`position` integer NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	`refunded_quantity` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`add_on_product_id`) REFERENCES `add_on_product`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_line_kind_known" CHECK("order_line"."kind" IN ('product', 'line_add_on', 'order_add_on')),
	CONSTRAINT "order_line_quantity_positive" CHECK("order_line"."quantity" >= 1),
	CONSTRAINT "order_line_refunded_within_quantity" CHECK("order_line"."refunded_quantity" BETWEEN 0 AND "order_line"."quantity"),
	CONSTRAINT "order_line_amounts" CHECK("order_line"."unit_price_cents" >= 0 AND "order_line"."line_total_cents" = "order_line"."unit_price_cents" * "order_line"."quantity"),
	CONSTRAINT "order_line_item" CHECK(("order_line"."kind" = 'product') = ("order_line"."product_id" IS NOT NULL) AND ("order_line"."kind" <> 'product') = ("order_line"."add_on_product_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_line_position_unique` ON `order_line` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_line_product_idx` ON `order_line` (`application_key`,`product_id`);--> statement-breakpoint
CREATE TABLE `order_payment` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`proof_image_urls` text DEFAULT '[]' NOT NULL,
	`gateway_reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_payment_amount_positive" CHECK("order_payment"."amount_cents" > 0),
	CONSTRAINT "order_payment_status_known" CHECK("order_payment"."status" IN ('no_payment_record', 'succeeded', 'failed', 'refunded'))
);
--> statement-breakpoint
CREATE INDEX `order_payment_order_idx` ON `order_payment` (`application_key`,`order_id`);--> statement-breakpoint
CREATE TABLE `order_status_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_email` text,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_status_history_order_idx` ON `order_status_history` (`application_key`,`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `store_order` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`order_number` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`channel` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`member_id` integer,
	`customer_name` text NOT NULL,
	`customer_email` text,
	`customer_phone` text,
	`subtotal_cents` integer NOT NULL,
	`coupon_id` integer,
	`coupon_code` text,
	`coupon_discount_cents` integer DEFAULT 0 NOT NULL,
	`cash_dollar_spent_cents` integer DEFAULT 0 NOT NULL,
	`cash_dollar_discount_cents` integer DEFAULT 0 NOT NULL,
	`delivery_charge_cents` integer DEFAULT 0 NOT NULL,
	`card_fee_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`cash_dollar_earned_cents` integer DEFAULT 0 NOT NULL,
	`payment_method` text,
	`delivery_method` text,
	`receiver_name` text,
	`receiver_phone` text,
	`delivery_address` text,
	`delivery_district` text,
	`delivery_remark` text,
	`delivery_number` text,
	`note` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupon`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "store_order_status_known" CHECK("store_order"."status" IN ('awaiting_payment', 'unverified_payment', 'paid', 'preparing', 'delivering', 'completed', 'cancelled', 'refunded')),
	CONSTRAINT "store_order_payment_status_known" CHECK("store_order"."payment_status" IN ('no_payment_record', 'succeeded', 'failed', 'refunded')),
	CONSTRAINT "store_order_channel_known" CHECK("store_order"."channel" IN ('pos', 'online')),
	CONSTRAINT "store_order_amounts_not_negative" CHECK("store_order"."subtotal_cents" >= 0 AND "store_order"."coupon_discount_cents" >= 0 AND "store_order"."cash_dollar_spent_cents" >= 0
        AND "store_order"."cash_dollar_discount_cents" >= 0 AND "store_order"."delivery_charge_cents" >= 0 AND "store_order"."card_fee_cents" >= 0
        AND "store_order"."total_cents" >= 0 AND "store_order"."cash_dollar_earned_cents" >= 0),
	CONSTRAINT "store_order_refund_within_total" CHECK("store_order"."refunded_cents" BETWEEN 0 AND "store_order"."total_cents"),
	CONSTRAINT "store_order_one_discount" CHECK("store_order"."coupon_id" IS NULL OR "store_order"."cash_dollar_spent_cents" = 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_order_number_unique` ON `store_order` (`application_key`,`order_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `store_order_idempotency_unique` ON `store_order` (`application_key`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `store_order_created_idx` ON `store_order` (`application_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `store_order_status_idx` ON `store_order` (`application_key`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `store_order_payment_status_idx` ON `store_order` (`application_key`,`payment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `store_order_channel_idx` ON `store_order` (`application_key`,`channel`,`created_at`);--> statement-breakpoint
CREATE INDEX `store_order_delivery_idx` ON `store_order` (`application_key`,`delivery_method`,`created_at`);--> statement-breakpoint
CREATE INDEX `store_order_member_idx` ON `store_order` (`application_key`,`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `store_order_total_idx` ON `store_order` (`application_key`,`total_cents`);--> statement-breakpoint
CREATE INDEX `store_order_awaiting_payment_idx` ON `store_order` (`created_at`) WHERE "store_order"."status" = 'awaiting_payment';