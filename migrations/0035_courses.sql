CREATE TABLE `course_booking` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`session_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`credit_id` integer,
	`credits_spent` integer NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`attendance` text DEFAULT 'pending' NOT NULL,
	`credits_returned` integer DEFAULT 0 NOT NULL,
	`cancelled_at` text,
	`actor_email` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `course_session`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_id`) REFERENCES `member_credit`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "course_booking_status" CHECK("course_booking"."status" IN ('booked', 'cancelled')),
	CONSTRAINT "course_booking_attendance" CHECK("course_booking"."attendance" IN ('pending', 'show', 'noshow')),
	CONSTRAINT "course_booking_credits" CHECK("course_booking"."credits_spent" >= 0 AND "course_booking"."credits_returned" BETWEEN 0 AND "course_booking"."credits_spent"),
	CONSTRAINT "course_booking_paid" CHECK("course_booking"."credit_id" IS NOT NULL OR "course_booking"."credits_spent" = 0),
	CONSTRAINT "course_booking_cancelled_before_attending" CHECK("course_booking"."status" = 'booked' OR "course_booking"."attendance" = 'pending')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_booking_one_per_member` ON `course_booking` (`session_id`,`member_id`) WHERE "course_booking"."status" = 'booked';--> statement-breakpoint
CREATE INDEX `course_booking_session_idx` ON `course_booking` (`session_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `course_booking_member_idx` ON `course_booking` (`application_key`,`member_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `course_booking_credit_idx` ON `course_booking` (`credit_id`) WHERE "course_booking"."credit_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `course_coach` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`photo_url` text,
	`bio` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `course_coach_store_created_idx` ON `course_coach` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `course_coach_store_name_idx` ON `course_coach` (`application_key`,"name_en" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `course_coach_store_active_idx` ON `course_coach` (`application_key`,`active`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `course_session` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`course_type_id` integer NOT NULL,
	`coach_id` integer NOT NULL,
	`series_key` text,
	`location` text DEFAULT '' NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`credits_needed` integer NOT NULL,
	`max_places` integer NOT NULL,
	`booked_places` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_type_id`) REFERENCES `course_type`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coach_id`) REFERENCES `course_coach`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "course_session_ends_after_start" CHECK("course_session"."ends_at" >= "course_session"."starts_at"),
	CONSTRAINT "course_session_credits_needed" CHECK("course_session"."credits_needed" >= 0),
	CONSTRAINT "course_session_max_places" CHECK("course_session"."max_places" >= 1),
	CONSTRAINT "course_session_within_places" CHECK("course_session"."booked_places" BETWEEN 0 AND "course_session"."max_places"),
	CONSTRAINT "course_session_status" CHECK("course_session"."status" IN ('scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `course_session_store_start_idx` ON `course_session` (`application_key`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `course_session_store_coach_idx` ON `course_session` (`application_key`,`coach_id`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `course_session_store_type_idx` ON `course_session` (`application_key`,`course_type_id`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `course_session_series_idx` ON `course_session` (`application_key`,`series_key`,`starts_at`) WHERE "course_session"."series_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `course_type` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`colour` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "course_type_colour" CHECK("course_type"."colour" GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')
);
--> statement-breakpoint
CREATE INDEX `course_type_store_created_idx` ON `course_type` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `course_type_store_name_idx` ON `course_type` (`application_key`,"name_en" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE TABLE `credit_movement` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_id` integer NOT NULL,
	`credit_id` integer NOT NULL,
	`booking_id` integer,
	`reason` text NOT NULL,
	`change` integer NOT NULL,
	`remaining_after` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_id`) REFERENCES `member_credit`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `course_booking`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_movement_reason" CHECK("credit_movement"."reason" IN ('purchase', 'booking', 'booking_cancelled', 'session_cancelled', 'refund')),
	CONSTRAINT "credit_movement_change" CHECK("credit_movement"."change" <> 0)
);
--> statement-breakpoint
CREATE INDEX `credit_movement_member_idx` ON `credit_movement` (`application_key`,`member_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_movement_credit_idx` ON `credit_movement` (`credit_id`);--> statement-breakpoint
CREATE INDEX `credit_movement_booking_idx` ON `credit_movement` (`booking_id`) WHERE "credit_movement"."booking_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `credit_order` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`channel` text NOT NULL,
	`member_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`package_name_zh_hk` text NOT NULL,
	`package_name_en` text NOT NULL,
	`credits` integer NOT NULL,
	`validity_days` integer NOT NULL,
	`validity_starts` text NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text NOT NULL,
	`payment_method` text NOT NULL,
	`payment_status` text NOT NULL,
	`proof_image_urls` text DEFAULT '[]' NOT NULL,
	`note` text,
	`actor_email` text,
	`paid_at` text,
	`cancelled_at` text,
	`refunded_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `credit_package`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_order_status" CHECK("credit_order"."status" IN ('awaiting_payment', 'unverified_payment', 'paid', 'cancelled', 'refunded')),
	CONSTRAINT "credit_order_payment_status" CHECK("credit_order"."payment_status" IN ('no_payment_record', 'succeeded', 'failed', 'refunded')),
	CONSTRAINT "credit_order_channel" CHECK("credit_order"."channel" IN ('counter', 'online')),
	CONSTRAINT "credit_order_amounts" CHECK("credit_order"."price_cents" >= 0 AND "credit_order"."credits" >= 1 AND "credit_order"."validity_days" >= 1),
	CONSTRAINT "credit_order_paid_at" CHECK("credit_order"."status" NOT IN ('paid', 'refunded') OR "credit_order"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_order_idempotency_unique` ON `credit_order` (`application_key`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_order_store_created_idx` ON `credit_order` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_order_store_status_idx` ON `credit_order` (`application_key`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_order_store_member_idx` ON `credit_order` (`application_key`,`member_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_order_store_price_idx` ON `credit_order` (`application_key`,`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `credit_order_package_idx` ON `credit_order` (`package_id`);--> statement-breakpoint
CREATE TABLE `credit_package_course_type` (
	`application_key` text NOT NULL,
	`package_id` integer NOT NULL,
	`course_type_id` integer NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `credit_package`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_type_id`) REFERENCES `course_type`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_package_course_type_unique` ON `credit_package_course_type` (`package_id`,`course_type_id`);--> statement-breakpoint
CREATE INDEX `credit_package_course_type_type_idx` ON `credit_package_course_type` (`course_type_id`);--> statement-breakpoint
CREATE TABLE `credit_package` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`credits` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`validity_days` integer NOT NULL,
	`validity_starts` text NOT NULL,
	`on_sale` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_package_credits" CHECK("credit_package"."credits" >= 1),
	CONSTRAINT "credit_package_price" CHECK("credit_package"."price_cents" >= 0),
	CONSTRAINT "credit_package_validity_days" CHECK("credit_package"."validity_days" >= 1),
	CONSTRAINT "credit_package_validity_starts" CHECK("credit_package"."validity_starts" IN ('purchase', 'first_use'))
);
--> statement-breakpoint
CREATE INDEX `credit_package_store_created_idx` ON `credit_package` (`application_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_package_store_price_idx` ON `credit_package` (`application_key`,`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `credit_package_store_on_sale_idx` ON `credit_package` (`application_key`,`on_sale`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `member_credit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`member_id` integer NOT NULL,
	`credit_order_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`credits_granted` integer NOT NULL,
	`credits_remaining` integer NOT NULL,
	`validity_days` integer NOT NULL,
	`validity_starts` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`granted_at` text NOT NULL,
	`expires_at` text,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_order_id`) REFERENCES `credit_order`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `credit_package`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "member_credit_not_negative" CHECK("member_credit"."credits_remaining" BETWEEN 0 AND "member_credit"."credits_granted"),
	CONSTRAINT "member_credit_status" CHECK("member_credit"."status" IN ('active', 'refunded')),
	CONSTRAINT "member_credit_refunded_empty" CHECK("member_credit"."status" = 'active' OR "member_credit"."credits_remaining" = 0),
	CONSTRAINT "member_credit_expiry" CHECK("member_credit"."validity_starts" = 'first_use' OR "member_credit"."expires_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_credit_order_unique` ON `member_credit` (`credit_order_id`);--> statement-breakpoint
CREATE INDEX `member_credit_member_idx` ON `member_credit` (`application_key`,`member_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `member_credit_package_idx` ON `member_credit` (`package_id`);--> statement-breakpoint
-- Added in place, not by drizzle's copy of the table: dropping store_setting would break store_setting_with_store.
ALTER TABLE `store_setting` ADD COLUMN `course_cancel_hours` integer DEFAULT 12 NOT NULL
  CONSTRAINT "store_setting_course_cancel_hours" CHECK("course_cancel_hours" BETWEEN 0 AND 168);--> statement-breakpoint
ALTER TABLE `store_setting` ADD COLUMN `course_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A booking is paid by an active credit of the same member and store that has not expired when the
-- session starts and whose package pays for the session's course type; a session takes bookings while scheduled.
CREATE TRIGGER `course_booking_credit_can_pay` BEFORE INSERT ON `course_booking`
WHEN new.credit_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM `member_credit` AS credit
  JOIN `course_session` AS session ON session.id = new.session_id
  JOIN `credit_package_course_type` AS paid_for
    ON paid_for.package_id = credit.package_id AND paid_for.course_type_id = session.course_type_id
  WHERE credit.id = new.credit_id AND credit.member_id = new.member_id
    AND credit.application_key = new.application_key AND credit.status = 'active'
    AND (credit.expires_at IS NULL OR credit.expires_at > session.starts_at)
)
BEGIN
  SELECT RAISE(ABORT, 'course_booking_credit_cannot_pay');
END;--> statement-breakpoint
CREATE TRIGGER `course_booking_session_open` BEFORE INSERT ON `course_booking`
WHEN NOT EXISTS (
  SELECT 1 FROM `course_session`
  WHERE id = new.session_id AND application_key = new.application_key AND status = 'scheduled'
)
BEGIN
  SELECT RAISE(ABORT, 'course_booking_session_not_open');
END;--> statement-breakpoint
-- Booking takes a place and the credits (a first-use credit starts its validity now), with its ledger row.
CREATE TRIGGER `course_booking_taken` AFTER INSERT ON `course_booking`
WHEN new.status = 'booked'
BEGIN
  UPDATE `course_session` SET booked_places = booked_places + 1 WHERE id = new.session_id;
  UPDATE `member_credit`
    SET credits_remaining = credits_remaining - new.credits_spent,
        expires_at = coalesce(expires_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || validity_days || ' days'))
    WHERE id = new.credit_id AND new.credits_spent > 0;
  INSERT INTO `credit_movement` (application_key, member_id, credit_id, booking_id, reason, change, remaining_after)
    SELECT new.application_key, new.member_id, new.credit_id, new.id, 'booking', -new.credits_spent, credits_remaining
    FROM `member_credit` WHERE id = new.credit_id AND new.credits_spent > 0;
END;--> statement-breakpoint
-- Cancelling frees the place and gives back `credits_returned`, once: only the change from booked does it.
CREATE TRIGGER `course_booking_cancelled` AFTER UPDATE OF status ON `course_booking`
WHEN old.status = 'booked' AND new.status = 'cancelled'
BEGIN
  UPDATE `course_session` SET booked_places = booked_places - 1 WHERE id = old.session_id;
  UPDATE `member_credit` SET credits_remaining = credits_remaining + new.credits_returned
    WHERE id = new.credit_id AND status = 'active' AND new.credits_returned > 0;
  INSERT INTO `credit_movement` (application_key, member_id, credit_id, booking_id, reason, change, remaining_after)
    SELECT new.application_key, new.member_id, new.credit_id, new.id,
      CASE (SELECT status FROM `course_session` WHERE id = new.session_id)
        WHEN 'cancelled' THEN 'session_cancelled' ELSE 'booking_cancelled' END,
      new.credits_returned, credits_remaining
    FROM `member_credit` WHERE id = new.credit_id AND status = 'active' AND new.credits_returned > 0;
END;--> statement-breakpoint
-- A swap moves the place from one session to the other (the CHECK refuses a full one).
CREATE TRIGGER `course_booking_swapped` AFTER UPDATE OF session_id ON `course_booking`
WHEN old.status = 'booked' AND new.status = 'booked' AND old.session_id <> new.session_id
BEGIN
  UPDATE `course_session` SET booked_places = booked_places - 1 WHERE id = old.session_id;
  UPDATE `course_session` SET booked_places = booked_places + 1 WHERE id = new.session_id;
END;--> statement-breakpoint
-- A paid credit order grants its credits once (the unique index on credit_order_id), with its ledger row.
CREATE TRIGGER `credit_order_paid_on_insert` AFTER INSERT ON `credit_order`
WHEN new.status = 'paid'
BEGIN
  INSERT INTO `member_credit` (application_key, member_id, credit_order_id, package_id, credits_granted,
      credits_remaining, validity_days, validity_starts, granted_at, expires_at)
    VALUES (new.application_key, new.member_id, new.id, new.package_id, new.credits, new.credits,
      new.validity_days, new.validity_starts, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
      CASE new.validity_starts WHEN 'purchase'
        THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || new.validity_days || ' days') END);
  INSERT INTO `credit_movement` (application_key, member_id, credit_id, reason, change, remaining_after)
    SELECT new.application_key, new.member_id, id, 'purchase', new.credits, new.credits
    FROM `member_credit` WHERE credit_order_id = new.id;
END;--> statement-breakpoint
CREATE TRIGGER `credit_order_paid_on_update` AFTER UPDATE OF status ON `credit_order`
WHEN new.status = 'paid' AND old.status <> 'paid'
BEGIN
  INSERT INTO `member_credit` (application_key, member_id, credit_order_id, package_id, credits_granted,
      credits_remaining, validity_days, validity_starts, granted_at, expires_at)
    VALUES (new.application_key, new.member_id, new.id, new.package_id, new.credits, new.credits,
      new.validity_days, new.validity_starts, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
      CASE new.validity_starts WHEN 'purchase'
        THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || new.validity_days || ' days') END);
  INSERT INTO `credit_movement` (application_key, member_id, credit_id, reason, change, remaining_after)
    SELECT new.application_key, new.member_id, id, 'purchase', new.credits, new.credits
    FROM `member_credit` WHERE credit_order_id = new.id;
END;--> statement-breakpoint
-- A refund, or the cancellation of a paid order, takes back what is left of the credits, once (only the
-- change from paid does it).
CREATE TRIGGER `credit_order_refunded` AFTER UPDATE OF status ON `credit_order`
WHEN old.status = 'paid' AND new.status IN ('refunded', 'cancelled')
BEGIN
  INSERT INTO `credit_movement` (application_key, member_id, credit_id, reason, change, remaining_after)
    SELECT application_key, member_id, id, 'refund', -credits_remaining, 0
    FROM `member_credit` WHERE credit_order_id = new.id AND status = 'active' AND credits_remaining > 0;
  UPDATE `member_credit` SET status = 'refunded', credits_remaining = 0
    WHERE credit_order_id = new.id AND status = 'active';
END;
