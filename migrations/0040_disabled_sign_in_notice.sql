CREATE TABLE `disabled_sign_in_notice` (
	`account_type` text NOT NULL,
	`account_id` integer NOT NULL,
	`notified_on` text NOT NULL,
	PRIMARY KEY(`account_type`, `account_id`)
);
