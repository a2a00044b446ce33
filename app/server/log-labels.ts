/** The words of a log entry's fields: each module declares its own in modules/<module>/log-labels.ts. */
import type { ParseKeys } from "i18next";
import type { LogRecord } from "#contract/actions";
import type { Namespace } from "~/i18n";

export type Label = ParseKeys<["common", ...Namespace[]]>;
/** How a value reads; "text" when not said. Option lists name their catalogue ("common:module"). */
export type Kind = "money" | "flag" | "number" | "hundredths" | "basis-points" | "id" | "ids" | "files" | OptionList;
export type OptionList =
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
export type Field = { label: Label; kind?: Kind };
export type Fields<Name extends string> = Record<Name, Field>;

export const money = (label: Label): Field => ({ label, kind: "money" });
export const flag = (label: Label): Field => ({ label, kind: "flag" });
export const count = (label: Label): Field => ({ label, kind: "number" });
export const text = (label: Label): Field => ({ label });

/** A module's labels: the fields of each data type it logs. */
export type LogLabels = Partial<Record<LogRecord["data_type"], Partial<Record<string, Field>>>>;
