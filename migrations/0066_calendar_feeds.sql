ALTER TABLE `appointment_provider` ADD `calendar_feed_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `course_coach` ADD `calendar_feed_version` integer DEFAULT 1 NOT NULL;