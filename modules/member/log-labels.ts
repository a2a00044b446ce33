/** How the logs show the member module's changes: each logged field's label (its form's) and how its value reads. */
import type { MemberRecord } from "#modules/member/contract";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

export const memberLogLabels = {
  member_data: {
    name: text("member:field.name"),
    email: text("member:field.email"),
    phone: text("member:field.phone"),
    registration_date: text("member:field.registration-date"),
    level: { label: "member:field.level", kind: "member:level" },
    birthday_month: count("member:field.birthday-month"),
    marketing_consent: flag("member:field.marketing-consent"),
    disabled: flag("member:field.disabled"),
    note: text("member:field.note"),
    delivery_address: text("member:field.delivery-address"),
    delivery_district: { label: "member:field.delivery-district", kind: "member:district" },
  } satisfies Fields<
    Exclude<keyof MemberRecord, "id" | "member_code" | "cash_dollar_cents" | "create_date" | "version">
  >,
  member_store_credit: {
    store_credit_cents: money("member:store-credit.balance"),
    reason: text("member:store-credit.field.reason"),
  },
} satisfies LogLabels;
