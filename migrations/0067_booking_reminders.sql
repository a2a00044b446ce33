-- Booking reminders (backend/booking-reminders.ts): when each appointment, class booking and rental due back was
-- reminded, set once by the hourly job's compare-and-set; partial indexes hold only those still to remind.
ALTER TABLE `appointment_record` ADD `reminded_at` text;--> statement-breakpoint
CREATE INDEX `appointment_record_reminder_idx` ON `appointment_record` (`starts_at`) WHERE "appointment_record"."reminded_at" IS NULL AND "appointment_record"."status" = 'success';--> statement-breakpoint
ALTER TABLE `course_booking` ADD `reminded_at` text;--> statement-breakpoint
CREATE INDEX `course_booking_reminder_idx` ON `course_booking` (`session_id`) WHERE "course_booking"."reminded_at" IS NULL AND "course_booking"."status" = 'booked';--> statement-breakpoint
CREATE INDEX `course_session_scheduled_start_idx` ON `course_session` (`starts_at`) WHERE "course_session"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE `renting_record` ADD `reminded_at` text;--> statement-breakpoint
CREATE INDEX `renting_record_reminder_idx` ON `renting_record` (`ends_at`) WHERE "renting_record"."reminded_at" IS NULL AND "renting_record"."status" = 'rented';--> statement-breakpoint
ALTER TABLE `store_setting` ADD `booking_reminder_hours` integer DEFAULT 24 NOT NULL CONSTRAINT "store_setting_booking_reminder_hours" CHECK("booking_reminder_hours" BETWEEN 1 AND 168);
