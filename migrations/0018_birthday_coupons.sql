DROP INDEX `coupon_birthday_unique`;--> statement-breakpoint
CREATE INDEX `coupon_store_source_idx` ON `coupon` (`application_key`,`source`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_birthday_unique` ON `coupon` (`application_key`,`issued_for`,`birthday_member_id`) WHERE "coupon"."source" = 'birthday';