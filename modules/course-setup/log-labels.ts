/** How the logs show the course-setup module's changes: each logged field's label (its form's) and how its value reads. */
import type { coachFields, courseTypeFields, creditPackageFields } from "#modules/course-setup/contract";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

export const courseSetupLogLabels = {
  yoga_coach_data: {
    name_zh_hk: text("course-setup:field.name-zh-hk"),
    name_en: text("course-setup:field.name-en"),
    photo_url: { label: "course-setup:field.photo", kind: "files" },
    bio: text("course-setup:field.bio"),
    active: flag("course-setup:field.active"),
    /** Reset by the calendar feed's own action (modules/calendar-feed). */
    calendar_feed_version: count("calendar-feed:field.link-version"),
  } satisfies Fields<keyof typeof coachFields | "calendar_feed_version">,
  yoga_course_type_data: {
    name_zh_hk: text("course-setup:field.name-zh-hk"),
    name_en: text("course-setup:field.name-en"),
    colour: text("course-setup:field.colour"),
    description: text("course-setup:field.description"),
  } satisfies Fields<keyof typeof courseTypeFields>,
  credit_package_data: {
    name_zh_hk: text("course-setup:field.name-zh-hk"),
    name_en: text("course-setup:field.name-en"),
    credits: count("course-setup:field.credits"),
    price_cents: money("course-setup:field.price"),
    validity_days: count("course-setup:field.validity-days"),
    validity_starts: { label: "course-setup:field.validity-starts", kind: "course-setup:validity-starts" },
    course_type_ids: { label: "course-setup:field.course-types", kind: "ids" },
    on_sale: flag("course-setup:field.on-sale"),
  } satisfies Fields<keyof typeof creditPackageFields>,
} satisfies LogLabels;
