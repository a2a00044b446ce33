-- Gift cards sold as products (issue 38). Columns added in place: rebuilding `product` would drop its
-- search and variant-summary triggers, and `gift_card`'s rows need nothing moved.
ALTER TABLE `product` ADD `gift_card_kind` text CONSTRAINT "product_gift_card_kind_known" CHECK("gift_card_kind" IS NULL OR "gift_card_kind" IN ('fixed', 'open'));--> statement-breakpoint
ALTER TABLE `product` ADD `gift_card_min_cents` integer;--> statement-breakpoint
ALTER TABLE `product` ADD `gift_card_max_cents` integer CONSTRAINT "product_gift_card_open_range" CHECK(coalesce("gift_card_kind", '') <> 'open' OR ("gift_card_min_cents" >= 100 AND "gift_card_max_cents" <= 1000000 AND "gift_card_min_cents" <= "gift_card_max_cents"));--> statement-breakpoint
ALTER TABLE `product` ADD `gift_card_valid_months` integer CONSTRAINT "product_gift_card_valid_months" CHECK("gift_card_valid_months" IS NULL OR "gift_card_valid_months" BETWEEN 1 AND 120);--> statement-breakpoint
ALTER TABLE `order_line` ADD `gift_card` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `order_line` ADD `gift_card_valid_months` integer;--> statement-breakpoint
ALTER TABLE `gift_card` ADD `order_id` integer REFERENCES `store_order`(`id`);--> statement-breakpoint
ALTER TABLE `gift_card` ADD `order_line_id` integer REFERENCES `order_line`(`id`);--> statement-breakpoint
ALTER TABLE `gift_card` ADD `unit` integer CONSTRAINT "gift_card_sold_unit" CHECK(("order_line_id" IS NULL) = ("unit" IS NULL) AND ("order_line_id" IS NULL OR "order_id" IS NOT NULL));--> statement-breakpoint
CREATE UNIQUE INDEX `gift_card_order_line_unit_idx` ON `gift_card` (`order_line_id`,`unit`);--> statement-breakpoint
CREATE INDEX `gift_card_store_order_idx` ON `gift_card` (`application_key`,`order_id`) WHERE "gift_card"."order_id" IS NOT NULL;
