-- The cash a customer handed over at the counter, beside the amount kept after their change (the receipt
-- prints both). A column of its own: no existing row has one, and nothing references order_payment.
ALTER TABLE `order_payment` ADD `tendered_cents` integer CONSTRAINT "order_payment_tendered_covers_amount" CHECK("tendered_cents" IS NULL OR "tendered_cents" > "amount_cents");
