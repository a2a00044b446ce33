CREATE TABLE `course_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`session_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`credit_id` integer,
	`status` text DEFAULT 'waiting' NOT NULL,
	`booking_id` integer,
	`actor_email` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `course_session`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `member`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_id`) REFERENCES `member_credit`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `course_booking`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "course_waitlist_status" CHECK("course_waitlist"."status" IN ('waiting', 'booked', 'left', 'expired')),
	CONSTRAINT "course_waitlist_booked" CHECK(("course_waitlist"."status" = 'booked') = ("course_waitlist"."booking_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_waitlist_one_per_member` ON `course_waitlist` (`session_id`,`member_id`) WHERE "course_waitlist"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX `course_waitlist_store_session_idx` ON `course_waitlist` (`application_key`,`session_id`,`status`,`id`);--> statement-breakpoint
-- Issue 40: waitlists for full classes. A member joins only a full, scheduled session of the same store that
-- they are not booked on, with a credit that could pay for it now (the rules of a booking, migration 0035) and
-- enough credits left on it; nothing is taken until they are booked. One trigger, so the first rule broken is
-- the one named.
CREATE TRIGGER `course_waitlist_can_join` BEFORE INSERT ON `course_waitlist`
WHEN new.status = 'waiting'
BEGIN
  SELECT CASE
    WHEN NOT EXISTS (
      SELECT 1 FROM `course_session`
      WHERE id = new.session_id AND application_key = new.application_key AND status = 'scheduled'
    ) THEN RAISE(ABORT, 'course_waitlist_session_not_open')
    WHEN EXISTS (
      SELECT 1 FROM `course_booking` WHERE session_id = new.session_id AND member_id = new.member_id AND status = 'booked'
    ) THEN RAISE(ABORT, 'course_waitlist_already_booked')
    WHEN EXISTS (SELECT 1 FROM `course_session` WHERE id = new.session_id AND booked_places < max_places)
      THEN RAISE(ABORT, 'course_waitlist_not_full')
    WHEN (new.credit_id IS NULL) <> ((SELECT credits_needed FROM `course_session` WHERE id = new.session_id) = 0)
      OR (new.credit_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM `member_credit` AS credit
        JOIN `course_session` AS session ON session.id = new.session_id
        JOIN `credit_package_course_type` AS paid_for
          ON paid_for.package_id = credit.package_id AND paid_for.course_type_id = session.course_type_id
        WHERE credit.id = new.credit_id AND credit.member_id = new.member_id
          AND credit.application_key = new.application_key AND credit.status = 'active'
          AND (credit.expires_at IS NULL OR credit.expires_at > session.starts_at)
      )) THEN RAISE(ABORT, 'course_waitlist_credit_cannot_pay')
    WHEN new.credit_id IS NOT NULL
      AND (SELECT credits_remaining FROM `member_credit` WHERE id = new.credit_id)
        < (SELECT credits_needed FROM `course_session` WHERE id = new.session_id)
      THEN RAISE(ABORT, 'course_waitlist_not_enough_credits')
  END;
END;--> statement-breakpoint
-- A cancelled session's waiting members wait no longer.
CREATE TRIGGER `course_waitlist_session_cancelled` AFTER UPDATE OF status ON `course_session`
WHEN old.status = 'scheduled' AND new.status = 'cancelled'
BEGIN
  UPDATE `course_waitlist` SET status = 'expired', version = version + 1,
      updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE session_id = new.id AND status = 'waiting';
END;
