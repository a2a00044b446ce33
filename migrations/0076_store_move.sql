CREATE TABLE `id_range` (
	`id` integer PRIMARY KEY NOT NULL,
	`next` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `store_copy` (
	`application_key` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `store_move` (
	`application_key` text PRIMARY KEY NOT NULL,
	`from_shard` text NOT NULL,
	`to_shard` text NOT NULL,
	`phase` text NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`id_range` integer,
	`marked_at` text NOT NULL,
	`switched_at` text
);
--> statement-breakpoint
-- The first range a shard that received a moved store continues from: above any shard's own (SHARD_n has range n).
INSERT INTO `id_range` (`id`, `next`) VALUES (1, 1000);--> statement-breakpoint
-- The triggers that derive or refuse rows when they are inserted or deleted skip a store whose rows are being copied
-- in or deleted (store_copy; docs/moving-a-store.md). Those that keep search indexes and account e-mails stay as
-- they are: they rebuild the copy's derived rows and remove the old copy's.
DROP TRIGGER `appointment_patient_medical`;--> statement-breakpoint
CREATE TRIGGER `appointment_patient_medical` BEFORE INSERT ON `appointment_patient`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (NOT EXISTS (SELECT 1 FROM `appointment_record` WHERE id = new.record_id
  AND application_key = new.application_key AND variant = 'medical'))
BEGIN
  SELECT RAISE(ABORT, 'appointment_patient_not_medical');
END;--> statement-breakpoint
DROP TRIGGER `appointment_record_bookable`;--> statement-breakpoint
CREATE TRIGGER `appointment_record_bookable` BEFORE INSERT ON `appointment_record`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status = 'success' AND NOT EXISTS (
  SELECT 1 FROM `appointment_service` AS service
  JOIN `appointment_category` AS category ON category.id = service.category_id
  JOIN `appointment_provider` AS provider ON provider.id = service.provider_id
  WHERE service.id = new.service_id AND service.status = 'accept' AND category.status = 'accept'
    AND provider.active = 1
))
BEGIN
  SELECT RAISE(ABORT, 'appointment_category_unavailable');
END;--> statement-breakpoint
DROP TRIGGER `appointment_record_no_overlap`;--> statement-breakpoint
CREATE TRIGGER `appointment_record_no_overlap` BEFORE INSERT ON `appointment_record`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status = 'success' AND (
  EXISTS (
    SELECT 1 FROM `appointment_record` AS other
    WHERE other.provider_id = new.provider_id AND other.status = 'success'
      AND other.blocked_from > strftime('%Y-%m-%dT%H:%M:%fZ', new.blocked_from, '-1 day')
      AND other.blocked_from < new.blocked_until AND other.blocked_until > new.blocked_from
      AND NOT (other.service_id = new.service_id AND other.starts_at = new.starts_at)
  )
  OR (SELECT count(*) FROM `appointment_record` AS other
      WHERE other.service_id = new.service_id AND other.starts_at = new.starts_at AND other.status = 'success')
    >= (SELECT capacity FROM `appointment_service` WHERE id = new.service_id)
))
BEGIN
  SELECT RAISE(ABORT, 'appointment_time_overlap');
END;--> statement-breakpoint
DROP TRIGGER `appointment_record_one_variant`;--> statement-breakpoint
CREATE TRIGGER `appointment_record_one_variant` BEFORE INSERT ON `appointment_record`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (NOT EXISTS (SELECT 1 FROM `appointment_service` WHERE id = new.service_id
    AND application_key = new.application_key AND variant = new.variant)
  OR NOT EXISTS (SELECT 1 FROM `appointment_provider` WHERE id = new.provider_id
    AND application_key = new.application_key AND variant = new.variant))
BEGIN
  SELECT RAISE(ABORT, 'appointment_variant_mismatch');
END;--> statement-breakpoint
DROP TRIGGER `appointment_service_one_variant`;--> statement-breakpoint
CREATE TRIGGER `appointment_service_one_variant` BEFORE INSERT ON `appointment_service`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (NOT EXISTS (SELECT 1 FROM `appointment_category` WHERE id = new.category_id
    AND application_key = new.application_key AND variant = new.variant)
  OR NOT EXISTS (SELECT 1 FROM `appointment_provider` WHERE id = new.provider_id
    AND application_key = new.application_key AND variant = new.variant))
BEGIN
  SELECT RAISE(ABORT, 'appointment_variant_mismatch');
END;--> statement-breakpoint
DROP TRIGGER `course_booking_credit_can_pay`;--> statement-breakpoint
CREATE TRIGGER `course_booking_credit_can_pay` BEFORE INSERT ON `course_booking`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.credit_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM `member_credit` AS credit
  JOIN `course_session` AS session ON session.id = new.session_id
  JOIN `credit_package_course_type` AS paid_for
    ON paid_for.package_id = credit.package_id AND paid_for.course_type_id = session.course_type_id
  WHERE credit.id = new.credit_id AND credit.member_id = new.member_id
    AND credit.application_key = new.application_key AND credit.status = 'active'
    AND (credit.expires_at IS NULL OR credit.expires_at > session.starts_at)
))
BEGIN
  SELECT RAISE(ABORT, 'course_booking_credit_cannot_pay');
END;--> statement-breakpoint
DROP TRIGGER `course_booking_session_open`;--> statement-breakpoint
CREATE TRIGGER `course_booking_session_open` BEFORE INSERT ON `course_booking`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (NOT EXISTS (
  SELECT 1 FROM `course_session`
  WHERE id = new.session_id AND application_key = new.application_key AND status = 'scheduled'
))
BEGIN
  SELECT RAISE(ABORT, 'course_booking_session_not_open');
END;--> statement-breakpoint
DROP TRIGGER `course_booking_taken`;--> statement-breakpoint
CREATE TRIGGER `course_booking_taken` AFTER INSERT ON `course_booking`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status = 'booked')
BEGIN
  UPDATE `course_session` SET booked_places = booked_places + 1 WHERE id = new.session_id;
  UPDATE `member_credit`
    SET credits_remaining = credits_remaining - new.credits_spent,
        expires_at = coalesce(expires_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || validity_days || ' days'))
    WHERE id = new.credit_id AND new.credits_spent > 0;
  INSERT INTO `credit_movement` (application_key, member_id, credit_id, booking_id, reason, change, remaining_after)
    SELECT new.application_key, new.member_id, new.credit_id, new.id, 'booking', -new.credits_spent, credits_remaining
    FROM `member_credit` WHERE id = new.credit_id AND new.credits_spent > 0;
END;--> statement-breakpoint
DROP TRIGGER `course_waitlist_can_join`;--> statement-breakpoint
CREATE TRIGGER `course_waitlist_can_join` BEFORE INSERT ON `course_waitlist`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status = 'waiting')
BEGIN
  SELECT CASE
    WHEN NOT EXISTS (
      SELECT 1 FROM `course_session`
      WHERE id = new.session_id AND application_key = new.application_key AND status = 'scheduled'
    ) THEN RAISE(ABORT, 'course_waitlist_session_not_open')
    WHEN EXISTS (
      SELECT 1 FROM `course_booking` WHERE session_id = new.session_id AND member_id = new.member_id AND status = 'booked'
    ) THEN RAISE(ABORT, 'course_waitlist_already_booked')
    WHEN EXISTS (SELECT 1 FROM `course_session` WHERE id = new.session_id AND booked_places < max_places)
      THEN RAISE(ABORT, 'course_waitlist_not_full')
    WHEN (new.credit_id IS NULL) <> ((SELECT credits_needed FROM `course_session` WHERE id = new.session_id) = 0)
      OR (new.credit_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM `member_credit` AS credit
        JOIN `course_session` AS session ON session.id = new.session_id
        JOIN `credit_package_course_type` AS paid_for
          ON paid_for.package_id = credit.package_id AND paid_for.course_type_id = session.course_type_id
        WHERE credit.id = new.credit_id AND credit.member_id = new.member_id
          AND credit.application_key = new.application_key AND credit.status = 'active'
          AND (credit.expires_at IS NULL OR credit.expires_at > session.starts_at)
      )) THEN RAISE(ABORT, 'course_waitlist_credit_cannot_pay')
    WHEN new.credit_id IS NOT NULL
      AND (SELECT credits_remaining FROM `member_credit` WHERE id = new.credit_id)
        < (SELECT credits_needed FROM `course_session` WHERE id = new.session_id)
      THEN RAISE(ABORT, 'course_waitlist_not_enough_credits')
  END;
END;--> statement-breakpoint
DROP TRIGGER `credit_order_paid_on_insert`;--> statement-breakpoint
CREATE TRIGGER `credit_order_paid_on_insert` AFTER INSERT ON `credit_order`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status = 'paid')
BEGIN
  INSERT INTO `member_credit` (application_key, member_id, credit_order_id, package_id, credits_granted,
      credits_remaining, validity_days, validity_starts, granted_at, expires_at)
    VALUES (new.application_key, new.member_id, new.id, new.package_id, new.credits, new.credits,
      new.validity_days, new.validity_starts, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
      CASE new.validity_starts WHEN 'purchase'
        THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || new.validity_days || ' days') END);
  INSERT INTO `credit_movement` (application_key, member_id, credit_id, reason, change, remaining_after)
    SELECT new.application_key, new.member_id, id, 'purchase', new.credits, new.credits
    FROM `member_credit` WHERE credit_order_id = new.id;
END;--> statement-breakpoint
DROP TRIGGER `location_has_open_shift`;--> statement-breakpoint
CREATE TRIGGER `location_has_open_shift` BEFORE DELETE ON `location`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (EXISTS (SELECT 1 FROM `pos_shift` WHERE `application_key` = old.application_key AND `location_id` = old.id AND `closed_at` IS NULL))
BEGIN
  SELECT RAISE(ABORT, 'location-has-open-shift');
END;--> statement-breakpoint
DROP TRIGGER `location_holds_stock`;--> statement-breakpoint
CREATE TRIGGER `location_holds_stock` BEFORE DELETE ON `location`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (EXISTS (SELECT 1 FROM `stock_level` WHERE `application_key` = old.application_key AND `location_id` = old.id AND `stock` > 0))
BEGIN
  SELECT RAISE(ABORT, 'location-holds-stock');
END;--> statement-breakpoint
DROP TRIGGER `location_keeps_one`;--> statement-breakpoint
CREATE TRIGGER `location_keeps_one` BEFORE DELETE ON `location`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (NOT EXISTS (SELECT 1 FROM `location` WHERE `application_key` = old.application_key AND `id` <> old.id))
BEGIN
  SELECT RAISE(ABORT, 'last-location');
END;--> statement-breakpoint
DROP TRIGGER `location_pickup_added`;--> statement-breakpoint
CREATE TRIGGER `location_pickup_added` AFTER INSERT ON `location` WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.is_pickup_point)
BEGIN
  UPDATE `store_setting` SET `delivery_methods` = `delivery_methods` WHERE `application_key` = new.application_key;
END;--> statement-breakpoint
DROP TRIGGER `location_pickup_deleted`;--> statement-breakpoint
CREATE TRIGGER `location_pickup_deleted` AFTER DELETE ON `location` WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (old.is_pickup_point)
BEGIN
  UPDATE `store_setting` SET `delivery_methods` = `delivery_methods` WHERE `application_key` = old.application_key;
END;--> statement-breakpoint
DROP TRIGGER `location_stock_levels`;--> statement-breakpoint
CREATE TRIGGER `location_stock_levels` AFTER INSERT ON `location`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  INSERT INTO `stock_level` (`application_key`, `location_id`, `variant_id`, `stock`)
    SELECT new.application_key, new.id, `v`.`id`, 0 FROM `product_variant` AS `v`
    WHERE `v`.`application_key` = new.application_key;
END;--> statement-breakpoint
DROP TRIGGER `menu_item_depth_on_insert`;--> statement-breakpoint
CREATE TRIGGER `menu_item_depth_on_insert` BEFORE INSERT ON `menu_item`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.parent_id IS NOT NULL AND new.depth IS NOT (
  SELECT `depth` + 1 FROM `menu_item` WHERE `id` = new.parent_id AND `application_key` = new.application_key
))
BEGIN
  SELECT RAISE(ABORT, 'menu_item_depth_not_parent_plus_one');
END;--> statement-breakpoint
DROP TRIGGER `monthly_fee_record_no_overlap`;--> statement-breakpoint
CREATE TRIGGER `monthly_fee_record_no_overlap` BEFORE INSERT ON `monthly_fee_record`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status <> 'cancelled' AND EXISTS (
  SELECT 1 FROM `monthly_fee_record` AS other
  WHERE other.application_key = new.application_key AND other.member_id = new.member_id
    AND other.period_start > date(new.period_start, '-366 days') AND other.period_start <= new.period_end
    AND other.period_end >= new.period_start AND other.status <> 'cancelled'
))
BEGIN
  SELECT RAISE(ABORT, 'monthly_fee_period_taken');
END;--> statement-breakpoint
DROP TRIGGER `monthly_fee_record_plan`;--> statement-breakpoint
CREATE TRIGGER `monthly_fee_record_plan` BEFORE INSERT ON `monthly_fee_record`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  SELECT RAISE(ABORT, 'monthly_plan_not_found')
  WHERE NOT EXISTS (SELECT 1 FROM `monthly_fee_plan` WHERE id = new.plan_id AND application_key = new.application_key);
  SELECT RAISE(ABORT, 'monthly_fee_plan_mismatch')
  WHERE NOT EXISTS (SELECT 1 FROM `monthly_fee_plan` WHERE id = new.plan_id
    AND days = new.days AND price_cents = new.amount_cents);
  SELECT RAISE(ABORT, 'monthly_fee_member_not_found')
  WHERE NOT EXISTS (SELECT 1 FROM `member` WHERE id = new.member_id AND application_key = new.application_key);
END;--> statement-breakpoint
DROP TRIGGER `pos_shift_at_location`;--> statement-breakpoint
CREATE TRIGGER `pos_shift_at_location` BEFORE INSERT ON `pos_shift` WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.location_id IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'pos-shift-needs-location');
END;--> statement-breakpoint
DROP TRIGGER `product_booking_counted`;--> statement-breakpoint
CREATE TRIGGER `product_booking_counted` AFTER INSERT ON `product_booking`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status <> 'cancelled')
BEGIN
  UPDATE `product_booking_quota` SET booked_units = booked_units + new.quantity
  WHERE variant_id = new.variant_id;
END;--> statement-breakpoint
DROP TRIGGER `product_booking_open`;--> statement-breakpoint
CREATE TRIGGER `product_booking_open` BEFORE INSERT ON `product_booking`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status <> 'cancelled' AND NOT EXISTS (
  SELECT 1 FROM `product_booking_setting` s JOIN `product_booking_quota` q ON q.product_id = s.product_id
  WHERE s.product_id = new.product_id AND s.application_key = new.application_key AND s.open = 1
    AND q.variant_id = new.variant_id
))
BEGIN
  SELECT RAISE(ABORT, 'product_booking_closed');
END;--> statement-breakpoint
DROP TRIGGER `product_booking_uncounted`;--> statement-breakpoint
CREATE TRIGGER `product_booking_uncounted` AFTER DELETE ON `product_booking`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (old.status <> 'cancelled')
BEGIN
  UPDATE `product_booking_quota` SET booked_units = booked_units - old.quantity
  WHERE variant_id = old.variant_id;
END;--> statement-breakpoint
DROP TRIGGER `category_count_after_link`;--> statement-breakpoint
CREATE TRIGGER `category_count_after_link` AFTER INSERT ON `product_category`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  UPDATE `category` SET `product_count` = `product_count` + 1 WHERE `id` = new.category_id;
END;--> statement-breakpoint
DROP TRIGGER `category_count_after_unlink`;--> statement-breakpoint
CREATE TRIGGER `category_count_after_unlink` AFTER DELETE ON `product_category`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
BEGIN
  UPDATE `category` SET `product_count` = `product_count` - 1 WHERE `id` = old.category_id;
END;--> statement-breakpoint
DROP TRIGGER `product_variant_added`;--> statement-breakpoint
CREATE TRIGGER `product_variant_added` AFTER INSERT ON `product_variant`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  UPDATE `product` SET `stock` = `stock` + iif(new.unlimited_inventory, 0, new.stock),
    `variant_count` = (SELECT count(*) FROM `product_variant` v WHERE v.product_id = new.product_id)
    WHERE `id` = new.product_id;
END;--> statement-breakpoint
DROP TRIGGER `product_variant_opening_stock`;--> statement-breakpoint
CREATE TRIGGER `product_variant_opening_stock` AFTER INSERT ON `product_variant`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  INSERT INTO `stock_level` (`application_key`, `location_id`, `variant_id`, `stock`)
    SELECT new.application_key, `l`.`id`, new.id,
      iif(`l`.`id` = (SELECT `f`.`id` FROM `location` AS `f` WHERE `f`.`application_key` = new.application_key
        ORDER BY `f`.`position` LIMIT 1), new.stock, 0)
    FROM `location` AS `l` WHERE `l`.`application_key` = new.application_key;
END;--> statement-breakpoint
DROP TRIGGER `product_variant_removed`;--> statement-breakpoint
CREATE TRIGGER `product_variant_removed` AFTER DELETE ON `product_variant`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
BEGIN
  UPDATE `product` SET `stock` = `stock` - iif(old.unlimited_inventory, 0, old.stock),
    `variant_count` = (SELECT count(*) FROM `product_variant` v WHERE v.product_id = old.product_id)
    WHERE `id` = old.product_id;
END;--> statement-breakpoint
DROP TRIGGER `product_variant_short_added`;--> statement-breakpoint
CREATE TRIGGER `product_variant_short_added` AFTER INSERT ON `product_variant`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.unlimited_inventory = 0 AND new.sellable = 1 AND new.stock = 0)
BEGIN
  UPDATE `product` SET `short_variant_count` = `short_variant_count` + 1 WHERE `id` = new.product_id;
END;--> statement-breakpoint
DROP TRIGGER `product_variant_short_removed`;--> statement-breakpoint
CREATE TRIGGER `product_variant_short_removed` AFTER DELETE ON `product_variant`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (old.unlimited_inventory = 0 AND old.sellable = 1 AND old.stock = 0)
BEGIN
  UPDATE `product` SET `short_variant_count` = `short_variant_count` - 1 WHERE `id` = old.product_id;
END;--> statement-breakpoint
DROP TRIGGER `renting_record_rentable`;--> statement-breakpoint
CREATE TRIGGER `renting_record_rentable` BEFORE INSERT ON `renting_record`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status = 'success' AND NOT EXISTS (
  SELECT 1 FROM `renting_product` WHERE id = new.product_id AND application_key = new.application_key
    AND status = 'rentable'
))
BEGIN
  SELECT RAISE(ABORT, 'renting_product_unrentable');
END;--> statement-breakpoint
DROP TRIGGER `renting_record_units_available`;--> statement-breakpoint
CREATE TRIGGER `renting_record_units_available` BEFORE INSERT ON `renting_record`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.status IN ('success', 'rented') AND EXISTS (
  SELECT 1 FROM (
    SELECT new.starts_at AS at
    UNION
    SELECT starts_at FROM `renting_record`
    WHERE product_id = new.product_id AND status IN ('success', 'rented')
      AND starts_at > new.starts_at AND starts_at < new.ends_at
  ) AS moment
  WHERE new.units + (
    SELECT coalesce(sum(other.units), 0) FROM `renting_record` AS other
    WHERE other.product_id = new.product_id AND other.status IN ('success', 'rented')
      AND other.starts_at <= moment.at AND other.ends_at > moment.at
  ) > (SELECT units_owned FROM `renting_product` WHERE id = new.product_id)
))
BEGIN
  SELECT RAISE(ABORT, 'renting_units_unavailable');
END;--> statement-breakpoint
DROP TRIGGER `stock_level_deleted`;--> statement-breakpoint
CREATE TRIGGER `stock_level_deleted` AFTER DELETE ON `stock_level` WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (old.stock <> 0)
BEGIN
  UPDATE `product_variant` SET `stock` = (SELECT coalesce(sum(`stock`), 0) FROM `stock_level` WHERE `variant_id` = old.variant_id)
    WHERE `id` = old.variant_id;
END;--> statement-breakpoint
DROP TRIGGER `stock_level_inserted`;--> statement-breakpoint
CREATE TRIGGER `stock_level_inserted` AFTER INSERT ON `stock_level` WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
  AND (new.stock <> 0)
BEGIN
  UPDATE `product_variant` SET `stock` = (SELECT sum(`stock`) FROM `stock_level` WHERE `variant_id` = new.variant_id)
    WHERE `id` = new.variant_id AND `stock` IS NOT (SELECT sum(`stock`) FROM `stock_level` WHERE `variant_id` = new.variant_id);
END;--> statement-breakpoint
DROP TRIGGER `location_with_store`;--> statement-breakpoint
CREATE TRIGGER `location_with_store` AFTER INSERT ON `store_account`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  INSERT INTO `location` (`application_key`, `name_zh_hk`, `name_en`, `sells_at_counter`, `ships_online_orders`, `position`)
    VALUES (new.application_key, '門市', 'Shop', 1, 1, 1);
END;--> statement-breakpoint
DROP TRIGGER `store_setting_with_store`;--> statement-breakpoint
CREATE TRIGGER `store_setting_with_store` AFTER INSERT ON `store_account`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  INSERT INTO `store_setting` (`application_key`) VALUES (new.application_key);
END;--> statement-breakpoint
DROP TRIGGER `supplier_keeps_open_purchase_orders`;--> statement-breakpoint
CREATE TRIGGER `supplier_keeps_open_purchase_orders` BEFORE DELETE ON `supplier`
WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
  AND (EXISTS (SELECT 1 FROM `purchase_order` WHERE `supplier_id` = old.id AND `status` IN ('draft', 'ordered', 'partially_received')))
BEGIN
  SELECT RAISE(ABORT, 'supplier_has_open_purchase_orders');
END;--> statement-breakpoint
DROP TRIGGER `supplier_count_after_link`;--> statement-breakpoint
CREATE TRIGGER `supplier_count_after_link` AFTER INSERT ON `supplier_product`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = new.application_key)
BEGIN
  UPDATE `supplier` SET `product_count` = `product_count` + 1 WHERE `id` = new.supplier_id;
END;--> statement-breakpoint
DROP TRIGGER `supplier_count_after_unlink`;--> statement-breakpoint
CREATE TRIGGER `supplier_count_after_unlink` AFTER DELETE ON `supplier_product`
  WHEN NOT EXISTS (SELECT 1 FROM store_copy WHERE application_key = old.application_key)
BEGIN
  UPDATE `supplier` SET `product_count` = `product_count` - 1 WHERE `id` = old.supplier_id;
END;
