-- A request's line may name the variant the customer asks about. Lines asked before keep none: quoting one
-- takes its product's only variant, or leaves the choice of one to the quotation's form.
ALTER TABLE `quotation_request_line` ADD `variant_id` integer REFERENCES product_variant(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `quotation_request_line` ADD `variant_name_zh_hk` text;--> statement-breakpoint
ALTER TABLE `quotation_request_line` ADD `variant_name_en` text;--> statement-breakpoint
CREATE INDEX `quotation_request_line_variant_idx` ON `quotation_request_line` (`variant_id`) WHERE "quotation_request_line"."variant_id" IS NOT NULL;
