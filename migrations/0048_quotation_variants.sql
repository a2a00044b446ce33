ALTER TABLE `quotation_line` ADD `variant_id` integer REFERENCES product_variant(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `quotation_line` ADD `variant_name_zh_hk` text;--> statement-breakpoint
ALTER TABLE `quotation_line` ADD `variant_name_en` text;--> statement-breakpoint
CREATE INDEX `quotation_line_variant_idx` ON `quotation_line` (`variant_id`) WHERE "quotation_line"."variant_id" IS NOT NULL;--> statement-breakpoint
-- A quotation's product line names the variant: its product's only one, with that variant's option values
-- (the English falling back to the Chinese, as the labels read). A line of a product with several variants
-- by now keeps its product only: its form asks for the variant, and its conversion is refused until then.
UPDATE `quotation_line` SET `variant_id` = (SELECT v.`id` FROM `product_variant` v WHERE v.`product_id` = `quotation_line`.`product_id`)
WHERE `product_id` IS NOT NULL
  AND (SELECT count(*) FROM `product_variant` v WHERE v.`product_id` = `quotation_line`.`product_id`) = 1;--> statement-breakpoint
UPDATE `quotation_line` SET
  `variant_name_zh_hk` = (SELECT nullif(
      coalesce((SELECT `value_zh_hk` FROM `product_option_value` WHERE `id` = v.`option_value_1_id`), '')
      || coalesce(' / ' || (SELECT `value_zh_hk` FROM `product_option_value` WHERE `id` = v.`option_value_2_id`), '')
      || coalesce(' / ' || (SELECT `value_zh_hk` FROM `product_option_value` WHERE `id` = v.`option_value_3_id`), ''), '')
    FROM `product_variant` v WHERE v.`id` = `quotation_line`.`variant_id`),
  `variant_name_en` = (SELECT nullif(
      coalesce((SELECT coalesce(nullif(trim(`value_en`), ''), `value_zh_hk`) FROM `product_option_value` WHERE `id` = v.`option_value_1_id`), '')
      || coalesce(' / ' || (SELECT coalesce(nullif(trim(`value_en`), ''), `value_zh_hk`) FROM `product_option_value` WHERE `id` = v.`option_value_2_id`), '')
      || coalesce(' / ' || (SELECT coalesce(nullif(trim(`value_en`), ''), `value_zh_hk`) FROM `product_option_value` WHERE `id` = v.`option_value_3_id`), ''), '')
    FROM `product_variant` v WHERE v.`id` = `quotation_line`.`variant_id`)
WHERE `variant_id` IS NOT NULL;
