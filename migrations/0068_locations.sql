CREATE TABLE `location` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`name_zh_hk` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`address_zh_hk` text DEFAULT '' NOT NULL,
	`address_en` text DEFAULT '' NOT NULL,
	`phone` text,
	`opening_hours_zh_hk` text,
	`opening_hours_en` text,
	`sells_at_counter` integer DEFAULT false NOT NULL,
	`ships_online_orders` integer DEFAULT false NOT NULL,
	`is_pickup_point` integer DEFAULT false NOT NULL,
	`position` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "location_pickup_has_address" CHECK(NOT "location"."is_pickup_point" OR "location"."address_zh_hk" <> '' OR "location"."address_en" <> '')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `location_store_position_idx` ON `location` (`application_key`,`position`);--> statement-breakpoint
CREATE INDEX `location_store_name_idx` ON `location` (`application_key`,"name_zh_hk" COLLATE NOCASE,`id`);--> statement-breakpoint
-- Every store has its default location, first in the fulfilment order: the shop that sells and ships.
INSERT INTO `location` (`application_key`, `name_zh_hk`, `name_en`, `sells_at_counter`, `ships_online_orders`, `position`)
  SELECT `application_key`, '門市', 'Shop', 1, 1, 1 FROM `store_account`;--> statement-breakpoint
-- Each self-pickup address of the delivery setting becomes a pickup point after it, in the setting's order.
INSERT INTO `location` (`application_key`, `name_zh_hk`, `name_en`, `address_zh_hk`, `is_pickup_point`, `position`)
  SELECT `store_setting`.`application_key`, '自取點 ' || (`address`.`key` + 1), 'Pickup point ' || (`address`.`key` + 1),
    trim(`address`.`value`), 1, `address`.`key` + 2
  FROM `store_setting`, json_each(`store_setting`.`delivery_methods`, '$.self_pickup.pickup_addresses') AS `address`
  WHERE trim(`address`.`value`) <> '';--> statement-breakpoint
CREATE TRIGGER `location_with_store` AFTER INSERT ON `store_account` BEGIN
  INSERT INTO `location` (`application_key`, `name_zh_hk`, `name_en`, `sells_at_counter`, `ships_online_orders`, `position`)
    VALUES (new.application_key, '門市', 'Shop', 1, 1, 1);
END;--> statement-breakpoint
-- A store keeps at least one location; D1 runs writes one at a time, so of two deletes of the last two one fails.
CREATE TRIGGER `location_keeps_one` BEFORE DELETE ON `location`
  WHEN NOT EXISTS (SELECT 1 FROM `location` WHERE `application_key` = old.application_key AND `id` <> old.id)
BEGIN
  SELECT RAISE(ABORT, 'last-location');
END;--> statement-breakpoint
-- The delivery setting's self-pickup addresses are the pickup points', in the fulfilment order, each in Chinese
-- then in English (when given and different): what store websites list and checkout accepts.
CREATE VIEW `location_pickup_addresses` AS
  SELECT `store`.`application_key`, (
    SELECT json_group_array(`address`) FROM (
      SELECT `address_zh_hk` AS `address`, `position`, 0 AS `language` FROM `location`
        WHERE `application_key` = `store`.`application_key` AND `is_pickup_point` AND `address_zh_hk` <> ''
      UNION ALL
      SELECT `address_en`, `position`, 1 FROM `location`
        WHERE `application_key` = `store`.`application_key` AND `is_pickup_point` AND `address_en` <> ''
          AND `address_en` <> `address_zh_hk`
      ORDER BY `position`, `language`
    )
  ) AS `addresses`
  FROM `store_account` AS `store`;--> statement-breakpoint
CREATE TRIGGER `store_setting_pickup_addresses` AFTER UPDATE OF `delivery_methods` ON `store_setting`
  WHEN json(coalesce(json_extract(new.delivery_methods, '$.self_pickup.pickup_addresses'), 'null'))
    IS NOT (SELECT `addresses` FROM `location_pickup_addresses` WHERE `application_key` = new.application_key)
BEGIN
  UPDATE `store_setting` SET `delivery_methods` = json_set(`delivery_methods`, '$.self_pickup',
      json_set(json(coalesce(json_extract(`delivery_methods`, '$.self_pickup'), '{}')), '$.pickup_addresses',
        json((SELECT `addresses` FROM `location_pickup_addresses` WHERE `application_key` = new.application_key))))
    WHERE `id` = new.id;
END;--> statement-breakpoint
CREATE TRIGGER `location_pickup_added` AFTER INSERT ON `location` WHEN new.is_pickup_point BEGIN
  UPDATE `store_setting` SET `delivery_methods` = `delivery_methods` WHERE `application_key` = new.application_key;
END;--> statement-breakpoint
CREATE TRIGGER `location_pickup_changed` AFTER UPDATE OF `is_pickup_point`, `address_zh_hk`, `address_en`, `position` ON `location`
  WHEN new.is_pickup_point OR old.is_pickup_point
BEGIN
  UPDATE `store_setting` SET `delivery_methods` = `delivery_methods` WHERE `application_key` = new.application_key;
END;--> statement-breakpoint
CREATE TRIGGER `location_pickup_deleted` AFTER DELETE ON `location` WHEN old.is_pickup_point BEGIN
  UPDATE `store_setting` SET `delivery_methods` = `delivery_methods` WHERE `application_key` = old.application_key;
END;
--> statement-breakpoint
-- Pickup addresses were the setting module's: wherever the settings are on (plans, the current plans bought, the
-- accounts' menus), locations are too, and store staff keep their settings permission over them.
UPDATE `plan` SET `module_list` = json_insert(`module_list`, '$[#]', 'location')
  WHERE EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'setting')
    AND NOT EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'location');--> statement-breakpoint
UPDATE `purchased_plan` SET `module_list` = json_insert(`module_list`, '$[#]', 'location')
  WHERE EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'setting')
    AND NOT EXISTS (SELECT 1 FROM json_each(`module_list`) WHERE `value` = 'location');--> statement-breakpoint
UPDATE `store_account` SET `cms_side_menu` = json_insert(`cms_side_menu`, '$[#]', 'location')
  WHERE EXISTS (SELECT 1 FROM json_each(`cms_side_menu`) WHERE `value` = 'setting')
    AND NOT EXISTS (SELECT 1 FROM json_each(`cms_side_menu`) WHERE `value` = 'location');--> statement-breakpoint
UPDATE `store_staff` SET `permissions` = json_set(`permissions`, '$.location', json_extract(`permissions`, '$.setting'))
  WHERE json_extract(`permissions`, '$.setting') IS NOT NULL AND json_extract(`permissions`, '$.location') IS NULL;
