CREATE TABLE `store_name_directory` (
	`store_name` text PRIMARY KEY NOT NULL COLLATE NOCASE,
	`application_key` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sub_domain_directory` (
	`sub_domain` text PRIMARY KEY NOT NULL COLLATE NOCASE,
	`application_key` text NOT NULL
);
--> statement-breakpoint
-- The names and sub-domains of the stores that live in this database, when it is the control database (a shard's
-- directory is empty, so its copies of these tables stay empty too).
INSERT INTO `store_name_directory` (`store_name`, `application_key`)
  SELECT `store_name`, `application_key` FROM `store_account`
  WHERE `application_key` IN (SELECT `application_key` FROM `store_directory` WHERE `shard` = 'DB');--> statement-breakpoint
INSERT INTO `sub_domain_directory` (`sub_domain`, `application_key`)
  SELECT `sub_domain`, `application_key` FROM `store_account`
  WHERE `sub_domain` IS NOT NULL
    AND `application_key` IN (SELECT `application_key` FROM `store_directory` WHERE `shard` = 'DB');
