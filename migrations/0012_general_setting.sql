ALTER TABLE `website_data` ADD `favicon_url` text;--> statement-breakpoint
ALTER TABLE `website_data` ADD `share_image_url` text;--> statement-breakpoint
ALTER TABLE `website_data` ADD `contact_email` text;--> statement-breakpoint
ALTER TABLE `website_data` ADD `contact_phone` text;--> statement-breakpoint
ALTER TABLE `website_data` ADD `address` text;--> statement-breakpoint
ALTER TABLE `website_data` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `website_data` ADD `seo_description` text;--> statement-breakpoint
CREATE UNIQUE INDEX `website_data_custom_domain_unique` ON `website_data` ("custom_domain" COLLATE NOCASE);