/** How the logs show the renting module's changes: each logged field's label (its form's) and how its value reads. */
import { count, money, text, type LogLabels } from "~/server/log-labels";

export const rentingLogLabels = {
  renting_product_data: {
    name_zh_hk: text("renting:field.name-zh-hk"),
    name_en: text("renting:field.name-en"),
    description_zh_hk: text("renting:field.description-zh-hk"),
    description_en: text("renting:field.description-en"),
    images: { label: "renting:field.images", kind: "files" },
    units_owned: count("renting:field.units-owned"),
    price_per_day_cents: money("renting:field.price-per-day"),
    price_per_week_cents: money("renting:field.price-per-week"),
    price_per_month_cents: money("renting:field.price-per-month"),
    deposit_cents: money("renting:field.deposit"),
    late_fee_per_day_cents: money("renting:field.late-fee-per-day"),
    status: { label: "renting:field.status", kind: "renting:product-status" },
  },
  renting_record_data: {
    product_id: { label: "renting:field.product-id", kind: "id" },
    member_id: { label: "renting:field.member-id", kind: "id" },
    customer_name: text("renting:field.customer-name"),
    customer_phone: text("renting:field.customer-phone"),
    customer_email: text("renting:field.customer-email"),
    units: count("renting:field.units"),
    starts_at: text("renting:field.starts-at"),
    ends_at: text("renting:field.ends-at"),
    rent_cents: money("renting:field.rent"),
    deposit_cents: money("renting:field.deposit-taken"),
    late_fee_cents: money("renting:field.late-fee"),
    deposit_refunded_cents: money("renting:field.deposit-refunded"),
    deposit_deduction_note: text("renting:field.deduction-note"),
    returned_at: text("renting:field.returned-at"),
    status: { label: "renting:field.status", kind: "renting:status" },
    note: text("renting:field.note"),
    pay_link_sent_to: text("common:pay-link.sent-to"),
  },
} satisfies LogLabels;
