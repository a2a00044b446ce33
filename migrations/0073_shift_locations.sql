ALTER TABLE `pos_shift` ADD `location_id` integer REFERENCES location(id) ON DELETE set null;--> statement-breakpoint
-- Until now a store had one drawer, at its counter: its shifts were at its first location.
UPDATE `pos_shift` SET `location_id` = (SELECT `l`.`id` FROM `location` AS `l`
  WHERE `l`.`application_key` = `pos_shift`.`application_key` ORDER BY `l`.`position` LIMIT 1);--> statement-breakpoint
DROP INDEX `pos_shift_one_open_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `pos_shift_open_at_location_unique` ON `pos_shift` (`application_key`,`location_id`) WHERE "pos_shift"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `pos_shift_location_idx` ON `pos_shift` (`application_key`,`location_id`,`opened_at`,`id`);--> statement-breakpoint
-- Every new shift is at a location (a column added with a reference cannot be NOT NULL).
CREATE TRIGGER `pos_shift_at_location` BEFORE INSERT ON `pos_shift` WHEN new.location_id IS NULL
BEGIN
  SELECT RAISE(ABORT, 'pos-shift-needs-location');
END;--> statement-breakpoint
-- A location whose drawer is open cannot be deleted; its closed shifts stay, without it.
CREATE TRIGGER `location_has_open_shift` BEFORE DELETE ON `location`
  WHEN EXISTS (SELECT 1 FROM `pos_shift` WHERE `application_key` = old.application_key AND `location_id` = old.id AND `closed_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'location-has-open-shift');
END;
