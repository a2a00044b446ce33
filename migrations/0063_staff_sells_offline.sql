-- Who may sell at the POS while offline (issue 39): a store staff permission. Admin-role accounts may from the start,
-- sales-role accounts once the merchant allows them.
ALTER TABLE `store_staff` ADD `sells_offline` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `store_staff` SET `sells_offline` = 1 WHERE `role` = 'admin';
