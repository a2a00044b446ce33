import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { crossFieldCheck, multilineText, nullable, phone, text } from "../../contract/field-rules";
import { applicationKey, flag, id, keyword, sorting, version } from "../../contract/parts";
import { LOCATION_MOVES, LOCATION_SORTS, LOCATION_USES } from "./options";

/** A store's shops, warehouses and pickup points (module `location`); stock per location is the next step. */

export const LOCATION_ADDRESS_MAX = 200;
export const OPENING_HOURS_MAX = 500;

/** Every field of a location a merchant sets; the same for add and edit. */
export const locationFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  /** A pickup point's address is what customers choose at checkout, as the store website lists it. */
  address_zh_hk: text({ max: LOCATION_ADDRESS_MAX, required: false }),
  address_en: text({ max: LOCATION_ADDRESS_MAX, required: false }),
  phone: nullable(phone()),
  /** Free text per language ("Mon–Sat 11:00–20:00, closed on public holidays"). */
  opening_hours_zh_hk: nullable(multilineText({ max: OPENING_HOURS_MAX })),
  opening_hours_en: nullable(multilineText({ max: OPENING_HOURS_MAX })),
  sells_at_counter: flag,
  ships_online_orders: flag,
  is_pickup_point: flag,
};

/** A pickup point has an address in either language → `pickup-point-needs-address` beside the Chinese one. */
export const pickupPointAddress = crossFieldCheck<{
  is_pickup_point: boolean;
  address_zh_hk?: string;
  address_en?: string;
}>((value, context) => {
  if (value.is_pickup_point === true && !value.address_zh_hk && !value.address_en) {
    context.addIssue({ code: "custom", message: "pickup-point-needs-address", path: ["address_zh_hk"], input: "" });
  }
});

const locationId = { application_key: applicationKey, id };

export const locationPayloads = {
  get_location_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(LOCATION_SORTS),
    /** Anywhere in the Chinese or English name. */
    keyword,
    /** counter: sells at a counter; online: ships online orders; pickup: a self-pickup point; blank: all. */
    use: nullable(z.enum(LOCATION_USES)),
  }),
  get_location_data_by_application_key_and_id: z.object(locationId),
  add_location_data: z.object({ application_key: applicationKey, ...locationFields }).check(pickupPointAddress),
  update_location_data_by_application_key_and_id: z
    .object({ ...locationFields, ...locationId, version })
    .check(pickupPointAddress),
  delete_location_data_by_application_key_and_id: z.object(locationId),
  /** Swaps the location with the one before (up) or after (down) it in the fulfilment order; none there: 409 cannot-move. */
  update_location_position_data_by_application_key_and_id: z.object({
    ...locationId,
    move: z.enum(LOCATION_MOVES),
  }),
};

export interface LocationRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  address_zh_hk: string;
  address_en: string;
  phone: string | null;
  opening_hours_zh_hk: string | null;
  opening_hours_en: string | null;
  sells_at_counter: boolean;
  ships_online_orders: boolean;
  is_pickup_point: boolean;
  position: number;
  create_date: string;
  update_date: string;
  version: number;
}

/** A location as other modules' answers name it: where stock is or goes, the choices a page offers. */
export interface LocationName {
  id: number;
  name_zh_hk: string;
  name_en: string;
}

export interface LocationResults {
  get_location_data_and_total_number_by_sorting_and_limit: LocationRecord[];
  get_location_data_by_application_key_and_id: LocationRecord;
  add_location_data: { id: number };
  update_location_data_by_application_key_and_id: null;
  delete_location_data_by_application_key_and_id: null;
  update_location_position_data_by_application_key_and_id: null;
}

export interface LocationExampleRecords {
  location_id: number;
}

const exampleLocation = {
  name_zh_hk: "旺角店",
  name_en: "Mong Kok Shop",
  address_zh_hk: "九龍旺角彌敦道 1 號",
  address_en: "1 Nathan Road, Mong Kok",
  phone: "23456789",
  opening_hours_zh_hk: "每日 11:00–20:00",
  opening_hours_en: "Daily 11:00–20:00",
  sells_at_counter: true,
  ships_online_orders: true,
  is_pickup_point: true,
};

export const locationExamples: Examples<typeof locationPayloads> = {
  get_location_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Mong Kok",
    use: "pickup",
  }),
  get_location_data_by_application_key_and_id: ({ application_key, location_id }) => ({
    application_key,
    id: location_id,
  }),
  add_location_data: ({ application_key }) => ({ application_key, ...exampleLocation }),
  update_location_data_by_application_key_and_id: ({ application_key, location_id }) => ({
    application_key,
    id: location_id,
    ...exampleLocation,
    version: 1,
  }),
  delete_location_data_by_application_key_and_id: ({ application_key, location_id }) => ({
    application_key,
    id: location_id,
  }),
  update_location_position_data_by_application_key_and_id: ({ application_key, location_id }) => ({
    application_key,
    id: location_id,
    move: "up",
  }),
};
