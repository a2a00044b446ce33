/**
 * A log entry in words: the record by its kind and name ("Plan "Pro"") and each change by the field's
 * label, with values as people read them (HK$1,280.50, Yes/No, names of modules and options, — for
 * empty). The labels are the ones the record's own form uses.
 */
import type { ParseKeys } from "i18next";
import type { LogRecord, PlanRecord } from "#contract/actions";
import type { AddOnProductRecord } from "#modules/add-on-product/contract";
import type { CategoryRecord } from "#modules/category/contract";
import type {
  appointmentCategoryFields,
  appointmentServiceFields,
  providerFields,
} from "#modules/appointment-setup/contract";
import type { coachFields, courseTypeFields, creditPackageFields } from "#modules/course-setup/contract";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import type { MemberRecord } from "#modules/member/contract";
import { MODULE_IDS } from "#contract/modules";
import { formatHkd } from "#contract/money";
import type { productFields } from "#modules/product/contract";
import type { AppTFunction, Locale, Namespace } from "~/i18n";
import { translateKey } from "~/utils/messages";

/** What the words need of an entry: the console's log and the store's staff log both have it. */
type Entry = Pick<LogRecord, "data_type" | "record_id" | "record_name_zh_hk" | "record_name_en" | "changes">;

type Label = ParseKeys<["common", ...Namespace[]]>;
/** How a value reads; "text" when not said. Option lists name their catalogue ("common:module"). */
type Kind = "money" | "flag" | "number" | "hundredths" | "basis-points" | "id" | "ids" | "files" | OptionList;
type OptionList =
  | "common:module"
  | "plans:plan-type"
  | "stores:language"
  | "stores:currency"
  | "stores:payment"
  | "stores:delivery"
  | "settings:coupon-type"
  | "plan-orders:discount-type"
  | "members:level"
  | "members:district"
  | "coupons:usage"
  | "coupons:audience"
  | "orders:status"
  | "orders:payment-status"
  | "staff-accounts:role"
  | "staff-accounts:permission"
  | "purchase-orders:status"
  | "quotations:status"
  | "enquiries:status"
  | "push-notifications:status"
  | "push-notifications:audience"
  | "course-setup:validity-starts"
  | "credit-orders:status"
  | "credit-orders:payment-status"
  | "course-bookings:booking-status"
  | "course-bookings:attendance"
  | "timetable:status"
  | "timetable:weekday"
  | "timetable:apply-to"
  | "monthly-fees:status"
  | "renting:status"
  | "renting:product-status"
  | "appointment-setup:status"
  | "appointment-records:patient-log"
  | "appointment-bookings:status"
  | "appointment-bookings:channel"
  | "quotation-requests:status"
  | "product-booking:status";
type Field = { label: Label; kind?: Kind };
type Fields<Name extends string> = Record<Name, Field>;

const money = (label: Label): Field => ({ label, kind: "money" });
const flag = (label: Label): Field => ({ label, kind: "flag" });
const count = (label: Label): Field => ({ label, kind: "number" });
const text = (label: Label): Field => ({ label });

/** A booking's log: who, what and when (medical patient details are never part of it). */
const APPOINTMENT_RECORD_FIELDS: Fields<
  | "service_id"
  | "provider_id"
  | "member_id"
  | "customer_name"
  | "customer_phone"
  | "customer_email"
  | "starts_at"
  | "ends_at"
  | "price_cents"
  | "status"
  | "channel"
  | "note"
> = {
  service_id: { label: "appointment-bookings:field.service", kind: "id" },
  provider_id: { label: "appointment-bookings:field.provider", kind: "id" },
  member_id: { label: "appointment-bookings:field.member", kind: "id" },
  customer_name: text("appointment-bookings:field.customer-name"),
  customer_phone: text("appointment-bookings:field.customer-phone"),
  customer_email: text("appointment-bookings:field.customer-email"),
  starts_at: text("appointment-bookings:field.starts-at"),
  ends_at: text("appointment-bookings:field.ends-at"),
  price_cents: money("appointment-bookings:field.price"),
  status: { label: "appointment-bookings:field.status", kind: "appointment-bookings:status" },
  channel: { label: "appointment-bookings:field.channel", kind: "appointment-bookings:channel" },
  note: text("appointment-bookings:field.note"),
};

/** An enquiry's log keeps only its handling, never what the enquirer wrote. */
const ENQUIRY_FIELDS: Fields<"status" | "assignee" | "note_changed" | "replied"> = {
  status: { label: "enquiries:field.status", kind: "enquiries:status" },
  assignee: text("enquiries:field.assignee"),
  note_changed: flag("enquiries:field.note-changed"),
  replied: flag("enquiries:field.replied"),
};

const APPOINTMENT_PROVIDER_FIELDS: Fields<keyof typeof providerFields> = {
  name_zh_hk: text("appointment-setup:field.name-zh-hk"),
  name_en: text("appointment-setup:field.name-en"),
  staff_id: { label: "appointment-setup:field.staff", kind: "id" },
  active: flag("appointment-setup:field.active"),
};

const APPOINTMENT_CATEGORY_FIELDS: Fields<keyof typeof appointmentCategoryFields> = {
  name_zh_hk: text("appointment-setup:field.name-zh-hk"),
  name_en: text("appointment-setup:field.name-en"),
  image_url: { label: "appointment-setup:field.image", kind: "files" },
  description: text("appointment-setup:field.description"),
  status: { label: "appointment-setup:field.status", kind: "appointment-setup:status" },
};

const APPOINTMENT_SERVICE_FIELDS: Fields<keyof typeof appointmentServiceFields> = {
  name_zh_hk: text("appointment-setup:field.name-zh-hk"),
  name_en: text("appointment-setup:field.name-en"),
  description: text("appointment-setup:field.description"),
  category_id: { label: "appointment-setup:field.category", kind: "id" },
  provider_id: { label: "appointment-setup:field.provider", kind: "id" },
  duration_minutes: count("appointment-setup:field.duration"),
  price_cents: money("appointment-setup:field.price"),
  buffer_before_minutes: count("appointment-setup:field.buffer-before"),
  buffer_after_minutes: count("appointment-setup:field.buffer-after"),
  capacity: count("appointment-setup:field.capacity"),
  min_notice_hours: count("appointment-setup:field.min-notice"),
  booking_window_days: count("appointment-setup:field.booking-window"),
  status: { label: "appointment-setup:field.status", kind: "appointment-setup:status" },
  schedules: text("appointment-setup:section.schedules"),
};

const PRODUCT_FIELDS: Fields<keyof typeof productFields | "category_id"> = {
  product_code: text("products:field.product-code"),
  name_zh_hk: text("products:field.name-zh-hk"),
  name_en: text("products:field.name-en"),
  description_zh_hk: text("products:field.description-zh-hk"),
  description_en: text("products:field.description-en"),
  price_cents: money("products:field.price"),
  original_price_cents: money("products:field.original-price"),
  discount_price_cents: money("products:field.discount-price"),
  vip_price_cents: money("products:field.vip-price"),
  cost_cents: money("products:field.cost"),
  sku: text("products:field.sku"),
  barcode: text("products:field.barcode"),
  unlimited_inventory: flag("products:field.unlimited-inventory"),
  stock: count("products:field.stock"),
  purchase_limit: count("products:field.purchase-limit"),
  minimum_order_quantity: count("products:field.minimum-order-quantity"),
  heavy: flag("products:field.heavy"),
  bestseller: flag("products:field.bestseller"),
  publish: flag("products:field.publish"),
  seo_title: text("products:field.seo-title"),
  seo_keyword: text("products:field.seo-keyword"),
  seo_description: text("products:field.seo-description"),
  descriptive_url: text("products:field.descriptive-url"),
  images: { label: "products:section.images", kind: "files" },
  category_ids: { label: "products:field.categories", kind: "ids" },
  add_on_product_ids: { label: "products:field.add-ons", kind: "ids" },
  category_id: { label: "products:field.category", kind: "id" },
};

const FIELDS: Record<LogRecord["data_type"], Partial<Record<string, Field>>> = {
  product_data: PRODUCT_FIELDS,
  product_stock: {
    stock: count("products:column.stock"),
    reason: text("products:field.reason"),
  },
  category_data: {
    name_zh_hk: text("categories:field.name-zh-hk"),
    name_en: text("categories:field.name-en"),
    image_url: { label: "categories:field.image", kind: "files" },
    sort_order: count("categories:field.sort-order"),
    publish: flag("categories:field.publish"),
  } satisfies Fields<
    Exclude<keyof CategoryRecord, "id" | "data_type" | "application_key" | "product_count" | "create_date" | "version">
  >,
  add_on_product_data: {
    name_zh_hk: text("addons:field.name-zh-hk"),
    name_en: text("addons:field.name-en"),
    price_cents: money("addons:field.price"),
    unlimited_inventory: flag("addons:field.unlimited-inventory"),
    stock: count("addons:field.stock"),
    image_url: { label: "addons:field.image", kind: "files" },
    barcode: text("addons:field.barcode"),
    publish: flag("addons:field.publish"),
  } satisfies Fields<Exclude<keyof AddOnProductRecord, "id" | "create_date" | "version">>,
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
  member_cash_dollar: {
    cash_dollar_cents: { label: "members:cash-dollar.balance", kind: "hundredths" },
    reason: text("members:cash-dollar.field.reason"),
  },
  plan_data: {
    name_zh_hk: text("plans:field.name-zh-hk"),
    name_en: text("plans:field.name-en"),
    plan_type: { label: "plans:field.plan-type", kind: "plans:plan-type" },
    price_cents: money("plans:field.price"),
    period_days: count("plans:field.period-days"),
    module_list: { label: "plans:field.modules", kind: "common:module" },
    has_cash_dollar: flag("plans:field.has-cash-dollar"),
    has_vip: flag("plans:field.has-vip"),
    default_language_and_currency_only: flag("plans:field.default-language-and-currency-only"),
    disabled: flag("plans:field.disabled"),
  } satisfies Fields<Exclude<keyof PlanRecord, "id" | "data_type" | "version">>,
  purchased_plan_data: {
    plan_id: { label: "stores:field.plan", kind: "id" },
    plan_type: { label: "plans:field.plan-type", kind: "plans:plan-type" },
    store_payment_id: text("stores:field.store-payment-id"),
    start_date: text("stores:field.start-date"),
    expiry_date: text("stores:field.expiry-date"),
    module_list: { label: "plans:field.modules", kind: "common:module" },
    disabled: flag("common:form.disabled"),
    price_before_cents: money("plan-orders:field.price-before"),
    price_cents: money("plan-orders:field.amount"),
    promotion_code: text("plan-orders:field.promotion-code"),
  },
  plan_promotion_code_data: {
    code: text("plan-orders:field.code"),
    discount_type: { label: "plan-orders:field.discount-type", kind: "plan-orders:discount-type" },
    percent_off: count("plan-orders:field.percent-off"),
    cash_off_cents: money("plan-orders:field.cash-off"),
    valid_from: text("plan-orders:field.valid-from"),
    valid_to: text("plan-orders:field.valid-to"),
    usage_limit: count("plan-orders:field.usage-limit"),
    plan_ids: { label: "plan-orders:field.plans", kind: "ids" },
    disabled: flag("common:form.disabled"),
  },
  coupon_data: {
    title_zh_hk: text("coupons:field.title-zh-hk"),
    title_en: text("coupons:field.title-en"),
    code: text("coupons:field.code"),
    description: text("coupons:field.description"),
    image_url: { label: "coupons:field.image", kind: "files" },
    usage: { label: "coupons:field.usage", kind: "coupons:usage" },
    audience: { label: "coupons:field.audience", kind: "coupons:audience" },
    members: text("coupons:field.members"),
    discount_type: { label: "coupons:field.discount-type", kind: "plan-orders:discount-type" },
    percent_off: count("coupons:field.percent-off"),
    cash_off_cents: money("coupons:field.cash-off"),
    starts_at: text("coupons:field.starts-at"),
    expires_at: text("coupons:field.expires-at"),
    minimum_subtotal_cents: money("coupons:field.minimum-subtotal"),
    usage_limit: count("coupons:field.usage-limit"),
    disabled: flag("common:form.disabled"),
  },
  order_data: {
    status: { label: "orders:field.status", kind: "orders:status" },
    payment_status: { label: "orders:field.payment-status", kind: "orders:payment-status" },
    refunded_cents: money("orders:field.refunded"),
    cash_dollar_earned_cents: { label: "orders:field.cash-dollar-earned", kind: "hundredths" },
    receiver_name: text("orders:field.receiver-name"),
    receiver_phone: text("orders:field.receiver-phone"),
    delivery_address: text("orders:field.delivery-address"),
    delivery_district: { label: "orders:field.delivery-district", kind: "members:district" },
    delivery_remark: text("orders:field.delivery-remark"),
    delivery_number: text("orders:field.delivery-number"),
  },
  pos_shift: {
    float_cents: money("shifts:field.float"),
    pay_in: money("shifts:kind.pay_in"),
    pay_out: money("shifts:kind.pay_out"),
    reason: text("shifts:field.reason"),
    counted_cents: money("shifts:field.counted"),
    note: text("shifts:field.note"),
  },
  supplier_data: {
    name: text("suppliers:field.name"),
    contact_person: text("suppliers:field.contact-person"),
    phone: text("suppliers:field.phone"),
    email: text("suppliers:field.email"),
    address: text("suppliers:field.address"),
    note: text("suppliers:field.note"),
    products: text("suppliers:field.products"),
  },
  purchase_order_data: {
    supplier_name: text("purchase-orders:field.supplier"),
    status: { label: "purchase-orders:field.status", kind: "purchase-orders:status" },
    expected_date: text("purchase-orders:field.expected-date"),
    note: text("purchase-orders:field.note"),
    total_cents: money("purchase-orders:field.total"),
    received_quantity: count("purchase-orders:field.received-quantity"),
    lines: text("purchase-orders:field.lines"),
  },
  enquiry_data: ENQUIRY_FIELDS,
  medi_enquiry_data: ENQUIRY_FIELDS,
  push_notification_data: {
    title_zh_hk: text("push-notifications:field.title-zh-hk"),
    title_en: text("push-notifications:field.title-en"),
    body_zh_hk: text("push-notifications:field.body-zh-hk"),
    body_en: text("push-notifications:field.body-en"),
    image_url: { label: "push-notifications:field.image", kind: "files" },
    audience: { label: "push-notifications:field.audience", kind: "push-notifications:audience" },
    members: text("push-notifications:field.members"),
    status: { label: "push-notifications:field.status", kind: "push-notifications:status" },
    send_at: text("push-notifications:field.send-at"),
    link: text("push-notifications:section.link"),
  },
  home_banner_data: {
    desktop_image_url: { label: "banners:field.desktop-image", kind: "files" },
    mobile_image_url: { label: "banners:field.mobile-image", kind: "files" },
    alt_zh_hk: text("banners:field.alt-zh-hk"),
    alt_en: text("banners:field.alt-en"),
    title_zh_hk: text("banners:field.title-zh-hk"),
    title_en: text("banners:field.title-en"),
    link: text("banners:field.link"),
    start_at: text("banners:field.start-at"),
    end_at: text("banners:field.end-at"),
    publish: flag("banners:field.publish"),
    order: count("banners:field.order"),
  },
  menu_item_data: {
    label_zh_hk: text("site-menu:field.label-zh-hk"),
    label_en: text("site-menu:field.label-en"),
    link: text("site-menu:field.link"),
    place: text("site-menu:field.place"),
    items_under: count("site-menu:field.items-under"),
  },
  yoga_coach_data: {
    name_zh_hk: text("course-setup:field.name-zh-hk"),
    name_en: text("course-setup:field.name-en"),
    photo_url: { label: "course-setup:field.photo", kind: "files" },
    bio: text("course-setup:field.bio"),
    active: flag("course-setup:field.active"),
  } satisfies Fields<keyof typeof coachFields>,
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
  yoga_course_data: {
    course_type_id: { label: "timetable:field.course-type", kind: "id" },
    coach_id: { label: "timetable:field.coach", kind: "id" },
    location: text("timetable:field.location"),
    starts_at: text("timetable:field.start-time"),
    ends_at: text("timetable:field.end-time"),
    credits_needed: count("timetable:field.credits-needed"),
    max_places: count("timetable:field.max-places"),
    note: text("timetable:field.note"),
    status: { label: "timetable:field.status", kind: "timetable:status" },
    weekdays: { label: "timetable:field.weekdays", kind: "timetable:weekday" },
    to_date: text("timetable:field.to-date"),
    sessions: count("timetable:field.sessions"),
    apply_to: { label: "timetable:field.apply-to", kind: "timetable:apply-to" },
  },
  credit_order_data: {
    status: { label: "credit-orders:column.status", kind: "credit-orders:status" },
    payment_status: { label: "credit-orders:field.payment-status", kind: "credit-orders:payment-status" },
    payment_method: { label: "credit-orders:field.payment-method", kind: "stores:payment" },
    price_cents: money("credit-orders:column.price"),
    note: text("credit-orders:field.note"),
  },
  appointment_provider_data: APPOINTMENT_PROVIDER_FIELDS,
  appointment_category_data: APPOINTMENT_CATEGORY_FIELDS,
  appointment_service_data: APPOINTMENT_SERVICE_FIELDS,
  appointment_record_data: APPOINTMENT_RECORD_FIELDS,
  medi_appointment_provider_data: APPOINTMENT_PROVIDER_FIELDS,
  medi_appointment_category_data: APPOINTMENT_CATEGORY_FIELDS,
  medi_appointment_service_data: APPOINTMENT_SERVICE_FIELDS,
  medi_appointment_record_data: {
    ...APPOINTMENT_RECORD_FIELDS,
    patient_details: { label: "appointment-records:log.patient-details", kind: "appointment-records:patient-log" },
  },
  monthly_fee_plan_data: {
    name_zh_hk: text("monthly-fees:field.name-zh-hk"),
    name_en: text("monthly-fees:field.name-en"),
    days: count("monthly-fees:field.days"),
    price_cents: money("monthly-fees:field.price"),
    active: flag("monthly-fees:field.active"),
  },
  monthly_fee_record_data: {
    plan_id: { label: "monthly-fees:field.plan", kind: "id" },
    period_start: text("monthly-fees:field.period-start"),
    period_end: text("monthly-fees:field.period-end"),
    amount_cents: money("monthly-fees:field.amount"),
    status: { label: "monthly-fees:field.status", kind: "monthly-fees:status" },
    renews: flag("monthly-fees:field.renews"),
    payment_method: { label: "monthly-fees:field.payment-method", kind: "stores:payment" },
    paid_at: text("monthly-fees:field.paid-at"),
    note: text("monthly-fees:field.note"),
  },
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
  },
  quotation_data: {
    company_name: text("quotations:field.company-name"),
    contact_name: text("quotations:field.contact-name"),
    email: text("quotations:field.email"),
    phone: text("quotations:field.phone"),
    address: text("quotations:field.address"),
    discount_cents: money("quotations:field.discount"),
    delivery_cents: money("quotations:field.delivery"),
    total_cents: money("quotations:field.total"),
    valid_until: text("quotations:field.valid-until"),
    terms: text("quotations:field.terms"),
    note: text("quotations:field.note"),
    status: { label: "quotations:field.status", kind: "quotations:status" },
    revision: count("quotations:field.revision"),
    lines: text("quotations:field.lines"),
    sent_at: text("quotations:field.sent-at"),
  },
  quotation_request_data: {
    status: { label: "quotation-requests:field.status", kind: "quotation-requests:status" },
    quotation_number: count("quotation-requests:field.quotation-number"),
  },
  // A booking's fields, and a product's booking setting (logged under the product's code).
  product_booking_data: {
    product_id: { label: "product-booking:field.product", kind: "id" },
    member_id: { label: "product-booking:field.member", kind: "id" },
    customer_name: text("product-booking:field.customer-name"),
    customer_phone: text("product-booking:field.customer-phone"),
    customer_email: text("product-booking:field.customer-email"),
    quantity: count("product-booking:field.quantity"),
    deposit_cents: money("product-booking:column.deposit"),
    deposit_paid: flag("product-booking:field.deposit-paid"),
    status: { label: "product-booking:field.status", kind: "product-booking:status" },
    order_id: { label: "product-booking:field.order", kind: "id" },
    note: text("product-booking:field.note"),
    open: flag("product-booking:field.open"),
    quota: count("product-booking:field.quota"),
    expected_arrival_date: text("product-booking:field.arrival"),
  },
  yoga_course_record_data: {
    session_id: { label: "course-bookings:log.session", kind: "id" },
    starts_at: text("course-bookings:field.time"),
    member_id: { label: "course-bookings:column.member", kind: "id" },
    credit_id: { label: "course-bookings:column.package", kind: "id" },
    credits_spent: count("course-bookings:column.credits"),
    credits_returned: count("course-bookings:column.credits-returned"),
    status: { label: "course-bookings:record.column.status", kind: "course-bookings:booking-status" },
    attendance: { label: "course-bookings:column.attendance", kind: "course-bookings:attendance" },
  },
  store_account_data: {
    store_name: text("stores:field.store-name"),
    sub_domain: text("stores:field.sub-domain"),
    email: text("stores:field.login-email"),
    password: text("auth:password"),
    cms_side_menu: { label: "stores:field.cms-side-menu", kind: "common:module" },
    accept_language: { label: "stores:field.accept-language", kind: "stores:language" },
    accept_currency: { label: "stores:field.accept-currency", kind: "stores:currency" },
    payment_method_list: { label: "stores:field.payment-methods", kind: "stores:payment" },
    delivery_method_list: { label: "stores:field.delivery-methods", kind: "stores:delivery" },
    enquiry_only: flag("stores:field.enquiry-only"),
    disabled: flag("stores:field.disabled"),
    two_step: flag("two-step:field.two-step"),
  },
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
  store_staff_data: {
    name: text("staff-accounts:field.name"),
    email: text("staff-accounts:field.email"),
    role: { label: "staff-accounts:field.role", kind: "staff-accounts:role" },
    disabled: flag("staff-accounts:field.disabled"),
    password: text("staff-accounts:field.password"),
    // Each module's level is logged as its own field, so the log shows only the levels that changed.
    ...Object.fromEntries(
      MODULE_IDS.map((module) => [
        `permission.${module}`,
        { label: `common:module.${module}`, kind: "staff-accounts:permission" } satisfies Field,
      ]),
    ),
  },
  custom_page_data: {
    title_zh_hk: text("custom-pages:field.title-zh-hk"),
    title_en: text("custom-pages:field.title-en"),
    link: text("custom-pages:field.link"),
    seo_title: text("custom-pages:field.seo-title"),
    seo_keywords: text("custom-pages:field.seo-keywords"),
    seo_description: text("custom-pages:field.seo-description"),
    share_image_url: { label: "custom-pages:field.share-image", kind: "files" },
    publish: flag("custom-pages:field.publish"),
    // A fingerprint of the HTML: it shows that the content changed.
    content: text("custom-pages:field.content"),
  },
  internal_account_data: {
    email: text("provider-staff:field.email"),
    name: text("provider-staff:field.name"),
    password: text("provider-staff:field.password"),
    disabled: flag("provider-staff:field.disabled"),
  },
};

const EMPTY = "—";
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function formatValue(value: unknown, kind: Kind | undefined, t: AppTFunction, locale: Locale): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return EMPTY;
  }
  if (Array.isArray(value)) {
    return value.map((item) => formatValue(item, kind, t, locale)).join(t("console:list-separator"));
  }
  if (typeof value === "boolean") return t(value ? "common:form.yes" : "common:form.no");
  switch (kind) {
    case "money":
      return typeof value === "number" ? formatHkd(value) : String(value);
    case "number":
      return typeof value === "number" ? value.toLocaleString(locale) : String(value);
    case "hundredths":
      return typeof value === "number" ? (value / 100).toLocaleString(locale) : String(value);
    case "basis-points":
      return typeof value === "number" ? `${(value / 100).toLocaleString(locale)}%` : String(value);
    case "id":
    case "ids":
      return `#${String(value)}`;
    case "files":
      return String(value).split("/").pop() ?? String(value);
    case undefined:
      break;
    default:
      return translateKey(t, `${kind}.${String(value)}`, { defaultValue: String(value) });
  }
  if (typeof value === "string") return ISO_TIME.test(value) ? hongKongTime(value) : value;
  return JSON.stringify(value);
}

/** The record as people call it: its kind and name, or its kind and id on entries without a name. */
export function describeRecord(entry: Entry, t: AppTFunction, locale: Locale): string {
  const type = translateKey(t, `console:data-type.${entry.data_type}`, { defaultValue: entry.data_type });
  if (entry.record_name_zh_hk === null) return t("console:record-numbered", { type, id: entry.record_id });
  const name = localizedName(
    { record_name_zh_hk: entry.record_name_zh_hk, record_name_en: entry.record_name_en ?? "" },
    locale,
    "record_name",
  );
  return t("console:record-named", { type, name });
}

/** A payment or delivery method by its name. */
const methodName = (method: string, t: AppTFunction) =>
  translateKey(t, `stores:payment.${method}`, {
    defaultValue: translateKey(t, `stores:delivery.${method}`, { defaultValue: method }),
  });

/** "Label: before → after" for each changed field. */
export function describeChanges(entry: Entry, t: AppTFunction, locale: Locale): string[] {
  const fields = FIELDS[entry.data_type] ?? {};
  return Object.entries(entry.changes).map(([name, [before, after]]) => {
    const [, method, fieldName] = /^(?:(\w+?)\.)?(\w+(?:\.\w+)?)$/.exec(name) ?? [];
    const ownField = fields[name];
    const field = ownField ?? (fieldName ? fields[fieldName] : undefined);
    const label = field ? t(field.label) : name;
    return t("console:change", {
      field: !ownField && field && method ? `${methodName(method, t)} · ${label}` : label,
      before: formatValue(before, field?.kind, t, locale),
      after: formatValue(after, field?.kind, t, locale),
    });
  });
}
