-- The quota is per variant (product_booking_quota), each booking names its variant, and the setting keeps
-- what is the product's (open, deposit, arrival). Every setting's quota and booked units go to its product's
-- variant, and every booking names it: the product's one variant, or, for a product with several by now, its
-- first (by position), which then holds what the product's quota held. The counting triggers move to the
-- variant's quota; they are dropped first, as they name the setting's columns that go.
DROP TRIGGER `product_booking_open`;--> statement-breakpoint
DROP TRIGGER `product_booking_counted`;--> statement-breakpoint
DROP TRIGGER `product_booking_recounted`;--> statement-breakpoint
DROP TRIGGER `product_booking_uncounted`;--> statement-breakpoint
ALTER TABLE `product_booking` ADD `variant_id` integer REFERENCES product_variant(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `product_booking` ADD `variant_name_zh_hk` text;--> statement-breakpoint
ALTER TABLE `product_booking` ADD `variant_name_en` text;--> statement-breakpoint
CREATE INDEX `product_booking_variant_idx` ON `product_booking` (`variant_id`) WHERE "product_booking"."variant_id" IS NOT NULL;--> statement-breakpoint
UPDATE `product_booking` SET `variant_id` = (SELECT v.`id` FROM `product_variant` v
  WHERE v.`product_id` = `product_booking`.`product_id` ORDER BY v.`position`, v.`id` LIMIT 1);--> statement-breakpoint
UPDATE `product_booking` SET
  `variant_name_zh_hk` = (SELECT nullif(
      coalesce((SELECT `value_zh_hk` FROM `product_option_value` WHERE `id` = v.`option_value_1_id`), '')
      || coalesce(' / ' || (SELECT `value_zh_hk` FROM `product_option_value` WHERE `id` = v.`option_value_2_id`), '')
      || coalesce(' / ' || (SELECT `value_zh_hk` FROM `product_option_value` WHERE `id` = v.`option_value_3_id`), ''), '')
    FROM `product_variant` v WHERE v.`id` = `product_booking`.`variant_id`),
  `variant_name_en` = (SELECT nullif(
      coalesce((SELECT coalesce(nullif(trim(`value_en`), ''), `value_zh_hk`) FROM `product_option_value` WHERE `id` = v.`option_value_1_id`), '')
      || coalesce(' / ' || (SELECT coalesce(nullif(trim(`value_en`), ''), `value_zh_hk`) FROM `product_option_value` WHERE `id` = v.`option_value_2_id`), '')
      || coalesce(' / ' || (SELECT coalesce(nullif(trim(`value_en`), ''), `value_zh_hk`) FROM `product_option_value` WHERE `id` = v.`option_value_3_id`), ''), '')
    FROM `product_variant` v WHERE v.`id` = `product_booking`.`variant_id`)
WHERE `variant_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `product_booking_quota` (
	`variant_id` integer PRIMARY KEY NOT NULL,
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`quota` integer NOT NULL,
	`booked_units` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variant`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_booking_quota_full" CHECK("product_booking_quota"."booked_units" BETWEEN 0 AND "product_booking_quota"."quota")
);
--> statement-breakpoint
CREATE INDEX `product_booking_quota_product_idx` ON `product_booking_quota` (`product_id`,`variant_id`);--> statement-breakpoint
INSERT INTO `product_booking_quota` (`variant_id`, `application_key`, `product_id`, `quota`, `booked_units`)
SELECT v.`id`, s.`application_key`, s.`product_id`, s.`quota`, s.`booked_units` FROM `product_booking_setting` s
JOIN `product_variant` v ON v.`id` = (SELECT f.`id` FROM `product_variant` f WHERE f.`product_id` = s.`product_id` ORDER BY f.`position`, f.`id` LIMIT 1);--> statement-breakpoint
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_product_booking_setting` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`application_key` text NOT NULL,
	`open` integer DEFAULT false NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`expected_arrival_date` text,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_booking_setting_deposit" CHECK("__new_product_booking_setting"."deposit_cents" >= 0),
	CONSTRAINT "product_booking_setting_arrival" CHECK("__new_product_booking_setting"."expected_arrival_date" IS NULL OR "__new_product_booking_setting"."expected_arrival_date" GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
INSERT INTO `__new_product_booking_setting`("product_id", "application_key", "open", "deposit_cents", "expected_arrival_date", "version", "updated_at") SELECT "product_id", "application_key", "open", "deposit_cents", "expected_arrival_date", "version", "updated_at" FROM `product_booking_setting`;--> statement-breakpoint
DROP TABLE `product_booking_setting`;--> statement-breakpoint
ALTER TABLE `__new_product_booking_setting` RENAME TO `product_booking_setting`;--> statement-breakpoint
CREATE INDEX `product_booking_setting_store_idx` ON `product_booking_setting` (`application_key`,`open`,`product_id`);--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
-- A new booking needs its product's booking open and a quota for its variant; booked_units counts the units of
-- the variant's bookings not cancelled, and its CHECK (booked_units <= quota) refuses the booking past the quota.
CREATE TRIGGER `product_booking_open` BEFORE INSERT ON `product_booking`
WHEN new.status <> 'cancelled' AND NOT EXISTS (
  SELECT 1 FROM `product_booking_setting` s JOIN `product_booking_quota` q ON q.product_id = s.product_id
  WHERE s.product_id = new.product_id AND s.application_key = new.application_key AND s.open = 1
    AND q.variant_id = new.variant_id
)
BEGIN
  SELECT RAISE(ABORT, 'product_booking_closed');
END;--> statement-breakpoint
CREATE TRIGGER `product_booking_counted` AFTER INSERT ON `product_booking`
WHEN new.status <> 'cancelled'
BEGIN
  UPDATE `product_booking_quota` SET booked_units = booked_units + new.quantity
  WHERE variant_id = new.variant_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_booking_recounted` AFTER UPDATE OF status, quantity, variant_id ON `product_booking`
BEGIN
  UPDATE `product_booking_quota` SET booked_units = booked_units - old.quantity
  WHERE variant_id = old.variant_id AND old.status <> 'cancelled';
  UPDATE `product_booking_quota` SET booked_units = booked_units + new.quantity
  WHERE variant_id = new.variant_id AND new.status <> 'cancelled';
END;--> statement-breakpoint
CREATE TRIGGER `product_booking_uncounted` AFTER DELETE ON `product_booking`
WHEN old.status <> 'cancelled'
BEGIN
  UPDATE `product_booking_quota` SET booked_units = booked_units - old.quantity
  WHERE variant_id = old.variant_id;
END;
