import type * as z from "zod";
import {
  addOnProductExamples,
  addOnProductPayloads,
  type AddOnProductResults,
} from "../modules/add-on-product/contract";
import { authPayloads, type AuthResults } from "../modules/auth/contract";
import { categoryExamples, categoryPayloads, type CategoryResults } from "../modules/category/contract";
import { checkoutExamples, checkoutPayloads, type CheckoutResults } from "../modules/checkout/contract";
import { couponExamples, couponPayloads, type CouponResults } from "../modules/promotion/contract";
import { consoleExamples, consolePayloads, type ConsoleResults } from "../modules/console/contract";
import type { Examples } from "./examples";
import { enquiryExamples, enquiryPayloads, type EnquiryResults } from "../modules/enquiry/contract";
import {
  quotationRequestExamples,
  quotationRequestPayloads,
  type QuotationRequestResults,
} from "../modules/quotation-request/contract";
import { homeBannerExamples, homeBannerPayloads, type HomeBannerResults } from "../modules/home-banner/contract";
import { linkTargetExamples, linkTargetPayloads, type LinkTargetResults } from "../modules/link-target/contract";
import { memberExamples, memberPayloads, type MemberResults } from "../modules/member/contract";
import { menuExamples, menuPayloads, type MenuResults } from "../modules/site-menu/contract";
import { orderExamples, orderPayloads, type OrderResults } from "../modules/order/contract";
import { salesReportExamples, salesReportPayloads, type SalesReportResults } from "../modules/sales-report/contract";
import { cashDollarExamples, cashDollarPayloads, type CashDollarResults } from "../modules/cash-dollar/contract";
import { planOrderExamples, planOrderPayloads, type PlanOrderResults } from "../modules/plan-order/contract";
import { posExamples, posPayloads, type PosResults } from "../modules/pos/contract";
import { posShiftExamples, posShiftPayloads, type PosShiftResults } from "../modules/pos-shift/contract";
import { productExamples, productPayloads, type ProductResults } from "../modules/product/contract";
import {
  purchaseOrderExamples,
  purchaseOrderPayloads,
  type PurchaseOrderResults,
} from "../modules/purchase-order/contract";
import { quotationExamples, quotationPayloads, type QuotationResults } from "../modules/quotation/contract";
import {
  pushNotificationExamples,
  pushNotificationPayloads,
  type PushNotificationResults,
} from "../modules/push-notification/contract";
import { settingExamples, settingPayloads, type SettingResults } from "../modules/setting/contract";
import { staffLogExamples, staffLogPayloads, type StaffLogResults } from "../modules/staff-log/contract";
import { storeExamples, storePayloads, type StoreResults } from "../modules/store/contract";
import { storeStaffExamples, storeStaffPayloads, type StoreStaffResults } from "../modules/staff-account/contract";
import {
  twoStepExamples,
  twoStepPayloads,
  twoStepSignInPayloads,
  type TwoStepResults,
} from "../modules/two-step/contract";
import { supplierExamples, supplierPayloads, type SupplierResults } from "../modules/supplier/contract";
import { uploadExamples, uploadPayloads, type UploadResults } from "../modules/upload/contract";
import {
  appointmentSetupExamples,
  appointmentSetupPayloads,
  type AppointmentSetupResults,
} from "../modules/appointment-setup/contract";
import { courseSetupExamples, courseSetupPayloads, type CourseSetupResults } from "../modules/course-setup/contract";
import { customPageExamples, customPagePayloads, type CustomPageResults } from "../modules/custom-page/contract";
import { creditOrderExamples, creditOrderPayloads, type CreditOrderResults } from "../modules/credit-order/contract";
import {
  courseBookingExamples,
  courseBookingPayloads,
  type CourseBookingResults,
} from "../modules/course-booking/contract";
import {
  courseSessionExamples,
  courseSessionPayloads,
  type CourseSessionResults,
} from "../modules/course-session/contract";
import { monthlyFeeExamples, monthlyFeePayloads, type MonthlyFeeResults } from "../modules/monthly-fee/contract";
import {
  productBookingExamples,
  productBookingPayloads,
  type ProductBookingResults,
} from "../modules/product-booking/contract";
import { rentingExamples, rentingPayloads, type RentingResults } from "../modules/renting/contract";
import {
  appointmentRecordExamples,
  appointmentRecordPayloads,
  type AppointmentRecordResults,
} from "../modules/appointment-record/contract";
import {
  appointmentBookingExamples,
  appointmentBookingPayloads,
  type AppointmentBookingResults,
} from "../modules/appointment-booking/contract";

/**
 * The action catalogue shared by the backend and the BFF client. Each module keeps its payload
 * schemas, result types and sort lists in contract/<module>.ts; this file only merges them. The
 * backend adds permissions and handlers.
 *
 * Naming rule (checked for every registered action by backend/actions/names.test.ts). `<entity>` is
 * snake_case; the words after `_by_` are payload fields, joined by `_and_`:
 *   get_<entity>_data_and_total_number_by_sorting_and_limit   a page of a list, with total_number
 *   get_<entity>_data_list_by_<keys>                          a whole (short) list
 *   get_<entity>_data_by_<keys>                               one record
 *   add_<entity>_data                                         a new record
 *   add_<entity>_data_in_batch                                many new records, all or none (imports)
 *   update_<entity>_data_by_<keys>                            an edit
 *   update_<entity>_data_in_bulk_by_<keys>                    one change to many records (keys plural)
 *   update_<entity>_password_by_<keys>                        a new password (never part of the record)
 *   delete_<entity>_data_by_<keys>                            a deletion
 * A store action's keys start with `application_key`; one record of a store is
 * `…_by_application_key_and_id` (products: `…_and_product_code`, the merchant's own unique code).
 * Console records outside any store are `…_by_id`. Exceptions: the spec's own names, kept byte for
 * byte with their typos (get_current_purchased_plan_exluding_disabled_by_application_key,
 * get_single_data_by_data_type_and_id, get_single_data_by_data_type_and_application_key_and_id,
 * get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity, the upload
 * action `{hash}`) and the session verbs login, logout, forget_password, reset_password.
 */

export { DATA_TYPES, forms } from "../modules/console/contract";
export type * from "../modules/auth/contract";
export type * from "../modules/checkout/contract";
export type * from "../modules/console/contract";
export type * from "../modules/plan-order/contract";
export type * from "../modules/pos/contract";
export type * from "../modules/setting/contract";
export type * from "../modules/store/contract";
export type * from "../modules/two-step/contract";

export const payloads = {
  ...authPayloads,
  ...storePayloads,
  ...consolePayloads,
  ...planOrderPayloads,
  ...productPayloads,
  ...addOnProductPayloads,
  ...categoryPayloads,
  ...memberPayloads,
  ...cashDollarPayloads,
  ...couponPayloads,
  ...orderPayloads,
  ...salesReportPayloads,
  ...settingPayloads,
  ...uploadPayloads,
  ...checkoutPayloads,
  ...posPayloads,
  ...posShiftPayloads,
  ...storeStaffPayloads,
  ...staffLogPayloads,
  ...twoStepSignInPayloads,
  ...twoStepPayloads,
  ...supplierPayloads,
  ...linkTargetPayloads,
  ...purchaseOrderPayloads,
  ...quotationPayloads,
  ...customPagePayloads,
  ...enquiryPayloads,
  ...quotationRequestPayloads,
  ...pushNotificationPayloads,
  ...homeBannerPayloads,
  ...menuPayloads,
  ...courseSetupPayloads,
  ...creditOrderPayloads,
  ...courseBookingPayloads,
  ...courseSessionPayloads,
  ...monthlyFeePayloads,
  ...rentingPayloads,
  ...appointmentSetupPayloads,
  ...appointmentRecordPayloads,
  ...appointmentBookingPayloads,
  ...productBookingPayloads,
} satisfies Record<string, z.ZodType>;

/**
 * An example payload for every action but the session verbs and the caller's own second step, which
 * needs a code from the caller's authenticator (see contract/examples.ts and modules/two-step/contract.ts).
 */
export const examples: Examples<Omit<typeof payloads, keyof typeof authPayloads | keyof typeof twoStepSignInPayloads>> =
  {
    ...storeExamples,
    ...consoleExamples,
    ...planOrderExamples,
    ...productExamples,
    ...addOnProductExamples,
    ...categoryExamples,
    ...memberExamples,
    // Before the settings examples: the promotion setting's example switches cash dollar off.
    ...cashDollarExamples,
    ...couponExamples,
    ...orderExamples,
    ...salesReportExamples,
    ...settingExamples,
    ...uploadExamples,
    // After the settings examples: they switch on the payment and delivery methods the orders use.
    ...checkoutExamples,
    ...posExamples,
    ...posShiftExamples,
    ...storeStaffExamples,
    ...staffLogExamples,
    ...twoStepExamples,
    ...supplierExamples,
    ...linkTargetExamples,
    ...purchaseOrderExamples,
    ...quotationExamples,
    ...customPageExamples,
    ...enquiryExamples,
    ...quotationRequestExamples,
    ...pushNotificationExamples,
    ...homeBannerExamples,
    ...menuExamples,
    ...courseSetupExamples,
    ...creditOrderExamples,
    ...courseBookingExamples,
    ...courseSessionExamples,
    ...monthlyFeeExamples,
    ...rentingExamples,
    ...appointmentSetupExamples,
    ...appointmentRecordExamples,
    ...appointmentBookingExamples,
    ...productBookingExamples,
  };

export type ActionName = keyof typeof payloads;
export const ACTION_NAMES = Object.keys(payloads) as ActionName[];

/**
 * The form field of a batch of reads: `[{"action": "get_…", "payload": <payload>}, …]` (at most 10).
 * The reply is `{"result":"batch","replies":[…]}`, each reply as its action alone would answer plus its
 * `status`.
 */
export const BATCH_FIELD = "batch";
export const MAX_BATCH = 10;

/** Only actions named `get_…` are reads: they may be batched and served by a read replica. */
export const isReadAction = (name: string) => name.startsWith("get_");

/**
 * The D1 bookmark of the caller's last write. A write's reply carries it; a read that sends it back is
 * answered from a copy of the database at least that recent, so users always see their own writes.
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
export type PayloadInput<N extends ActionName> = z.input<(typeof payloads)[N]>;
export type Payload<N extends ActionName> = z.output<(typeof payloads)[N]>;

export interface Results
  extends
    AuthResults,
    StoreResults,
    ConsoleResults,
    PlanOrderResults,
    ProductResults,
    AddOnProductResults,
    CategoryResults,
    MemberResults,
    CashDollarResults,
    CouponResults,
    OrderResults,
    SalesReportResults,
    SettingResults,
    UploadResults,
    CheckoutResults,
    PosResults,
    PosShiftResults,
    StoreStaffResults,
    StaffLogResults,
    TwoStepResults,
    SupplierResults,
    LinkTargetResults,
    PurchaseOrderResults,
    QuotationResults,
    CustomPageResults,
    EnquiryResults,
    QuotationRequestResults,
    PushNotificationResults,
    HomeBannerResults,
    MenuResults,
    CourseSetupResults,
    CreditOrderResults,
    CourseBookingResults,
    CourseSessionResults,
    MonthlyFeeResults,
    RentingResults,
    AppointmentSetupResults,
    AppointmentRecordResults,
    AppointmentBookingResults,
    ProductBookingResults {}

export type ActionResult<N extends ActionName> = Results[N];

export type WireSuccess<T> = { result: "success"; data: T } & Record<string, unknown>;
export interface WireFailure {
  result: "fail";
  message: string;
  fields?: Record<string, string[]>;
}
