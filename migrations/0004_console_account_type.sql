-- Provider staff accounts are the "console" account type (they were "staff", now only the merchant's own staff).
UPDATE `session` SET `account_type` = 'console' WHERE `account_type` = 'staff';--> statement-breakpoint
UPDATE `password_reset_token` SET `account_type` = 'console' WHERE `account_type` = 'staff';--> statement-breakpoint
UPDATE `log` SET `actor_type` = 'console' WHERE `actor_type` = 'staff';
