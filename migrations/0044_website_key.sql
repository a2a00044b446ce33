CREATE TABLE `website_key` (
	`application_key` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
