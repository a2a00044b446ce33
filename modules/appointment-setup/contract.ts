import * as z from "zod";
import type { ExampleRecords, Examples } from "../../contract/examples";
import { isoDate, multilineText, optional, text, time } from "../../contract/field-rules";
import { APPOINTMENT_STATUSES, SCHEDULE_TYPES } from "../../contract/options";
import { applicationKey, cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";
import { PROVIDER_SORTS, APPOINTMENT_CATEGORY_SORTS, APPOINTMENT_SERVICE_SORTS, PROVIDER_STATUSES } from "./options";

/**
 * Appointments set-up (docs/modules.md "Appointments: set-up"): providers, categories and services with
 * their schedules, for both variants; each action exists once per variant (`…_appointment_…` and
 * `…_medi_appointment_…`) with the same payload.
 */

export const SERVICE_MOVES = ["up", "down"] as const;

/** The bounds the database holds a service to (backend/db/schema.ts appointment_service). */
export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 720;
export const MAX_BUFFER_MINUTES = 240;
export const MAX_CAPACITY = 100;
export const MAX_NOTICE_HOURS = 720;
/** A new service's minimum notice: the website offers no time sooner than this from now. */
export const DEFAULT_NOTICE_HOURS = 2;
export const MAX_BOOKING_WINDOW_DAYS = 365;
/** Rows of one service's schedule: a range or two a day, a week of weekdays, a year's holidays. */
export const MAX_SCHEDULE_ROWS = 200;
const MAX_DESCRIPTION_LENGTH = 2_000;

export const providerFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  /** A store staff account of the store, or nothing for a named practitioner. */
  staff_id: optional(id),
  active: flag,
};

export const appointmentCategoryFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  image_url: optional(uploadedFileUrl()),
  description: multilineText({ max: MAX_DESCRIPTION_LENGTH, required: false }),
  status: z.enum(APPOINTMENT_STATUSES, { error: "force-input" }),
};

/**
 * One row of a schedule (Hong Kong time): a range on every day, a weekday or a date, or a date closed.
 * A date is for a date row only, closing only for a date row (which then has no times); an open row's
 * end comes after its start ("end-time-before-start", also when they are equal).
 */
export const scheduleRowFields = {
  schedule_type: z.enum(SCHEDULE_TYPES, { error: "force-input" }),
  specific_date: optional(isoDate()),
  closed: flag,
  start_time: optional(time()),
  end_time: optional(time()),
};

type ScheduleRow = {
  schedule_type: string;
  specific_date?: string;
  closed: boolean;
  start_time?: string;
  end_time?: string;
};

const isTime = (value: string | undefined): value is string => time().safeParse(value).success;

/** Each row's rules (beside its own fields), and at least one row. */
export function refineSchedules(value: { schedules: ScheduleRow[] }, ctx: z.RefinementCtx) {
  const issue = (index: number, field: keyof ScheduleRow, message: string) =>
    ctx.addIssue({ code: "custom", message, path: ["schedules", index, field] });
  value.schedules.forEach((row, index) => {
    const dated = row.schedule_type === "specific_date";
    if (dated && row.specific_date === undefined) issue(index, "specific_date", "force-input");
    if (row.closed) {
      if (!dated) issue(index, "closed", "schedule-closed-only-on-date");
      return;
    }
    if (row.start_time === undefined) issue(index, "start_time", "force-input");
    if (row.end_time === undefined) issue(index, "end_time", "force-input");
    // Compared only once both are times: a malformed one has its own issue already.
    if (isTime(row.start_time) && isTime(row.end_time) && row.end_time <= row.start_time) {
      issue(index, "end_time", "end-time-before-start");
    }
  });
  // A schedule of closed dates alone is a service kept closed; an empty one is a form left blank.
  if (value.schedules.length === 0) {
    ctx.addIssue({ code: "custom", message: "schedule-needs-opening", path: ["schedules"] });
  }
}

export const appointmentServiceFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  description: multilineText({ max: MAX_DESCRIPTION_LENGTH, required: false }),
  category_id: z.coerce.number({ error: "force-input" }).int().positive({ error: "force-input" }),
  provider_id: z.coerce.number({ error: "force-input" }).int().positive({ error: "force-input" }),
  duration_minutes: wholeNumber(MIN_DURATION_MINUTES, MAX_DURATION_MINUTES),
  price_cents: cents,
  buffer_before_minutes: wholeNumber(0, MAX_BUFFER_MINUTES),
  buffer_after_minutes: wholeNumber(0, MAX_BUFFER_MINUTES),
  capacity: wholeNumber(1, MAX_CAPACITY),
  min_notice_hours: wholeNumber(0, MAX_NOTICE_HOURS).default(DEFAULT_NOTICE_HOURS),
  booking_window_days: wholeNumber(1, MAX_BOOKING_WINDOW_DAYS),
  status: z.enum(APPOINTMENT_STATUSES, { error: "force-input" }),
  schedules: z.array(z.object(scheduleRowFields)).max(MAX_SCHEDULE_ROWS, { error: "format-not-match" }).default([]),
};

const byId = { application_key: applicationKey, id };
const storeKey = { application_key: applicationKey };

const providerList = z.object({
  ...storeKey,
  ...sorting(PROVIDER_SORTS),
  /** A word anywhere in the Chinese or English name. */
  keyword,
  status: optional(z.enum(PROVIDER_STATUSES)),
});
const categoryList = z.object({
  ...storeKey,
  ...sorting(APPOINTMENT_CATEGORY_SORTS),
  keyword,
  status: optional(z.enum(APPOINTMENT_STATUSES)),
});
const serviceList = z.object({
  ...storeKey,
  ...sorting(APPOINTMENT_SERVICE_SORTS),
  keyword,
  category_id: optional(id),
  provider_id: optional(id),
  status: optional(z.enum(APPOINTMENT_STATUSES)),
});
const addProvider = z.object({ ...storeKey, ...providerFields });
const updateProvider = z.object({ ...providerFields, ...byId, version });
const addCategory = z.object({ ...storeKey, ...appointmentCategoryFields });
const updateCategory = z.object({ ...appointmentCategoryFields, ...byId, version });
const addService = z.object({ ...storeKey, ...appointmentServiceFields }).superRefine(refineSchedules);
const updateService = z.object({ ...appointmentServiceFields, ...byId, version }).superRefine(refineSchedules);
/** Moves a service one place up or down the store site's order (the first up, or the last down, stays). */
const moveService = z.object({ ...byId, move: z.enum(SERVICE_MOVES) });
const recordById = z.object(byId);
const storeOnly = z.object(storeKey);

export const appointmentSetupPayloads = {
  get_appointment_provider_data_and_total_number_by_sorting_and_limit: providerList,
  get_appointment_provider_data_by_application_key_and_id: recordById,
  add_appointment_provider_data: addProvider,
  update_appointment_provider_data_by_application_key_and_id: updateProvider,
  /** A provider with services or bookings cannot be deleted (409 record-in-use): make them inactive. */
  delete_appointment_provider_data_by_application_key_and_id: recordById,
  get_appointment_category_data_and_total_number_by_sorting_and_limit: categoryList,
  get_appointment_category_data_by_application_key_and_id: recordById,
  add_appointment_category_data: addCategory,
  update_appointment_category_data_by_application_key_and_id: updateCategory,
  /** A category with services cannot be deleted (409 record-in-use): stop it instead. */
  delete_appointment_category_data_by_application_key_and_id: recordById,
  get_appointment_service_data_and_total_number_by_sorting_and_limit: serviceList,
  /** The service with its schedule rows. */
  get_appointment_service_data_by_application_key_and_id: recordById,
  add_appointment_service_data: addService,
  /** Replaces the service's schedule rows with the payload's, in the same batch. */
  update_appointment_service_data_by_application_key_and_id: updateService,
  update_appointment_service_position_data_by_application_key_and_id: moveService,
  /** A service with bookings cannot be deleted (409 record-in-use); its schedule goes with it. */
  delete_appointment_service_data_by_application_key_and_id: recordById,
  /** Every category, provider and service of the variant, for forms, filters and the sorting page. */
  get_appointment_choice_data_list_by_application_key: storeOnly,

  get_medi_appointment_provider_data_and_total_number_by_sorting_and_limit: providerList,
  get_medi_appointment_provider_data_by_application_key_and_id: recordById,
  add_medi_appointment_provider_data: addProvider,
  update_medi_appointment_provider_data_by_application_key_and_id: updateProvider,
  delete_medi_appointment_provider_data_by_application_key_and_id: recordById,
  get_medi_appointment_category_data_and_total_number_by_sorting_and_limit: categoryList,
  get_medi_appointment_category_data_by_application_key_and_id: recordById,
  add_medi_appointment_category_data: addCategory,
  update_medi_appointment_category_data_by_application_key_and_id: updateCategory,
  delete_medi_appointment_category_data_by_application_key_and_id: recordById,
  get_medi_appointment_service_data_and_total_number_by_sorting_and_limit: serviceList,
  get_medi_appointment_service_data_by_application_key_and_id: recordById,
  add_medi_appointment_service_data: addService,
  update_medi_appointment_service_data_by_application_key_and_id: updateService,
  update_medi_appointment_service_position_data_by_application_key_and_id: moveService,
  delete_medi_appointment_service_data_by_application_key_and_id: recordById,
  get_medi_appointment_choice_data_list_by_application_key: storeOnly,
};

export interface ProviderRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  staff_id: number | null;
  /** The linked staff account's name, when linked. */
  staff_name: string | null;
  active: boolean;
  create_date: string;
  version: number;
}

export interface AppointmentCategoryRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  image_url: string | null;
  description: string;
  status: (typeof APPOINTMENT_STATUSES)[number];
  create_date: string;
  version: number;
}

export interface ScheduleRowRecord {
  schedule_type: (typeof SCHEDULE_TYPES)[number];
  specific_date: string | null;
  closed: boolean;
  start_time: string | null;
  end_time: string | null;
}

export interface AppointmentServiceRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  description: string;
  category_id: number;
  category_name_zh_hk: string;
  category_name_en: string;
  category_status: (typeof APPOINTMENT_STATUSES)[number];
  provider_id: number;
  provider_name_zh_hk: string;
  provider_name_en: string;
  duration_minutes: number;
  price_cents: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  capacity: number;
  min_notice_hours: number;
  booking_window_days: number;
  status: (typeof APPOINTMENT_STATUSES)[number];
  sort_order: number;
  create_date: string;
  version: number;
}

/** What the forms and filters of every appointment page choose from (H2 and H3 use it too). */
export interface AppointmentChoices {
  /** Every category, by creation. */
  categories: Pick<AppointmentCategoryRecord, "id" | "name_zh_hk" | "name_en" | "status">[];
  /** Every provider, by creation; forms offer the active ones. */
  providers: Pick<ProviderRecord, "id" | "name_zh_hk" | "name_en" | "active" | "staff_id">[];
  /** Every service in the store site's order. */
  services: Pick<
    AppointmentServiceRecord,
    | "id"
    | "name_zh_hk"
    | "name_en"
    | "status"
    | "category_id"
    | "provider_id"
    | "duration_minutes"
    | "price_cents"
    | "capacity"
  >[];
  /** The store's staff accounts that are not disabled, by name: the provider form's link. */
  staff: { id: number; name: string }[];
}

type SetupResults<P extends "" | "medi_"> = {
  [N in `get_${P}appointment_provider_data_and_total_number_by_sorting_and_limit`]: ProviderRecord[];
} & { [N in `get_${P}appointment_provider_data_by_application_key_and_id`]: ProviderRecord } & {
  [N in `add_${P}appointment_provider_data`]: { id: number };
} & { [N in `update_${P}appointment_provider_data_by_application_key_and_id`]: null } & {
  [N in `delete_${P}appointment_provider_data_by_application_key_and_id`]: null;
} & {
  [N in `get_${P}appointment_category_data_and_total_number_by_sorting_and_limit`]: AppointmentCategoryRecord[];
} & { [N in `get_${P}appointment_category_data_by_application_key_and_id`]: AppointmentCategoryRecord } & {
  [N in `add_${P}appointment_category_data`]: { id: number };
} & { [N in `update_${P}appointment_category_data_by_application_key_and_id`]: null } & {
  [N in `delete_${P}appointment_category_data_by_application_key_and_id`]: null;
} & {
  [N in `get_${P}appointment_service_data_and_total_number_by_sorting_and_limit`]: AppointmentServiceRecord[];
} & {
  [N in `get_${P}appointment_service_data_by_application_key_and_id`]: AppointmentServiceRecord & {
    schedules: ScheduleRowRecord[];
  };
} & { [N in `add_${P}appointment_service_data`]: { id: number } } & {
  [N in `update_${P}appointment_service_data_by_application_key_and_id`]: null;
} & { [N in `update_${P}appointment_service_position_data_by_application_key_and_id`]: null } & {
  [N in `delete_${P}appointment_service_data_by_application_key_and_id`]: null;
} & { [N in `get_${P}appointment_choice_data_list_by_application_key`]: AppointmentChoices };

export type AppointmentSetupResults = SetupResults<""> & SetupResults<"medi_">;

export interface AppointmentSetupExampleRecords {
  /**
   * Of each appointment variant: a provider, a category and a service of theirs (version 1 each, open on
   * weekdays), and a provider, a category and a service nothing uses, which the delete examples remove.
   */
  appointment_provider_id: number;
  appointment_category_id: number;
  appointment_service_id: number;
  spare_appointment_provider_id: number;
  spare_appointment_category_id: number;
  spare_appointment_service_id: number;
  medi_appointment_provider_id: number;
  medi_appointment_category_id: number;
  medi_appointment_service_id: number;
  spare_medi_appointment_provider_id: number;
  spare_medi_appointment_category_id: number;
  spare_medi_appointment_service_id: number;
}

/** The records the registry tests create for each variant (AppointmentSetupExampleRecords). */
type VariantRecords = {
  provider: number;
  category: number;
  service: number;
  /** Unused ones, which the delete examples remove. */
  spareProvider: number;
  spareCategory: number;
  spareService: number;
};

const exampleProvider = { name_zh_hk: "陳醫生", name_en: "Dr Chan", active: true };
const exampleCategory = { name_zh_hk: "護理", description: "舒緩", status: "accept" as const };
const exampleService = (category_id: number, provider_id: number) => ({
  name_zh_hk: "面部護理",
  category_id,
  provider_id,
  duration_minutes: 60,
  price_cents: 30_000,
  buffer_before_minutes: 0,
  buffer_after_minutes: 15,
  capacity: 1,
  min_notice_hours: 2,
  booking_window_days: 30,
  status: "accept" as const,
  schedules: [
    { schedule_type: "monday" as const, start_time: "10:00", end_time: "18:00" },
    { schedule_type: "specific_date" as const, specific_date: "2099-12-25", closed: true },
  ],
});

/** One variant's example payloads, each named by what it calls (the variants share payloads). */
function variantExamples(of: (records: ExampleRecords) => VariantRecords) {
  const key = (r: ExampleRecords) => ({ application_key: r.application_key });
  const byRecord = (pick: (ids: VariantRecords) => number) => (r: ExampleRecords) => ({ ...key(r), id: pick(of(r)) });
  return {
    providerList: (r: ExampleRecords) => ({ ...key(r), status: "active" as const }),
    provider: byRecord((ids) => ids.provider),
    addProvider: (r: ExampleRecords) => ({ ...key(r), ...exampleProvider, staff_id: r.store_staff_id }),
    updateProvider: (r: ExampleRecords) => ({ ...byRecord((ids) => ids.provider)(r), ...exampleProvider, version: 1 }),
    deleteProvider: byRecord((ids) => ids.spareProvider),
    categoryList: (r: ExampleRecords) => ({ ...key(r), status: "accept" as const }),
    category: byRecord((ids) => ids.category),
    addCategory: (r: ExampleRecords) => ({ ...key(r), ...exampleCategory, image_url: r.uploaded_image_url }),
    updateCategory: (r: ExampleRecords) => ({ ...byRecord((ids) => ids.category)(r), ...exampleCategory, version: 1 }),
    deleteCategory: byRecord((ids) => ids.spareCategory),
    serviceList: (r: ExampleRecords) => ({ ...key(r), category_id: of(r).category, status: "accept" as const }),
    service: byRecord((ids) => ids.service),
    addService: (r: ExampleRecords) => ({ ...key(r), ...exampleService(of(r).category, of(r).provider) }),
    updateService: (r: ExampleRecords) => ({
      ...byRecord((ids) => ids.service)(r),
      ...exampleService(of(r).category, of(r).provider),
      version: 1,
    }),
    moveService: (r: ExampleRecords) => ({ ...byRecord((ids) => ids.service)(r), move: "down" as const }),
    deleteService: byRecord((ids) => ids.spareService),
    choices: key,
  };
}

const general = variantExamples((r) => ({
  provider: r.appointment_provider_id,
  category: r.appointment_category_id,
  service: r.appointment_service_id,
  spareProvider: r.spare_appointment_provider_id,
  spareCategory: r.spare_appointment_category_id,
  spareService: r.spare_appointment_service_id,
}));
const medical = variantExamples((r) => ({
  provider: r.medi_appointment_provider_id,
  category: r.medi_appointment_category_id,
  service: r.medi_appointment_service_id,
  spareProvider: r.spare_medi_appointment_provider_id,
  spareCategory: r.spare_medi_appointment_category_id,
  spareService: r.spare_medi_appointment_service_id,
}));

export const appointmentSetupExamples: Examples<typeof appointmentSetupPayloads> = {
  get_appointment_provider_data_and_total_number_by_sorting_and_limit: general.providerList,
  get_appointment_provider_data_by_application_key_and_id: general.provider,
  add_appointment_provider_data: general.addProvider,
  update_appointment_provider_data_by_application_key_and_id: general.updateProvider,
  delete_appointment_provider_data_by_application_key_and_id: general.deleteProvider,
  get_appointment_category_data_and_total_number_by_sorting_and_limit: general.categoryList,
  get_appointment_category_data_by_application_key_and_id: general.category,
  add_appointment_category_data: general.addCategory,
  update_appointment_category_data_by_application_key_and_id: general.updateCategory,
  delete_appointment_category_data_by_application_key_and_id: general.deleteCategory,
  get_appointment_service_data_and_total_number_by_sorting_and_limit: general.serviceList,
  get_appointment_service_data_by_application_key_and_id: general.service,
  add_appointment_service_data: general.addService,
  update_appointment_service_data_by_application_key_and_id: general.updateService,
  update_appointment_service_position_data_by_application_key_and_id: general.moveService,
  delete_appointment_service_data_by_application_key_and_id: general.deleteService,
  get_appointment_choice_data_list_by_application_key: general.choices,
  get_medi_appointment_provider_data_and_total_number_by_sorting_and_limit: medical.providerList,
  get_medi_appointment_provider_data_by_application_key_and_id: medical.provider,
  add_medi_appointment_provider_data: medical.addProvider,
  update_medi_appointment_provider_data_by_application_key_and_id: medical.updateProvider,
  delete_medi_appointment_provider_data_by_application_key_and_id: medical.deleteProvider,
  get_medi_appointment_category_data_and_total_number_by_sorting_and_limit: medical.categoryList,
  get_medi_appointment_category_data_by_application_key_and_id: medical.category,
  add_medi_appointment_category_data: medical.addCategory,
  update_medi_appointment_category_data_by_application_key_and_id: medical.updateCategory,
  delete_medi_appointment_category_data_by_application_key_and_id: medical.deleteCategory,
  get_medi_appointment_service_data_and_total_number_by_sorting_and_limit: medical.serviceList,
  get_medi_appointment_service_data_by_application_key_and_id: medical.service,
  add_medi_appointment_service_data: medical.addService,
  update_medi_appointment_service_data_by_application_key_and_id: medical.updateService,
  update_medi_appointment_service_position_data_by_application_key_and_id: medical.moveService,
  delete_medi_appointment_service_data_by_application_key_and_id: medical.deleteService,
  get_medi_appointment_choice_data_list_by_application_key: medical.choices,
};
