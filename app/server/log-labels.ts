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
  | "setting:coupon-type"
  | "plan-order:discount-type"
  | "member:level"
  | "member:district"
  | "promotion:usage"
  | "promotion:audience"
  | "order:status"
  | "order:payment-status"
  | "staff-account:role"
  | "staff-account:location-access"
  | "staff-account:permission"
  | "purchase-order:status"
  | "quotation:status"
  | "enquiry:status"
  | "push-notification:status"
  | "push-notification:audience"
  | "course-setup:validity-starts"
  | "credit-order:status"
  | "credit-order:payment-status"
  | "course-booking:booking-status"
  | "course-booking:attendance"
  | "course-booking:waitlist-status"
  | "course-session:status"
  | "course-session:weekday"
  | "course-session:apply-to"
  | "monthly-fee:status"
  | "renting:status"
  | "renting:product-status"
  | "appointment-setup:status"
  | "appointment-record:patient-log"
  | "appointment-booking:status"
  | "appointment-booking:channel"
  | "quotation-request:status"
  | "product-booking:status"
  | "stock-transfer:status";
export type Field = { label: Label; kind?: Kind };
export type Fields<Name extends string> = Record<Name, Field>;

export const money = (label: Label): Field => ({ label, kind: "money" });
export const flag = (label: Label): Field => ({ label, kind: "flag" });
export const count = (label: Label): Field => ({ label, kind: "number" });
export const text = (label: Label): Field => ({ label });

/** A module's labels: the fields of each data type it logs. */
export type LogLabels = Partial<Record<LogRecord["data_type"], Partial<Record<string, Field>>>>;
