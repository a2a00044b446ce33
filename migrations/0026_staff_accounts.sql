CREATE TABLE `account_email` (
	`email` text PRIMARY KEY NOT NULL COLLATE NOCASE,
	`account_type` text NOT NULL,
	`account_id` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `password_reset_token` ADD `application_key` text;--> statement-breakpoint
ALTER TABLE `store_staff` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `store_staff_name_idx` ON `store_staff` (`application_key`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `store_staff_email_idx` ON `store_staff` (`application_key`,`email`);--> statement-breakpoint
-- One row per e-mail of every account, kept by triggers: an e-mail already signing in to another
-- account (of any kind) fails the insert or update that would repeat it, in the same statement.
INSERT INTO `account_email` (`email`, `account_type`, `account_id`)
  SELECT `email`, 'console', `id` FROM `internal_account`
  UNION ALL SELECT `email`, 'store', `id` FROM `store_account`
  UNION ALL SELECT `email`, 'store_staff', `id` FROM `store_staff`;--> statement-breakpoint
CREATE TRIGGER `internal_account_email_after_insert` AFTER INSERT ON `internal_account` BEGIN
  INSERT INTO `account_email` (`email`, `account_type`, `account_id`) VALUES (new.email, 'console', new.id);
END;--> statement-breakpoint
CREATE TRIGGER `internal_account_email_after_update` AFTER UPDATE OF `email` ON `internal_account` BEGIN
  UPDATE `account_email` SET `email` = new.email WHERE `account_type` = 'console' AND `account_id` = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `internal_account_email_after_delete` AFTER DELETE ON `internal_account` BEGIN
  DELETE FROM `account_email` WHERE `account_type` = 'console' AND `account_id` = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `store_account_email_after_insert` AFTER INSERT ON `store_account` BEGIN
  INSERT INTO `account_email` (`email`, `account_type`, `account_id`) VALUES (new.email, 'store', new.id);
END;--> statement-breakpoint
CREATE TRIGGER `store_account_email_after_update` AFTER UPDATE OF `email` ON `store_account` BEGIN
  UPDATE `account_email` SET `email` = new.email WHERE `account_type` = 'store' AND `account_id` = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `store_account_email_after_delete` AFTER DELETE ON `store_account` BEGIN
  DELETE FROM `account_email` WHERE `account_type` = 'store' AND `account_id` = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `store_staff_email_after_insert` AFTER INSERT ON `store_staff` BEGIN
  INSERT INTO `account_email` (`email`, `account_type`, `account_id`) VALUES (new.email, 'store_staff', new.id);
END;--> statement-breakpoint
CREATE TRIGGER `store_staff_email_after_update` AFTER UPDATE OF `email` ON `store_staff` BEGIN
  UPDATE `account_email` SET `email` = new.email WHERE `account_type` = 'store_staff' AND `account_id` = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `store_staff_email_after_delete` AFTER DELETE ON `store_staff` BEGIN
  DELETE FROM `account_email` WHERE `account_type` = 'store_staff' AND `account_id` = old.id;
END;
