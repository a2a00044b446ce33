CREATE TABLE `appointment_category` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`variant` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`image_url` text,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'accept' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "appointment_category_variant" CHECK("appointment_category"."variant" IN ('general', 'medical')),
	CONSTRAINT "appointment_category_status" CHECK("appointment_category"."status" IN ('accept', 'stop'))
);
--> statement-breakpoint
CREATE INDEX `appointment_category_store_created_idx` ON `appointment_category` (`application_key`,`variant`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_category_store_name_idx` ON `appointment_category` (`application_key`,`variant`,"name_en" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE TABLE `appointment_patient` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`application_key` text NOT NULL,
	`date_of_birth` text,
	`gender` text,
	`hkid_last_four` text,
	`allergies` text DEFAULT '' NOT NULL,
	`medical_notes` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `appointment_record`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "appointment_patient_gender" CHECK("appointment_patient"."gender" IS NULL OR "appointment_patient"."gender" IN ('female', 'male', 'other')),
	CONSTRAINT "appointment_patient_hkid" CHECK("appointment_patient"."hkid_last_four" IS NULL OR length("appointment_patient"."hkid_last_four") = 4)
);
--> statement-breakpoint
CREATE TABLE `appointment_provider` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`variant` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`staff_id` integer,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_id`) REFERENCES `store_staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "appointment_provider_variant" CHECK("appointment_provider"."variant" IN ('general', 'medical'))
);
--> statement-breakpoint
CREATE INDEX `appointment_provider_store_idx` ON `appointment_provider` (`application_key`,`variant`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_provider_staff_idx` ON `appointment_provider` (`staff_id`) WHERE "appointment_provider"."staff_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `appointment_record` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`variant` text NOT NULL,
	`service_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`member_id` integer,
	`customer_name` text NOT NULL,
	`customer_phone` text DEFAULT '' NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`blocked_from` text NOT NULL,
	`blocked_until` text NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text DEFAULT 'success' NOT NULL,
	`channel` text NOT NULL,
	`idempotency_key` text,
	`note` text DEFAULT '' NOT NULL,
	`actor_email` text,
	`cancelled_at` text,
	`completed_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `appointment_service`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`provider_id`) REFERENCES `appointment_provider`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "appointment_record_variant" CHECK("appointment_record"."variant" IN ('general', 'medical')),
	CONSTRAINT "appointment_record_status" CHECK("appointment_record"."status" IN ('success', 'cancelled', 'completed')),
	CONSTRAINT "appointment_record_channel" CHECK("appointment_record"."channel" IN ('staff', 'online')),
	CONSTRAINT "appointment_record_price" CHECK("appointment_record"."price_cents" >= 0),
	CONSTRAINT "appointment_record_times" CHECK("appointment_record"."starts_at" < "appointment_record"."ends_at" AND "appointment_record"."blocked_from" <= "appointment_record"."starts_at"
        AND "appointment_record"."blocked_until" >= "appointment_record"."ends_at"
        AND julianday("appointment_record"."blocked_until") - julianday("appointment_record"."blocked_from") <= 1)
);
--> statement-breakpoint
CREATE INDEX `appointment_record_store_start_idx` ON `appointment_record` (`application_key`,`variant`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_record_store_created_idx` ON `appointment_record` (`application_key`,`variant`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_record_store_status_idx` ON `appointment_record` (`application_key`,`variant`,`status`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_record_service_idx` ON `appointment_record` (`service_id`,`starts_at`,`status`);--> statement-breakpoint
CREATE INDEX `appointment_record_provider_idx` ON `appointment_record` (`provider_id`,`blocked_from`,`status`);--> statement-breakpoint
CREATE INDEX `appointment_record_member_idx` ON `appointment_record` (`application_key`,`member_id`,`starts_at`,`id`) WHERE "appointment_record"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `appointment_record_idempotency_idx` ON `appointment_record` (`application_key`,`idempotency_key`) WHERE "appointment_record"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `appointment_schedule` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`service_id` integer NOT NULL,
	`schedule_type` text NOT NULL,
	`specific_date` text,
	`closed` integer DEFAULT false NOT NULL,
	`start_time` text,
	`end_time` text,
	FOREIGN KEY (`service_id`) REFERENCES `appointment_service`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "appointment_schedule_type" CHECK("appointment_schedule"."schedule_type" IN ('everyday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'specific_date')),
	CONSTRAINT "appointment_schedule_date" CHECK(("appointment_schedule"."schedule_type" = 'specific_date') = ("appointment_schedule"."specific_date" IS NOT NULL)
        AND ("appointment_schedule"."specific_date" IS NULL OR "appointment_schedule"."specific_date" GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')),
	CONSTRAINT "appointment_schedule_times" CHECK(CASE WHEN "appointment_schedule"."closed" THEN "appointment_schedule"."schedule_type" = 'specific_date'
          AND "appointment_schedule"."start_time" IS NULL AND "appointment_schedule"."end_time" IS NULL
        ELSE "appointment_schedule"."start_time" GLOB '[0-2][0-9]:[0-5][0-9]' AND "appointment_schedule"."end_time" GLOB '[0-2][0-9]:[0-5][0-9]'
          AND "appointment_schedule"."start_time" < "appointment_schedule"."end_time" AND "appointment_schedule"."end_time" <= '24:00' END)
);
--> statement-breakpoint
CREATE INDEX `appointment_schedule_service_idx` ON `appointment_schedule` (`service_id`,`schedule_type`,`specific_date`);--> statement-breakpoint
CREATE TABLE `appointment_service` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`variant` text NOT NULL,
	`category_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`duration_minutes` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`buffer_before_minutes` integer DEFAULT 0 NOT NULL,
	`buffer_after_minutes` integer DEFAULT 0 NOT NULL,
	`capacity` integer DEFAULT 1 NOT NULL,
	`min_notice_hours` integer DEFAULT 0 NOT NULL,
	`booking_window_days` integer DEFAULT 60 NOT NULL,
	`status` text DEFAULT 'accept' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `appointment_category`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`provider_id`) REFERENCES `appointment_provider`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "appointment_service_variant" CHECK("appointment_service"."variant" IN ('general', 'medical')),
	CONSTRAINT "appointment_service_status" CHECK("appointment_service"."status" IN ('accept', 'stop')),
	CONSTRAINT "appointment_service_duration" CHECK("appointment_service"."duration_minutes" BETWEEN 5 AND 720),
	CONSTRAINT "appointment_service_price" CHECK("appointment_service"."price_cents" >= 0),
	CONSTRAINT "appointment_service_buffers" CHECK("appointment_service"."buffer_before_minutes" BETWEEN 0 AND 240 AND "appointment_service"."buffer_after_minutes" BETWEEN 0 AND 240),
	CONSTRAINT "appointment_service_capacity" CHECK("appointment_service"."capacity" BETWEEN 1 AND 100),
	CONSTRAINT "appointment_service_notice_window" CHECK("appointment_service"."min_notice_hours" BETWEEN 0 AND 720 AND "appointment_service"."booking_window_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE INDEX `appointment_service_store_sort_idx` ON `appointment_service` (`application_key`,`variant`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_service_store_created_idx` ON `appointment_service` (`application_key`,`variant`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_service_category_idx` ON `appointment_service` (`category_id`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_service_provider_idx` ON `appointment_service` (`provider_id`);--> statement-breakpoint
CREATE TABLE `monthly_fee_plan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`days` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "monthly_fee_plan_days" CHECK("monthly_fee_plan"."days" BETWEEN 1 AND 366),
	CONSTRAINT "monthly_fee_plan_price" CHECK("monthly_fee_plan"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `monthly_fee_plan_store_idx` ON `monthly_fee_plan` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `monthly_fee_record` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`days` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`renews` integer DEFAULT true NOT NULL,
	`payment_method` text,
	`paid_at` text,
	`cancelled_at` text,
	`reminded_at` text,
	`note` text DEFAULT '' NOT NULL,
	`actor_email` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `monthly_fee_plan`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "monthly_fee_record_status" CHECK("monthly_fee_record"."status" IN ('pending', 'paid', 'cancelled')),
	CONSTRAINT "monthly_fee_record_period" CHECK("monthly_fee_record"."period_start" GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'
        AND "monthly_fee_record"."period_end" = date("monthly_fee_record"."period_start", '+' || ("monthly_fee_record"."days" - 1) || ' days')),
	CONSTRAINT "monthly_fee_record_paid" CHECK("monthly_fee_record"."status" <> 'paid' OR ("monthly_fee_record"."paid_at" IS NOT NULL AND "monthly_fee_record"."payment_method" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monthly_fee_record_period_idx` ON `monthly_fee_record` (`application_key`,`member_id`,`period_start`);--> statement-breakpoint
CREATE INDEX `monthly_fee_record_store_start_idx` ON `monthly_fee_record` (`application_key`,`period_start`,`id`);--> statement-breakpoint
CREATE INDEX `monthly_fee_record_store_created_idx` ON `monthly_fee_record` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `monthly_fee_record_store_status_idx` ON `monthly_fee_record` (`application_key`,`status`,`period_start`,`id`);--> statement-breakpoint
CREATE INDEX `monthly_fee_record_plan_idx` ON `monthly_fee_record` (`application_key`,`plan_id`,`period_start`,`id`);--> statement-breakpoint
CREATE INDEX `monthly_fee_record_renewal_idx` ON `monthly_fee_record` (`period_end`) WHERE "monthly_fee_record"."renews" AND "monthly_fee_record"."status" <> 'cancelled';--> statement-breakpoint
-- Added in place, not by drizzle's copy of the table: dropping store_setting would break store_setting_with_store.
ALTER TABLE `store_setting` ADD COLUMN `monthly_fee_reminder_days` integer DEFAULT 3 NOT NULL
  CONSTRAINT "store_setting_monthly_fee_reminder_days" CHECK("monthly_fee_reminder_days" BETWEEN 0 AND 30);--> statement-breakpoint
ALTER TABLE `store_setting` ADD COLUMN `monthly_fee_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A service, its category and provider, and its bookings belong to one variant (general or medical).
CREATE TRIGGER `appointment_service_one_variant` BEFORE INSERT ON `appointment_service`
WHEN NOT EXISTS (SELECT 1 FROM `appointment_category` WHERE id = new.category_id
    AND application_key = new.application_key AND variant = new.variant)
  OR NOT EXISTS (SELECT 1 FROM `appointment_provider` WHERE id = new.provider_id
    AND application_key = new.application_key AND variant = new.variant)
BEGIN
  SELECT RAISE(ABORT, 'appointment_variant_mismatch');
END;--> statement-breakpoint
CREATE TRIGGER `appointment_service_one_variant_on_update` BEFORE UPDATE OF category_id, provider_id ON `appointment_service`
WHEN NOT EXISTS (SELECT 1 FROM `appointment_category` WHERE id = new.category_id
    AND application_key = new.application_key AND variant = new.variant)
  OR NOT EXISTS (SELECT 1 FROM `appointment_provider` WHERE id = new.provider_id
    AND application_key = new.application_key AND variant = new.variant)
BEGIN
  SELECT RAISE(ABORT, 'appointment_variant_mismatch');
END;--> statement-breakpoint
CREATE TRIGGER `appointment_record_one_variant` BEFORE INSERT ON `appointment_record`
WHEN NOT EXISTS (SELECT 1 FROM `appointment_service` WHERE id = new.service_id
    AND application_key = new.application_key AND variant = new.variant)
  OR NOT EXISTS (SELECT 1 FROM `appointment_provider` WHERE id = new.provider_id
    AND application_key = new.application_key AND variant = new.variant)
BEGIN
  SELECT RAISE(ABORT, 'appointment_variant_mismatch');
END;--> statement-breakpoint
-- A stopped category or service takes no new bookings.
CREATE TRIGGER `appointment_record_bookable` BEFORE INSERT ON `appointment_record`
WHEN new.status = 'success' AND NOT EXISTS (
  SELECT 1 FROM `appointment_service` AS service
  JOIN `appointment_category` AS category ON category.id = service.category_id
  WHERE service.id = new.service_id AND service.status = 'accept' AND category.status = 'accept'
)
BEGIN
  SELECT RAISE(ABORT, 'appointment_category_unavailable');
END;--> statement-breakpoint
-- A provider's booked times (buffers included) never overlap, except bookings of one group slot (same
-- service and start), which share it up to the service's capacity. Bookings span at most a day, which
-- bounds the search.
CREATE TRIGGER `appointment_record_no_overlap` BEFORE INSERT ON `appointment_record`
WHEN new.status = 'success' AND (
  EXISTS (
    SELECT 1 FROM `appointment_record` AS other
    WHERE other.provider_id = new.provider_id AND other.status = 'success'
      AND other.blocked_from > strftime('%Y-%m-%dT%H:%M:%fZ', new.blocked_from, '-1 day')
      AND other.blocked_from < new.blocked_until AND other.blocked_until > new.blocked_from
      AND NOT (other.service_id = new.service_id AND other.starts_at = new.starts_at)
  )
  OR (SELECT count(*) FROM `appointment_record` AS other
      WHERE other.service_id = new.service_id AND other.starts_at = new.starts_at AND other.status = 'success')
    >= (SELECT capacity FROM `appointment_service` WHERE id = new.service_id)
)
BEGIN
  SELECT RAISE(ABORT, 'appointment_time_overlap');
END;--> statement-breakpoint
CREATE TRIGGER `appointment_record_no_overlap_on_update`
BEFORE UPDATE OF starts_at, ends_at, blocked_from, blocked_until, provider_id, service_id, status ON `appointment_record`
WHEN new.status = 'success' AND (
  EXISTS (
    SELECT 1 FROM `appointment_record` AS other
    WHERE other.provider_id = new.provider_id AND other.status = 'success' AND other.id <> new.id
      AND other.blocked_from > strftime('%Y-%m-%dT%H:%M:%fZ', new.blocked_from, '-1 day')
      AND other.blocked_from < new.blocked_until AND other.blocked_until > new.blocked_from
      AND NOT (other.service_id = new.service_id AND other.starts_at = new.starts_at)
  )
  OR (SELECT count(*) FROM `appointment_record` AS other
      WHERE other.service_id = new.service_id AND other.starts_at = new.starts_at AND other.status = 'success'
        AND other.id <> new.id)
    >= (SELECT capacity FROM `appointment_service` WHERE id = new.service_id)
)
BEGIN
  SELECT RAISE(ABORT, 'appointment_time_overlap');
END;--> statement-breakpoint
-- Cancelled and completed are final.
CREATE TRIGGER `appointment_record_closed` BEFORE UPDATE OF status ON `appointment_record`
WHEN old.status <> 'success' AND new.status <> old.status
BEGIN
  SELECT RAISE(ABORT, 'appointment_record_closed');
END;--> statement-breakpoint
-- Patient details belong to medical appointments of the same store.
CREATE TRIGGER `appointment_patient_medical` BEFORE INSERT ON `appointment_patient`
WHEN NOT EXISTS (SELECT 1 FROM `appointment_record` WHERE id = new.record_id
  AND application_key = new.application_key AND variant = 'medical')
BEGIN
  SELECT RAISE(ABORT, 'appointment_patient_not_medical');
END;--> statement-breakpoint
-- A monthly fee record charges its plan's days and price, for a member and plan of its own store.
CREATE TRIGGER `monthly_fee_record_plan` BEFORE INSERT ON `monthly_fee_record`
BEGIN
  SELECT RAISE(ABORT, 'monthly_plan_not_found')
  WHERE NOT EXISTS (SELECT 1 FROM `monthly_fee_plan` WHERE id = new.plan_id AND application_key = new.application_key);
  SELECT RAISE(ABORT, 'monthly_fee_plan_mismatch')
  WHERE NOT EXISTS (SELECT 1 FROM `monthly_fee_plan` WHERE id = new.plan_id
    AND days = new.days AND price_cents = new.amount_cents);
  SELECT RAISE(ABORT, 'monthly_fee_member_not_found')
  WHERE NOT EXISTS (SELECT 1 FROM `member` WHERE id = new.member_id AND application_key = new.application_key);
END;
