-- What part of a refund stays with the store as value, and what part refunds gift cards sold (issue 38's sales
-- report). Earlier refunds are filled in from what they recorded: store credit and new gift cards in full, an
-- exchange's part from its sale's exchange payment, a refund to the original payments from the ledger entries
-- naming its order (where it is the order's only refund), and gift cards returned from its lines.
ALTER TABLE `order_refund` ADD `stored_value_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_refund` ADD `gift_cards_returned_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `order_refund` SET `stored_value_cents` = `amount_cents` WHERE `refund_to` IN ('store_credit', 'gift_card');--> statement-breakpoint
UPDATE `order_refund` SET `stored_value_cents` = min(`amount_cents`, coalesce((
  SELECT sum(p.`amount_cents`) FROM `order_payment` p
  WHERE p.`order_id` = `order_refund`.`exchange_order_id` AND p.`method` = 'exchange'), 0))
WHERE `exchange_order_id` IS NOT NULL AND `refund_to` NOT IN ('store_credit', 'gift_card');--> statement-breakpoint
UPDATE `order_refund` SET `stored_value_cents` = min(`amount_cents`, `stored_value_cents` + coalesce((
  SELECT sum(e.`amount_cents`) FROM `gift_card_entry` e WHERE e.`order_id` = `order_refund`.`order_id` AND e.`kind` = 'refund'), 0)
  + coalesce((
  SELECT sum(e.`amount_cents`) FROM `store_credit_entry` e WHERE e.`order_id` = `order_refund`.`order_id` AND e.`kind` = 'refund'), 0))
WHERE `refund_to` = 'original'
  AND (SELECT count(*) FROM `order_refund` r WHERE r.`order_id` = `order_refund`.`order_id`) = 1;--> statement-breakpoint
UPDATE `order_refund` SET `gift_cards_returned_cents` = min(`amount_cents`, (
  SELECT coalesce(sum(l.`unit_price_cents` * json_extract(j.`value`, '$.quantity')), 0)
  FROM json_each(`order_refund`.`lines`) j JOIN `order_line` l ON l.`id` = json_extract(j.`value`, '$.line_id')
  WHERE l.`gift_card` = 1));
