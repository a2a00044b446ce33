CREATE INDEX `course_booking_store_session_idx` ON `course_booking` (`application_key`,`session_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `order_line_store_order_idx` ON `order_line` (`application_key`,`order_id`);--> statement-breakpoint
CREATE INDEX `product_add_on_by_product_idx` ON `product_add_on` (`application_key`,`product_id`,`add_on_product_id`);--> statement-breakpoint
CREATE INDEX `product_category_by_product_idx` ON `product_category` (`application_key`,`product_id`,`category_id`);--> statement-breakpoint
CREATE INDEX `product_variant_store_product_idx` ON `product_variant` (`application_key`,`product_id`,`position`,`id`);