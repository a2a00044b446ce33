CREATE INDEX `plan_disabled_name_en_idx` ON `plan` (`disabled`,`name_en`);--> statement-breakpoint
CREATE INDEX `plan_name_en_idx` ON `plan` (`name_en`);--> statement-breakpoint
CREATE INDEX `plan_created_at_idx` ON `plan` (`created_at`);