-- Store staff limited to some locations (issue 41): `limited_to_locations` on, the locations in
-- `store_staff_location`; off (every account so far), every location, later ones too.
ALTER TABLE `store_staff` ADD `limited_to_locations` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE `store_staff_location` (
	`application_key` text NOT NULL,
	`staff_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	PRIMARY KEY(`staff_id`, `location_id`),
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_id`) REFERENCES `store_staff`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `location`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_staff_location_location_idx` ON `store_staff_location` (`location_id`);--> statement-breakpoint
-- A write at a location inserts (account, location) here first, in its own batch: the trigger refuses the whole
-- batch when the account is a store staff account limited to other locations, read as the batch runs, so a limit
-- set while the request was on its way still holds. Nothing is stored (backend/location-access.ts).
CREATE VIEW `location_use` AS
  SELECT '' AS `application_key`, '' AS `account_type`, 0 AS `account_id`, 0 AS `location_id` WHERE 0;--> statement-breakpoint
CREATE TRIGGER `location_use_allowed` INSTEAD OF INSERT ON `location_use`
  WHEN new.account_type = 'store_staff'
    AND (SELECT `limited_to_locations` FROM `store_staff` WHERE `id` = new.account_id)
    AND NOT EXISTS (SELECT 1 FROM `store_staff_location` WHERE `staff_id` = new.account_id AND `location_id` = new.location_id)
BEGIN
  SELECT RAISE(ABORT, 'location-not-allowed');
END;
