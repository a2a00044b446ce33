/** How the logs show the member module's changes: each logged field's label (its form's) and how its value reads. */
import type { MemberRecord } from "#modules/member/contract";
import { count, flag, text, type Fields, type LogLabels } from "~/server/log-labels";

export const memberLogLabels = {
  member_data: {
    name: text("members:field.name"),
    email: text("members:field.email"),
    phone: text("members:field.phone"),
    registration_date: text("members:field.registration-date"),
    level: { label: "members:field.level", kind: "members:level" },
    birthday_month: count("members:field.birthday-month"),
    marketing_consent: flag("members:field.marketing-consent"),
    disabled: flag("members:field.disabled"),
    note: text("members:field.note"),
    delivery_address: text("members:field.delivery-address"),
    delivery_district: { label: "members:field.delivery-district", kind: "members:district" },
  } satisfies Fields<
    Exclude<keyof MemberRecord, "id" | "member_code" | "cash_dollar_cents" | "create_date" | "version">
  >,
} satisfies LogLabels;
