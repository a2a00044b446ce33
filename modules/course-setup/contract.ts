import * as z from "zod";
import { multilineText, optional, text, whileValid } from "../../contract/field-rules";
import type { Examples } from "../../contract/examples";
import { CREDIT_VALIDITY_STARTS } from "../../contract/options";
import { applicationKey, cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";
import {
  COACH_SORTS,
  COURSE_TYPE_SORTS,
  CREDIT_PACKAGE_SORTS,
  COACH_STATUSES,
  CREDIT_PACKAGE_STATUSES,
} from "./options";

/** Courses set-up (docs/modules.md "Courses: set-up"): coaches, course types, credit packages, the cancel window. */

/** The most credits one package grants, and the longest it stays valid (ten years). */
export const MAX_PACKAGE_CREDITS = 1_000;
export const MAX_VALIDITY_DAYS = 3_650;
/** The late cancellation window goes up to a week before the session. */
export const MAX_COURSE_CANCEL_HOURS = 168;
/** A package pays for at most this many course types (a store has a handful). */
export const MAX_PACKAGE_COURSE_TYPES = 100;
const MAX_DESCRIPTION_LENGTH = 2_000;

/** A colour as `<input type="color">` posts it, #rrggbb, kept lower case. */
export const colour = () =>
  text({ max: 7 })
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, { error: "format-not-match", ...whileValid });

export const coachFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  /** A file the upload action stored for this store (module yoga_course). */
  photo_url: optional(uploadedFileUrl()),
  bio: multilineText({ max: MAX_DESCRIPTION_LENGTH, required: false }),
  active: flag,
};

export const courseTypeFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  colour: colour(),
  description: multilineText({ max: MAX_DESCRIPTION_LENGTH, required: false }),
};

export const creditPackageFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  credits: wholeNumber(1, MAX_PACKAGE_CREDITS),
  price_cents: cents,
  validity_days: wholeNumber(1, MAX_VALIDITY_DAYS),
  validity_starts: z.enum(CREDIT_VALIDITY_STARTS, { error: "force-input" }),
  /** The course types it pays for: at least one. */
  course_type_ids: z
    .array(id, { error: "force-input" })
    .min(1, { error: "force-input" })
    .max(MAX_PACKAGE_COURSE_TYPES, { error: "format-not-match" }),
  on_sale: flag,
};

export const courseSettingFields = {
  course_cancel_hours: wholeNumber(0, MAX_COURSE_CANCEL_HOURS),
};

const byId = { application_key: applicationKey, id };
const storeKey = { application_key: applicationKey };

export const courseSetupPayloads = {
  get_yoga_coach_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(COACH_SORTS),
    /** A word anywhere in the Chinese or English name. */
    keyword,
    status: optional(z.enum(COACH_STATUSES)),
  }),
  get_yoga_coach_data_by_application_key_and_id: z.object(byId),
  add_yoga_coach_data: z.object({ ...storeKey, ...coachFields }),
  update_yoga_coach_data_by_application_key_and_id: z.object({ ...coachFields, ...byId, version }),
  /** A coach with sessions cannot be deleted (409 record-in-use): make them inactive instead. */
  delete_yoga_coach_data_by_application_key_and_id: z.object(byId),

  get_yoga_course_type_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(COURSE_TYPE_SORTS),
    keyword,
  }),
  get_yoga_course_type_data_by_application_key_and_id: z.object(byId),
  add_yoga_course_type_data: z.object({ ...storeKey, ...courseTypeFields }),
  update_yoga_course_type_data_by_application_key_and_id: z.object({ ...courseTypeFields, ...byId, version }),
  /** A type with sessions cannot be deleted (409 record-in-use); packages stop paying for it. */
  delete_yoga_course_type_data_by_application_key_and_id: z.object(byId),

  get_credit_package_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(CREDIT_PACKAGE_SORTS),
    keyword,
    status: optional(z.enum(CREDIT_PACKAGE_STATUSES)),
  }),
  get_credit_package_data_by_application_key_and_id: z.object(byId),
  add_credit_package_data: z.object({ ...storeKey, ...creditPackageFields }),
  /** Orders already made keep what they sold (their own copy of the package). */
  update_credit_package_data_by_application_key_and_id: z.object({ ...creditPackageFields, ...byId, version }),
  /** Only a package never sold (409 record-in-use): take it off sale instead. */
  delete_credit_package_data_by_application_key_and_id: z.object(byId),

  get_course_setting_data_by_application_key: z.object(storeKey),
  update_course_setting_data_by_application_key: z.object({ ...storeKey, ...courseSettingFields, version }),

  /** Active coaches and every course type, for the choices of the timetable's forms and filters. */
  /** Every course type, for the credit package form (which needs no yoga_course permission). */
  get_yoga_course_type_data_list_by_application_key: z.object(storeKey),
};

export interface CoachRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  photo_url: string | null;
  bio: string;
  active: boolean;
  create_date: string;
  version: number;
}

export interface CourseTypeRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  colour: string;
  description: string;
  create_date: string;
  version: number;
}

export interface CreditPackageRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  credits: number;
  price_cents: number;
  validity_days: number;
  validity_starts: (typeof CREDIT_VALIDITY_STARTS)[number];
  on_sale: boolean;
  create_date: string;
  version: number;
}

export interface CourseSetting {
  course_cancel_hours: number;
  version: number;
}

export type CourseTypeChoice = Pick<CourseTypeRecord, "id" | "name_zh_hk" | "name_en" | "colour">;

export interface CourseSetupResults {
  get_yoga_coach_data_and_total_number_by_sorting_and_limit: CoachRecord[];
  get_yoga_coach_data_by_application_key_and_id: CoachRecord;
  add_yoga_coach_data: { id: number };
  update_yoga_coach_data_by_application_key_and_id: null;
  delete_yoga_coach_data_by_application_key_and_id: null;
  get_yoga_course_type_data_and_total_number_by_sorting_and_limit: CourseTypeRecord[];
  get_yoga_course_type_data_by_application_key_and_id: CourseTypeRecord;
  add_yoga_course_type_data: { id: number };
  update_yoga_course_type_data_by_application_key_and_id: null;
  delete_yoga_course_type_data_by_application_key_and_id: null;
  get_credit_package_data_and_total_number_by_sorting_and_limit: CreditPackageRecord[];
  get_credit_package_data_by_application_key_and_id: CreditPackageRecord & { course_type_ids: number[] };
  add_credit_package_data: { id: number };
  update_credit_package_data_by_application_key_and_id: null;
  delete_credit_package_data_by_application_key_and_id: null;
  get_course_setting_data_by_application_key: CourseSetting;
  update_course_setting_data_by_application_key: null;
  get_yoga_course_type_data_list_by_application_key: CourseTypeChoice[];
}

const exampleCoach = { name_zh_hk: "導師", bio: "十年教學經驗", active: true };
const exampleType = { name_zh_hk: "哈達瑜伽", colour: "#2e7d32" };
const examplePackage = (course_type_id: number) => ({
  name_zh_hk: "十堂套票",
  credits: 10,
  price_cents: 100_000,
  validity_days: 90,
  validity_starts: "purchase" as const,
  course_type_ids: [course_type_id],
  on_sale: true,
});

export interface CourseSetupExampleRecords {
  /** A coach and a course type, and a credit package for that type, on sale. */
  coach_id: number;
  course_type_id: number;
  credit_package_id: number;
}

export const courseSetupExamples: Examples<typeof courseSetupPayloads> = {
  get_yoga_coach_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    status: "active",
  }),
  get_yoga_coach_data_by_application_key_and_id: ({ application_key, coach_id }) => ({
    application_key,
    id: coach_id,
  }),
  add_yoga_coach_data: ({ application_key, uploaded_image_url }) => ({
    application_key,
    ...exampleCoach,
    photo_url: uploaded_image_url,
  }),
  update_yoga_coach_data_by_application_key_and_id: ({ application_key, coach_id }) => ({
    application_key,
    id: coach_id,
    ...exampleCoach,
    version: 1,
  }),
  delete_yoga_coach_data_by_application_key_and_id: ({ application_key, coach_id }) => ({
    application_key,
    id: coach_id,
  }),
  get_yoga_course_type_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({ application_key }),
  get_yoga_course_type_data_by_application_key_and_id: ({ application_key, course_type_id }) => ({
    application_key,
    id: course_type_id,
  }),
  add_yoga_course_type_data: ({ application_key }) => ({ application_key, ...exampleType }),
  update_yoga_course_type_data_by_application_key_and_id: ({ application_key, course_type_id }) => ({
    application_key,
    id: course_type_id,
    ...exampleType,
    version: 1,
  }),
  delete_yoga_course_type_data_by_application_key_and_id: ({ application_key, course_type_id }) => ({
    application_key,
    id: course_type_id,
  }),
  get_credit_package_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    status: "on_sale",
  }),
  get_credit_package_data_by_application_key_and_id: ({ application_key, credit_package_id }) => ({
    application_key,
    id: credit_package_id,
  }),
  add_credit_package_data: ({ application_key, course_type_id }) => ({
    application_key,
    ...examplePackage(course_type_id),
  }),
  update_credit_package_data_by_application_key_and_id: ({ application_key, credit_package_id, course_type_id }) => ({
    application_key,
    id: credit_package_id,
    ...examplePackage(course_type_id),
    version: 1,
  }),
  delete_credit_package_data_by_application_key_and_id: ({ application_key, credit_package_id }) => ({
    application_key,
    id: credit_package_id,
  }),
  get_course_setting_data_by_application_key: ({ application_key }) => ({ application_key }),
  update_course_setting_data_by_application_key: ({ application_key }) => ({
    application_key,
    course_cancel_hours: 24,
    version: 1,
  }),
  get_yoga_course_type_data_list_by_application_key: ({ application_key }) => ({ application_key }),
};
