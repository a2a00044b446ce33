ALTER TABLE `log` ADD `record_name_zh_hk` text;--> statement-breakpoint
ALTER TABLE `log` ADD `record_name_en` text;