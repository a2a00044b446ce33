CREATE TABLE `custom_page_redirect` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`link` text NOT NULL,
	`custom_page_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`custom_page_id`) REFERENCES `custom_page`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_page_redirect_store_link_unique` ON `custom_page_redirect` (`application_key`,`link`);--> statement-breakpoint
CREATE INDEX `custom_page_redirect_page_idx` ON `custom_page_redirect` (`custom_page_id`);--> statement-breakpoint
CREATE INDEX `custom_page_store_updated_idx` ON `custom_page` (`application_key`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `custom_page_store_title_idx` ON `custom_page` (`application_key`,"title_zh_hk" COLLATE NOCASE,`id`);