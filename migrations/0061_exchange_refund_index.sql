-- An exchange's sale finds the return its goods came back by (issue 38): its receipt lists them, and a replay of
-- the sale answers the exchange as the first time.
CREATE INDEX `order_refund_exchange_idx` ON `order_refund` (`application_key`,`exchange_order_id`);