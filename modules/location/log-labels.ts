/** How the logs show the location module's changes: each logged field's label (its form's) and how its value reads. */
import type { LocationRecord } from "#modules/location/contract";
import { count, flag, text, type Fields, type LogLabels } from "~/server/log-labels";

export const locationLogLabels = {
  location_data: {
    name_zh_hk: text("location:field.name-zh-hk"),
    name_en: text("location:field.name-en"),
    address_zh_hk: text("location:field.address-zh-hk"),
    address_en: text("location:field.address-en"),
    phone: text("location:field.phone"),
    opening_hours_zh_hk: text("location:field.opening-hours-zh-hk"),
    opening_hours_en: text("location:field.opening-hours-en"),
    sells_at_counter: flag("location:field.sells-at-counter"),
    ships_online_orders: flag("location:field.ships-online-orders"),
    is_pickup_point: flag("location:field.is-pickup-point"),
    position: count("location:field.position"),
  } satisfies Fields<Exclude<keyof LocationRecord, "id" | "create_date" | "update_date" | "version">>,
} satisfies LogLabels;
