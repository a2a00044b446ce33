/** How the logs show the setting module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const settingLogLabels = {
  // Payment and delivery methods log as `<method>.<field>` (`fps.enabled`, `shop_delivery.charge_cents.hk`).
  store_setting_data: {
    enabled: flag("settings:field.enabled"),
    name_zh_hk: text("settings:field.name-zh-hk"),
    name_en: text("settings:field.name-en"),
    instructions_zh_hk: text("settings:field.instructions-zh-hk"),
    instructions_en: text("settings:field.instructions-en"),
    account_id: text("settings:field.account-id"),
    qr_image_url: { label: "settings:field.qr-image", kind: "files" },
    requires_proof: flag("settings:field.requires-proof"),
    card_fee_basis_points: { label: "settings:field.card-fee", kind: "basis-points" },
    unpaid_order_cancel_hours: count("settings:field.unpaid-order-cancel-hours"),
    two_step_required: flag("two-step:field.two-step-required"),
    "charge_cents.hk": money("settings:district.hk"),
    "charge_cents.kln": money("settings:district.kln"),
    "charge_cents.nt": money("settings:district.nt"),
    "charge_cents.island": money("settings:district.island"),
    free_delivery_amount_cents: money("settings:field.free-delivery-amount"),
    pickup_addresses: text("settings:field.pickup-addresses"),
    cash_dollar_enabled: flag("settings:field.cash-dollar-enabled"),
    cash_dollar_earn_rate: { label: "settings:field.earn-rate", kind: "hundredths" },
    cash_dollar_redeem_rate: { label: "settings:field.redeem-rate", kind: "hundredths" },
    welcome_cash_dollar_cents: money("settings:field.welcome-cash-dollar"),
    birthday_coupon_enabled: flag("settings:field.birthday-coupon-enabled"),
    course_cancel_hours: count("course-setup:field.course-cancel-hours"),
    monthly_fee_reminder_days: count("monthly-fees:field.reminder-days"),
    birthday_coupon_type: { label: "settings:field.birthday-coupon-type", kind: "settings:coupon-type" },
    birthday_coupon_amount: count("settings:field.birthday-coupon-amount"),
    birthday_coupon_minimum_subtotal_cents: money("settings:field.minimum-subtotal"),
    birthday_coupon_valid_days: count("settings:field.valid-days"),
    vip_enabled: flag("settings:field.vip-enabled"),
    vip_upgrade_spend_cents: money("settings:field.vip-upgrade-spend"),
    vip_upgrade_days: count("settings:field.vip-upgrade-days"),
  },
} satisfies LogLabels;
