import type { ActionName } from "../../contract/actions";
import type { ActionDefinition } from "../registry";
import { addOnProductActions } from "../../modules/add-on-product/actions";
import { authActions } from "../../modules/auth/actions";
import { categoryActions } from "../../modules/category/actions";
import { checkoutActions } from "../../modules/checkout/actions";
import { logActions } from "../../modules/console/actions/log";
import { planOrderActions } from "../../modules/plan-order/actions";
import { planActions } from "../../modules/console/actions/plans";
import { recordActions } from "../../modules/console/actions/records";
import { storeConsoleActions } from "../../modules/console/actions/stores";
import { providerStaffActions } from "../../modules/console/actions/provider-staff";
import { cashDollarActions } from "../../modules/cash-dollar/actions";
import { couponActions } from "../../modules/promotion/actions";
import { enquiryActions } from "../../modules/enquiry/actions";
import { quotationRequestActions } from "../../modules/quotation-request/actions";
import { appointmentRecordActions } from "../../modules/appointment-record/actions";
import { memberActions } from "../../modules/member/actions";
import { orderActions } from "../../modules/order/actions";
import { posActions } from "../../modules/pos/actions";
import { posShiftActions } from "../../modules/pos-shift/actions";
import { productActions } from "../../modules/product/actions";
import { purchaseOrderActions } from "../../modules/purchase-order/actions";
import { quotationActions } from "../../modules/quotation/actions";
import { pushNotificationActions } from "../../modules/push-notification/actions";
import { salesReportActions } from "../../modules/sales-report/actions";
import { settingActions } from "../../modules/setting/actions";
import { staffLogActions } from "../../modules/staff-log/actions";
import { storeActions } from "../../modules/store/actions";
import { storeStaffActions } from "../../modules/staff-account/actions";
import { twoStepActions } from "../../modules/two-step/actions";
import { supplierActions } from "../../modules/supplier/actions";
import { linkTargetActions } from "../../modules/link-target/actions";
import { homeBannerActions } from "../../modules/home-banner/actions";
import { menuActions } from "../../modules/site-menu/actions";
import { uploadActions } from "../../modules/upload/actions";
import { customPageActions } from "../../modules/custom-page/actions";
import { appointmentSetupActions } from "../../modules/appointment-setup/actions";
import { courseSetupActions } from "../../modules/course-setup/actions";
import { creditOrderActions } from "../../modules/credit-order/actions";
import { courseBookingActions } from "../../modules/course-booking/actions";
import { appointmentBookingActions } from "../../modules/appointment-booking/actions";
import { courseSessionActions } from "../../modules/course-session/actions";
import { monthlyFeeActions } from "../../modules/monthly-fee/actions";
import { productBookingActions } from "../../modules/product-booking/actions";
import { rentingActions } from "../../modules/renting/actions";

/** Every action the endpoint answers, by name. */
export const registry = new Map<string, ActionDefinition>(
  [
    ...authActions,
    ...recordActions,
    ...storeActions,
    ...storeConsoleActions,
    ...planActions,
    ...planOrderActions,
    ...providerStaffActions,
    ...logActions,
    ...productActions,
    ...addOnProductActions,
    ...uploadActions,
    ...categoryActions,
    ...settingActions,
    ...memberActions,
    ...cashDollarActions,
    ...couponActions,
    ...salesReportActions,
    ...checkoutActions,
    ...orderActions,
    ...posActions,
    ...posShiftActions,
    ...storeStaffActions,
    ...staffLogActions,
    ...twoStepActions,
    ...supplierActions,
    ...linkTargetActions,
    ...homeBannerActions,
    ...menuActions,
    ...purchaseOrderActions,
    ...quotationActions,
    ...customPageActions,
    ...enquiryActions,
    ...quotationRequestActions,
    ...pushNotificationActions,
    ...courseSetupActions,
    ...creditOrderActions,
    ...courseBookingActions,
    ...appointmentBookingActions,
    ...courseSessionActions,
    ...monthlyFeeActions,
    ...productBookingActions,
    ...rentingActions,
    ...appointmentSetupActions,
    ...appointmentRecordActions,
  ].map((definition) => [definition.name, definition as unknown as ActionDefinition]),
) as ReadonlyMap<ActionName | string, ActionDefinition>;
