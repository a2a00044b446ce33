CREATE TABLE `account_directory` (
	`email` text PRIMARY KEY NOT NULL COLLATE NOCASE,
	`application_key` text NOT NULL
);
--> statement-breakpoint
-- Every store account and store staff account so far (in this database: the control database holds every store
-- until stores go to shards; a shard's copy of the table stays empty).
INSERT INTO `account_directory` (`email`, `application_key`)
  SELECT `email`, `application_key` FROM `store_account`
  UNION ALL SELECT `email`, `application_key` FROM `store_staff`;--> statement-breakpoint
-- Provider staff sign in with e-mails of their own: the directory and internal_account refuse each other's, with
-- the message a repeated key gives, so the actions answer `email-used` beside the field as for any other conflict.
CREATE TRIGGER `account_directory_not_provider_staff` BEFORE INSERT ON `account_directory`
  WHEN EXISTS (SELECT 1 FROM `internal_account` WHERE `email` = new.email COLLATE NOCASE)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: account_directory.email');
END;--> statement-breakpoint
CREATE TRIGGER `internal_account_email_not_in_directory_insert` BEFORE INSERT ON `internal_account`
  WHEN EXISTS (SELECT 1 FROM `account_directory` WHERE `email` = new.email)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: account_directory.email');
END;--> statement-breakpoint
CREATE TRIGGER `internal_account_email_not_in_directory_update` BEFORE UPDATE OF `email` ON `internal_account`
  WHEN EXISTS (SELECT 1 FROM `account_directory` WHERE `email` = new.email)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: account_directory.email');
END;
