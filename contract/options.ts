// Plain option lists, kept apart from the zod schemas so that pages importing them stay free of zod.
import { LOG_DATA_TYPE_MODULES } from "./log-data-types.generated";
import { MODULE_IDS, type ModuleId } from "./modules";

export { LOG_DATA_TYPE_MODULES };

/** The longest search a list takes: beyond it a URL is junk. */
export const MAX_KEYWORD_LENGTH = 100;

/** Spec §4: delivery methods; payment methods as the store settings will offer them. */
export const DELIVERY_METHODS = ["shop_delivery", "ef_locker", "alfred", "sf_store", "self_pickup"] as const;
export const PAYMENT_METHODS = [
  "cash",
  "credit_card",
  "fps",
  "payme",
  "alipay_hk",
  "wechat_pay",
  "bank_transfer",
  "paypal",
] as const;
/** Money the store holds for the customer, spent like a payment method where the gift card module or a member allows. */
export const STORED_VALUE_METHODS = ["gift_card", "store_credit"] as const;
/** What an order's payment can be: a method of the payment setting, or stored value. */
/** What returned goods paid of the POS sale they were exchanged for (modules/order/refund-destination.ts). */
export const EXCHANGE_PAYMENT_METHOD = "exchange" as const;
export const ORDER_PAYMENT_METHODS = [...PAYMENT_METHODS, ...STORED_VALUE_METHODS, EXCHANGE_PAYMENT_METHOD] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
/** Whether an order's payment method is one of the payment setting's (not stored value). */
export const isSettingPaymentMethod = (method: OrderPaymentMethod): method is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);
export const isStoredValueMethod = (method: OrderPaymentMethod): method is (typeof STORED_VALUE_METHODS)[number] =>
  (STORED_VALUE_METHODS as readonly string[]).includes(method);
export const LANGUAGES = ["zh-HK", "en"] as const;
/** Spec §4: the districts a delivery charge is set for. */
export const DISTRICTS = ["hk", "kln", "nt", "island"] as const;
/** Payment methods whose customers pay to an account the store names (FPS id, PayMe link, bank account). */
export const ACCOUNT_PAYMENT_METHODS = ["fps", "payme", "bank_transfer", "paypal"] as const;
/** Delivery methods whose customers name a locker or store to collect from. */
export const LOCATION_CODE_DELIVERY_METHODS = ["ef_locker", "sf_store"] as const;
export const BIRTHDAY_COUPON_TYPES = ["percentage", "cash"] as const;
export const LOG_ACTIONS = ["add", "edit", "delete"] as const;
/** What a log entry is about: the tables that log their changes. */
export const LOG_DATA_TYPES = Object.keys(LOG_DATA_TYPE_MODULES) as [LogDataType, ...LogDataType[]];
export type LogDataType = keyof typeof LOG_DATA_TYPE_MODULES;
export type LoggedModule = Exclude<(typeof LOG_DATA_TYPE_MODULES)[keyof typeof LOG_DATA_TYPE_MODULES], null>;
/** The modules the staff log can filter by, in menu order. */
export const LOGGED_MODULES = MODULE_IDS.filter((module) =>
  (Object.values(LOG_DATA_TYPE_MODULES) as (ModuleId | null)[]).includes(module),
) as [LoggedModule, ...LoggedModule[]];
export const CURRENCIES = ["HKD", "USD", "CNY", "MOP"] as const;

/** A member's level: VIP only when the store's plan has VIP. */
export const MEMBER_LEVELS = ["general", "vip"] as const;
/** Why a member's cash-dollar balance changed (spec §4). */
export const CASH_DOLLAR_ACTIONS = ["order", "admin", "welcome_cash_dollar", "refund_order"] as const;
/** Spec §4: an order's status and its payment's; how the status moves is contract/order-states.ts. */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "unverified_payment",
  "paid",
  "preparing",
  "delivering",
  "completed",
  "cancelled",
  "refunded",
] as const;
export const PAYMENT_STATUSES = ["no_payment_record", "succeeded", "failed", "refunded"] as const;
/** Where an order was made: the store's counter (POS) or its website. */
export const ORDER_CHANNELS = ["pos", "online"] as const;
/** A product, an add-on chosen with a product line, or an add-on for the whole order. */
export const ORDER_LINE_KINDS = ["product", "line_add_on", "order_add_on"] as const;
/** Delivery methods that hand the parcel to a courier: moving such an order to `delivering` needs its tracking number. */
export const TRACKED_DELIVERY_METHODS = ["ef_locker", "alfred", "sf_store"] as const;
export const PURCHASED_PLAN_STATUSES = ["current", "upcoming", "expired", "disabled"] as const;
/** Coupons (module `promotion`): each member may use a `once` coupon once; `reusable` ones as often as the limit lets. */
export const COUPON_USAGES = ["once", "reusable"] as const;
export const COUPON_AUDIENCES = ["all", "specific"] as const;
/** Percent off (in basis points) or cents off: contract/coupon-discount.ts. */
export const COUPON_DISCOUNT_TYPES = ["percentage", "cash"] as const;
/** Computed against now from the dates and the disabled flag; `used_up` once times_used reaches the limit. */
export const COUPON_STATUSES = ["active", "scheduled", "expired", "disabled", "used_up"] as const;
/** Where a coupon comes from: the form, or the monthly birthday issuing. */
export const COUPON_SOURCES = ["manual", "birthday"] as const;
export const STORE_STAFF_ROLES = ["admin", "sales"] as const;
export const STORE_STAFF_STATUSES = ["active", "disabled"] as const;
/** A POS shift is open until it is closed with the counted cash. */
export const POS_SHIFT_STATES = ["open", "closed"] as const;
/** Cash put into the drawer (change from the bank) or taken out (an expense, a bank deposit) during a shift. */
export const POS_SHIFT_MOVEMENT_KINDS = ["pay_in", "pay_out"] as const;

/** Spec data type "purchase order": how it moves is modules/purchase-order/contract.ts. */
export const PURCHASE_ORDER_STATUSES = ["draft", "ordered", "partially_received", "received", "cancelled"] as const;
/** A supplier cannot be deleted while it has one of these. */
export const OPEN_PURCHASE_ORDER_STATUSES = ["draft", "ordered", "partially_received"] as const;

/** Enquiries (modules/enquiry/contract.ts): here, without zod, for the list pages. */
export const ENQUIRY_KINDS = ["general", "medical"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
/** The module (and the action names' entity) of each kind. */
export const ENQUIRY_MODULES = { general: "enquiry", medical: "medi_enquiry" } as const;

/** new → in_progress → replied → closed; staff may set any of them, and a reply makes it `replied`. */
export const ENQUIRY_STATUSES = ["new", "in_progress", "replied", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** A medical enquiry's preferred part of the day (Hong Kong time). */
export const ENQUIRY_TIME_SLOTS = ["morning", "afternoon", "evening"] as const;
export const ENQUIRY_MESSAGE_SENDERS = ["customer", "staff"] as const;
/** Spec data type "push notification": how it moves is modules/push-notification/contract.ts. */
export const PUSH_NOTIFICATION_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled", "failed"] as const;
/** Who a push goes to: every subscribed browser, VIP members' only, or the members named. */
export const PUSH_AUDIENCES = ["all", "vip", "specific"] as const;
/** A subscribed browser's language: the push reaches it in that language. */
export const PUSH_LANGUAGES = ["zh-HK", "en"] as const;
/** One message to one browser: waiting, taken by a run, or its push service's answer. */
export const PUSH_DELIVERY_STATUSES = ["pending", "sending", "sent", "failed", "expired"] as const;

/** Courses (modules `yoga_course` and `credit_package`; docs/modules.md "Courses"). */
export const COURSE_SESSION_STATUSES = ["scheduled", "cancelled"] as const;
/** A booking holds a place until it is cancelled; spec §4's attendance is marked on booked ones. */
export const COURSE_BOOKING_STATUSES = ["booked", "cancelled"] as const;
export const ATTENDANCES = ["pending", "show", "noshow"] as const;
/** A waitlist entry: waiting for a place, booked into one that freed, left (removed by staff), expired (its session cancelled). */
export const WAITLIST_STATUSES = ["waiting", "booked", "left", "expired"] as const;
/** When a member's credits start to count down: the day they are bought, or their first booking. */
export const CREDIT_VALIDITY_STARTS = ["purchase", "first_use"] as const;
/** A credit order is made at the counter (staff) or by the store's website (a public action). */
export const CREDIT_ORDER_CHANNELS = ["counter", "online"] as const;
export const CREDIT_ORDER_STATUSES = [
  "awaiting_payment",
  "unverified_payment",
  "paid",
  "cancelled",
  "refunded",
] as const;
/** Why a member's credits changed: bought, spent on a booking, given back by a cancellation, taken back by a refund. */
export const CREDIT_MOVEMENT_REASONS = [
  "purchase",
  "booking",
  "booking_cancelled",
  "session_cancelled",
  "refund",
] as const;

/**
 * Appointments (modules `appointment` and `medi_appointment`): one implementation, two variants whose rows
 * share tables and never mix (docs/modules.md "Appointments").
 */
export const APPOINTMENT_VARIANTS = ["general", "medical"] as const;
/** Spec §4: a category or service takes bookings (accept) or not (stop). */
export const APPOINTMENT_STATUSES = ["accept", "stop"] as const;
/** Spec §4: success is booked; completed once it happened; cancelled frees the time. */
export const APPOINTMENT_RECORD_STATUSES = ["success", "cancelled", "completed"] as const;
/** A booking is made by staff in the back office or by the store's website (a public action). */
export const APPOINTMENT_CHANNELS = ["staff", "online"] as const;
/**
 * Spec §4: a schedule row holds every day, one weekday (computed in UTC+8) or one date; a date overrides
 * its weekday, which overrides every day.
 */
export const SCHEDULE_TYPES = [
  "everyday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "specific_date",
] as const;
/** A medical appointment's patient (its fields are for roles with the patient-details permission). */
export const PATIENT_GENDERS = ["female", "male", "other"] as const;

/** Monthly fees (module `monthly_fee`; docs/modules.md "Monthly fees"). */
export const MONTHLY_FEE_STATUSES = ["pending", "paid", "cancelled"] as const;

/** Renting (module `renting`; docs/modules.md "Renting"). Spec §4: a renting product is rentable or not. */
export const RENTING_PRODUCT_STATUSES = ["rentable", "unrentable"] as const;
/**
 * Spec §4 names success, cancelled and completed, "also shown as rented then returned": booked (success),
 * picked up (rented), brought back (returned, the deposit still to settle), settled (completed), or
 * cancelled before pick-up. Booked and rented hold their units.
 */
export const RENTING_RECORD_STATUSES = ["success", "rented", "returned", "completed", "cancelled"] as const;

/** Quotations (module `quotation`; docs/modules.md "Quotations"). Spec §4's statuses. */
export const QUOTATION_STATUSES = [
  "pending",
  "approved",
  "not_approved",
  "processing",
  "completed",
  "cancelled",
] as const;
/** A request from the store's website: new until staff quote it or close it. */
export const QUOTATION_REQUEST_STATUSES = ["new", "quoted", "closed"] as const;
export type QuotationRequestStatus = (typeof QUOTATION_REQUEST_STATUSES)[number];

/** Product booking (module `product_booking`; docs/modules.md "Product booking"). */
export const PRODUCT_BOOKING_STATUSES = ["booked", "notified", "converted", "cancelled"] as const;
/** A booking is taken by staff in the back office or by the store's website (a public action). */
export const PRODUCT_BOOKING_CHANNELS = ["staff", "online"] as const;
