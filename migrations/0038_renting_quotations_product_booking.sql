CREATE TABLE `product_booking_setting` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`application_key` text NOT NULL,
	`open` integer DEFAULT false NOT NULL,
	`quota` integer NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`expected_arrival_date` text,
	`booked_units` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_booking_setting_quota" CHECK("product_booking_setting"."booked_units" BETWEEN 0 AND "product_booking_setting"."quota"),
	CONSTRAINT "product_booking_setting_deposit" CHECK("product_booking_setting"."deposit_cents" >= 0),
	CONSTRAINT "product_booking_setting_arrival" CHECK("product_booking_setting"."expected_arrival_date" IS NULL OR "product_booking_setting"."expected_arrival_date" GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
CREATE INDEX `product_booking_setting_store_idx` ON `product_booking_setting` (`application_key`,`open`,`product_id`);--> statement-breakpoint
CREATE TABLE `product_booking` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`member_id` integer,
	`customer_name` text NOT NULL,
	`customer_phone` text DEFAULT '' NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`deposit_paid` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`channel` text NOT NULL,
	`idempotency_key` text,
	`order_id` integer,
	`note` text DEFAULT '' NOT NULL,
	`actor_email` text,
	`notified_at` text,
	`converted_at` text,
	`cancelled_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "product_booking_status" CHECK("product_booking"."status" IN ('booked', 'notified', 'converted', 'cancelled')),
	CONSTRAINT "product_booking_channel" CHECK("product_booking"."channel" IN ('staff', 'online')),
	CONSTRAINT "product_booking_quantity" CHECK("product_booking"."quantity" >= 1),
	CONSTRAINT "product_booking_deposit" CHECK("product_booking"."deposit_cents" >= 0),
	CONSTRAINT "product_booking_converted" CHECK(("product_booking"."status" = 'converted') = ("product_booking"."order_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `product_booking_store_created_idx` ON `product_booking` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `product_booking_store_status_idx` ON `product_booking` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `product_booking_store_product_idx` ON `product_booking` (`application_key`,`product_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `product_booking_queue_idx` ON `product_booking` (`product_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `product_booking_member_idx` ON `product_booking` (`application_key`,`member_id`,`created_at`,`id`) WHERE "product_booking"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `product_booking_order_unique` ON `product_booking` (`order_id`) WHERE "product_booking"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `product_booking_idempotency_idx` ON `product_booking` (`application_key`,`idempotency_key`) WHERE "product_booking"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `quotation_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`quotation_id` integer NOT NULL,
	`revision` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL,
	`actor_email` text,
	`note` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`quotation_id`) REFERENCES `quotation`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quotation_history_quotation_idx` ON `quotation_history` (`quotation_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `quotation_line` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`quotation_id` integer NOT NULL,
	`position` integer NOT NULL,
	`product_id` integer,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	FOREIGN KEY (`quotation_id`) REFERENCES `quotation`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "quotation_line_quantity" CHECK("quotation_line"."quantity" >= 1),
	CONSTRAINT "quotation_line_amounts" CHECK("quotation_line"."unit_price_cents" >= 0 AND "quotation_line"."line_total_cents" = "quotation_line"."unit_price_cents" * "quotation_line"."quantity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_line_position_unique` ON `quotation_line` (`quotation_id`,`position`);--> statement-breakpoint
CREATE INDEX `quotation_line_product_idx` ON `quotation_line` (`product_id`) WHERE "quotation_line"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `quotation_request_line` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`request_id` integer NOT NULL,
	`position` integer NOT NULL,
	`product_id` integer,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `quotation_request`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "quotation_request_line_quantity" CHECK("quotation_request_line"."quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_request_line_position_unique` ON `quotation_request_line` (`request_id`,`position`);--> statement-breakpoint
CREATE TABLE `quotation_request` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`company_name` text DEFAULT '' NOT NULL,
	`contact_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`quotation_id` integer,
	`idempotency_key` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "quotation_request_status" CHECK("quotation_request"."status" IN ('new', 'quoted', 'closed'))
);
--> statement-breakpoint
CREATE INDEX `quotation_request_store_created_idx` ON `quotation_request` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotation_request_store_status_idx` ON `quotation_request` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_request_idempotency_idx` ON `quotation_request` (`application_key`,`idempotency_key`) WHERE "quotation_request"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `quotation` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`quotation_number` integer NOT NULL,
	`member_id` integer,
	`company_name` text DEFAULT '' NOT NULL,
	`contact_name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`subtotal_cents` integer DEFAULT 0 NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`delivery_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`valid_until` text NOT NULL,
	`terms` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`request_id` integer,
	`order_id` integer,
	`sent_at` text,
	`decided_at` text,
	`actor_email` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `store_order`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "quotation_status" CHECK("quotation"."status" IN ('pending', 'approved', 'not_approved', 'processing', 'completed', 'cancelled')),
	CONSTRAINT "quotation_valid_until" CHECK("quotation"."valid_until" GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "quotation_money" CHECK("quotation"."subtotal_cents" >= 0 AND "quotation"."discount_cents" BETWEEN 0 AND "quotation"."subtotal_cents"
        AND "quotation"."delivery_cents" >= 0
        AND "quotation"."total_cents" = "quotation"."subtotal_cents" - "quotation"."discount_cents" + "quotation"."delivery_cents"),
	CONSTRAINT "quotation_revision" CHECK("quotation"."revision" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_number_unique` ON `quotation` (`application_key`,`quotation_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_order_unique` ON `quotation` (`order_id`) WHERE "quotation"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `quotation_store_created_idx` ON `quotation` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotation_store_status_idx` ON `quotation` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotation_store_valid_idx` ON `quotation` (`application_key`,`valid_until`,`id`);--> statement-breakpoint
CREATE INDEX `quotation_store_total_idx` ON `quotation` (`application_key`,`total_cents`,`id`);--> statement-breakpoint
CREATE INDEX `quotation_member_idx` ON `quotation` (`application_key`,`member_id`,`created_at`,`id`) WHERE "quotation"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `quotation_request_idx` ON `quotation` (`request_id`) WHERE "quotation"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `renting_product` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`description_zh_hk` text DEFAULT '' NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`units_owned` integer NOT NULL,
	`price_per_day_cents` integer NOT NULL,
	`price_per_week_cents` integer,
	`price_per_month_cents` integer,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`late_fee_per_day_cents` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'rentable' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "renting_product_status" CHECK("renting_product"."status" IN ('rentable', 'unrentable')),
	CONSTRAINT "renting_product_units" CHECK("renting_product"."units_owned" BETWEEN 0 AND 100000),
	CONSTRAINT "renting_product_money" CHECK("renting_product"."price_per_day_cents" >= 0 AND coalesce("renting_product"."price_per_week_cents", 0) >= 0
        AND coalesce("renting_product"."price_per_month_cents", 0) >= 0 AND "renting_product"."deposit_cents" >= 0
        AND "renting_product"."late_fee_per_day_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `renting_product_store_created_idx` ON `renting_product` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `renting_product_store_name_idx` ON `renting_product` (`application_key`,"name_zh_hk" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `renting_product_store_price_idx` ON `renting_product` (`application_key`,`price_per_day_cents`,`id`);--> statement-breakpoint
CREATE INDEX `renting_product_store_status_idx` ON `renting_product` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `renting_record` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`member_id` integer,
	`customer_name` text NOT NULL,
	`customer_phone` text DEFAULT '' NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`units` integer NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`rent_cents` integer NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`late_fee_cents` integer DEFAULT 0 NOT NULL,
	`deposit_refunded_cents` integer,
	`deposit_deduction_note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'success' NOT NULL,
	`picked_up_at` text,
	`returned_at` text,
	`completed_at` text,
	`cancelled_at` text,
	`note` text DEFAULT '' NOT NULL,
	`actor_email` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `renting_product`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "renting_record_status" CHECK("renting_record"."status" IN ('success', 'rented', 'returned', 'completed', 'cancelled')),
	CONSTRAINT "renting_record_units" CHECK("renting_record"."units" >= 1),
	CONSTRAINT "renting_record_range" CHECK("renting_record"."starts_at" < "renting_record"."ends_at"),
	CONSTRAINT "renting_record_money" CHECK("renting_record"."rent_cents" >= 0 AND "renting_record"."deposit_cents" >= 0 AND "renting_record"."late_fee_cents" >= 0
        AND ("renting_record"."deposit_refunded_cents" IS NULL OR "renting_record"."deposit_refunded_cents" BETWEEN 0 AND "renting_record"."deposit_cents"))
);
--> statement-breakpoint
CREATE INDEX `renting_record_store_start_idx` ON `renting_record` (`application_key`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `renting_record_store_created_idx` ON `renting_record` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `renting_record_store_status_idx` ON `renting_record` (`application_key`,`status`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `renting_record_store_product_idx` ON `renting_record` (`application_key`,`product_id`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `renting_record_product_units_idx` ON `renting_record` (`product_id`,`status`,`starts_at`,`ends_at`);--> statement-breakpoint
CREATE INDEX `renting_record_member_idx` ON `renting_record` (`application_key`,`member_id`,`starts_at`,`id`) WHERE "renting_record"."member_id" IS NOT NULL;--> statement-breakpoint
-- Renting: a new rental needs a rentable product of its store.
CREATE TRIGGER `renting_record_rentable` BEFORE INSERT ON `renting_record`
WHEN new.status = 'success' AND NOT EXISTS (
  SELECT 1 FROM `renting_product` WHERE id = new.product_id AND application_key = new.application_key
    AND status = 'rentable'
)
BEGIN
  SELECT RAISE(ABORT, 'renting_product_unrentable');
END;--> statement-breakpoint
-- The units that booked and rented records hold at any moment never exceed the units owned. Over the
-- half-open ranges [starts_at, ends_at) the most units are out at the new range's start or at a start of
-- another rental within it, so those are the only moments to add up: back to back (one ends as the next
-- starts) never overlaps.
CREATE TRIGGER `renting_record_units_available` BEFORE INSERT ON `renting_record`
WHEN new.status IN ('success', 'rented') AND EXISTS (
  SELECT 1 FROM (
    SELECT new.starts_at AS at
    UNION
    SELECT starts_at FROM `renting_record`
    WHERE product_id = new.product_id AND status IN ('success', 'rented')
      AND starts_at > new.starts_at AND starts_at < new.ends_at
  ) AS moment
  WHERE new.units + (
    SELECT coalesce(sum(other.units), 0) FROM `renting_record` AS other
    WHERE other.product_id = new.product_id AND other.status IN ('success', 'rented')
      AND other.starts_at <= moment.at AND other.ends_at > moment.at
  ) > (SELECT units_owned FROM `renting_product` WHERE id = new.product_id)
)
BEGIN
  SELECT RAISE(ABORT, 'renting_units_unavailable');
END;--> statement-breakpoint
CREATE TRIGGER `renting_record_units_available_on_update`
BEFORE UPDATE OF status, starts_at, ends_at, units, product_id ON `renting_record`
WHEN new.status IN ('success', 'rented') AND EXISTS (
  SELECT 1 FROM (
    SELECT new.starts_at AS at
    UNION
    SELECT starts_at FROM `renting_record`
    WHERE product_id = new.product_id AND status IN ('success', 'rented') AND id <> new.id
      AND starts_at > new.starts_at AND starts_at < new.ends_at
  ) AS moment
  WHERE new.units + (
    SELECT coalesce(sum(other.units), 0) FROM `renting_record` AS other
    WHERE other.product_id = new.product_id AND other.status IN ('success', 'rented') AND other.id <> new.id
      AND other.starts_at <= moment.at AND other.ends_at > moment.at
  ) > (SELECT units_owned FROM `renting_product` WHERE id = new.product_id)
)
BEGIN
  SELECT RAISE(ABORT, 'renting_units_unavailable');
END;--> statement-breakpoint
-- A product's units owned cannot drop below what its booked and rented records hold at one moment.
CREATE TRIGGER `renting_product_units_cover_rentals` BEFORE UPDATE OF units_owned ON `renting_product`
WHEN new.units_owned < old.units_owned AND EXISTS (
  SELECT 1 FROM `renting_record` AS rental
  WHERE rental.product_id = new.id AND rental.status IN ('success', 'rented')
    AND (
      SELECT sum(other.units) FROM `renting_record` AS other
      WHERE other.product_id = new.id AND other.status IN ('success', 'rented')
        AND other.starts_at <= rental.starts_at AND other.ends_at > rental.starts_at
    ) > new.units_owned
)
BEGIN
  SELECT RAISE(ABORT, 'renting_units_unavailable');
END;--> statement-breakpoint
-- Completed and cancelled are final.
CREATE TRIGGER `renting_record_closed` BEFORE UPDATE OF status ON `renting_record`
WHEN old.status IN ('completed', 'cancelled') AND new.status <> old.status
BEGIN
  SELECT RAISE(ABORT, 'renting_record_closed');
END;--> statement-breakpoint
-- Quotations: approved only up to its last valid Hong Kong day.
CREATE TRIGGER `quotation_approved_while_valid` BEFORE UPDATE OF status ON `quotation`
WHEN new.status = 'approved' AND old.status <> 'approved'
  AND new.valid_until < date('now', '+8 hours')
BEGIN
  SELECT RAISE(ABORT, 'quotation_expired');
END;--> statement-breakpoint
-- A quotation turns into one order, once.
CREATE TRIGGER `quotation_converted_once` BEFORE UPDATE OF order_id ON `quotation`
WHEN old.order_id IS NOT NULL AND new.order_id IS NOT old.order_id
BEGIN
  SELECT RAISE(ABORT, 'quotation_already_converted');
END;--> statement-breakpoint
-- Product booking: a new booking needs its product's booking open; booked_units counts the units of the
-- bookings not cancelled, and its CHECK (booked_units <= quota) refuses the booking past the quota.
CREATE TRIGGER `product_booking_open` BEFORE INSERT ON `product_booking`
WHEN new.status <> 'cancelled' AND NOT EXISTS (
  SELECT 1 FROM `product_booking_setting` WHERE product_id = new.product_id
    AND application_key = new.application_key AND open = 1
)
BEGIN
  SELECT RAISE(ABORT, 'product_booking_closed');
END;--> statement-breakpoint
CREATE TRIGGER `product_booking_counted` AFTER INSERT ON `product_booking`
WHEN new.status <> 'cancelled'
BEGIN
  UPDATE `product_booking_setting` SET booked_units = booked_units + new.quantity
  WHERE product_id = new.product_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_booking_recounted` AFTER UPDATE OF status, quantity, product_id ON `product_booking`
BEGIN
  UPDATE `product_booking_setting` SET booked_units = booked_units - old.quantity
  WHERE product_id = old.product_id AND old.status <> 'cancelled';
  UPDATE `product_booking_setting` SET booked_units = booked_units + new.quantity
  WHERE product_id = new.product_id AND new.status <> 'cancelled';
END;--> statement-breakpoint
CREATE TRIGGER `product_booking_uncounted` AFTER DELETE ON `product_booking`
WHEN old.status <> 'cancelled'
BEGIN
  UPDATE `product_booking_setting` SET booked_units = booked_units - old.quantity
  WHERE product_id = old.product_id;
END;--> statement-breakpoint
-- Converted and cancelled are final.
CREATE TRIGGER `product_booking_closed_record` BEFORE UPDATE OF status ON `product_booking`
WHEN old.status IN ('converted', 'cancelled') AND new.status <> old.status
BEGIN
  SELECT RAISE(ABORT, 'product_booking_final');
END;
