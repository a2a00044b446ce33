CREATE TABLE `custom_page` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`title_zh_hk` text NOT NULL,
	`title_en` text DEFAULT '' NOT NULL,
	`link` text NOT NULL,
	`seo_title` text,
	`seo_keywords` text,
	`seo_description` text,
	`share_image_url` text,
	`publish` integer DEFAULT false NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_page_store_link_unique` ON `custom_page` (`application_key`,`link`);--> statement-breakpoint
CREATE INDEX `custom_page_store_created_idx` ON `custom_page` (`application_key`,`created_at`,`id`);