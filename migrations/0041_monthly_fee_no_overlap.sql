DROP INDEX `monthly_fee_record_period_idx`;--> statement-breakpoint
CREATE INDEX `monthly_fee_record_member_idx` ON `monthly_fee_record` (`application_key`,`member_id`,`period_start`);--> statement-breakpoint
CREATE UNIQUE INDEX `monthly_fee_record_period_idx` ON `monthly_fee_record` (`application_key`,`member_id`,`period_start`) WHERE "monthly_fee_record"."status" <> 'cancelled';--> statement-breakpoint
-- A member's periods that are not cancelled never overlap (of two overlapping adds at once, one is saved).
-- A period spans at most 366 days, which bounds the search on the (store, member, start) index.
CREATE TRIGGER `monthly_fee_record_no_overlap` BEFORE INSERT ON `monthly_fee_record`
WHEN new.status <> 'cancelled' AND EXISTS (
  SELECT 1 FROM `monthly_fee_record` AS other
  WHERE other.application_key = new.application_key AND other.member_id = new.member_id
    AND other.period_start > date(new.period_start, '-366 days') AND other.period_start <= new.period_end
    AND other.period_end >= new.period_start AND other.status <> 'cancelled'
)
BEGIN
  SELECT RAISE(ABORT, 'monthly_fee_period_taken');
END;
