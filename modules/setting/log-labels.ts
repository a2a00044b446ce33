/** How the logs show the setting module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const settingLogLabels = {
  // Payment and delivery methods log as `<method>.<field>` (`fps.enabled`, `shop_delivery.charge_cents.hk`).
  store_setting_data: {
    enabled: flag("setting:field.enabled"),
    name_zh_hk: text("setting:field.name-zh-hk"),
    name_en: text("setting:field.name-en"),
    instructions_zh_hk: text("setting:field.instructions-zh-hk"),
    instructions_en: text("setting:field.instructions-en"),
    account_id: text("setting:field.account-id"),
    qr_image_url: { label: "setting:field.qr-image", kind: "files" },
    requires_proof: flag("setting:field.requires-proof"),
    card_fee_basis_points: { label: "setting:field.card-fee", kind: "basis-points" },
    unpaid_order_cancel_hours: count("setting:field.unpaid-order-cancel-hours"),
    two_step_required: flag("two-step:field.two-step-required"),
    "charge_cents.hk": money("setting:district.hk"),
    "charge_cents.kln": money("setting:district.kln"),
    "charge_cents.nt": money("setting:district.nt"),
    "charge_cents.island": money("setting:district.island"),
    free_delivery_amount_cents: money("setting:field.free-delivery-amount"),
    pickup_addresses: text("setting:field.pickup-addresses"),
    cash_dollar_enabled: flag("setting:field.cash-dollar-enabled"),
    cash_dollar_earn_rate: { label: "setting:field.earn-rate", kind: "hundredths" },
    cash_dollar_redeem_rate: { label: "setting:field.redeem-rate", kind: "hundredths" },
    welcome_cash_dollar_cents: money("setting:field.welcome-cash-dollar"),
    birthday_coupon_enabled: flag("setting:field.birthday-coupon-enabled"),
    course_cancel_hours: count("course-setup:field.course-cancel-hours"),
    monthly_fee_reminder_days: count("monthly-fee:field.reminder-days"),
    birthday_coupon_type: { label: "setting:field.birthday-coupon-type", kind: "setting:coupon-type" },
    birthday_coupon_amount: count("setting:field.birthday-coupon-amount"),
    birthday_coupon_minimum_subtotal_cents: money("setting:field.minimum-subtotal"),
    birthday_coupon_valid_days: count("setting:field.valid-days"),
    vip_enabled: flag("setting:field.vip-enabled"),
    vip_upgrade_spend_cents: money("setting:field.vip-upgrade-spend"),
    vip_upgrade_days: count("setting:field.vip-upgrade-days"),
  },
} satisfies LogLabels;
