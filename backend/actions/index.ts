import type { ActionName } from "../../contract/actions";
import type { ActionDefinition } from "../registry";
import { addOnProductActions } from "./add-ons";
import { authActions } from "./auth";
import { categoryActions } from "./categories";
import { checkoutActions } from "./checkout";
import { logActions } from "./console/log";
import { planOrderActions } from "./console/plan-orders";
import { planActions } from "./console/plans";
import { recordActions } from "./console/records";
import { storeConsoleActions } from "./console/stores";
import { providerStaffActions } from "./console/provider-staff";
import { cashDollarActions } from "./cash-dollar";
import { couponActions } from "./coupons";
import { enquiryActions } from "./enquiries";
import { quotationRequestActions } from "./quotation-requests";
import { appointmentRecordActions } from "./appointment-records";
import { memberActions } from "./members";
import { orderActions } from "./orders";
import { posActions } from "./pos";
import { posShiftActions } from "./pos-shifts";
import { productActions } from "./products";
import { purchaseOrderActions } from "./purchase-orders";
import { quotationActions } from "./quotations";
import { pushNotificationActions } from "./push-notifications";
import { salesReportActions } from "./sales-report";
import { settingActions } from "./settings";
import { staffLogActions } from "./staff-log";
import { storeActions } from "./store";
import { storeStaffActions } from "./staff-accounts";
import { twoStepActions } from "./two-step";
import { supplierActions } from "./suppliers";
import { linkTargetActions } from "./link-targets";
import { homeBannerActions } from "./home-banners";
import { menuActions } from "./menu";
import { uploadActions } from "./uploads";
import { customPageActions } from "./custom-pages";
import { appointmentSetupActions } from "./appointment-setup";
import { courseSetupActions } from "./course-setup";
import { creditOrderActions } from "./credit-orders";
import { courseBookingActions } from "./course-bookings";
import { appointmentBookingActions } from "./appointment-bookings";
import { courseSessionActions } from "./course-sessions";
import { monthlyFeeActions } from "./monthly-fees";
import { productBookingActions } from "./product-bookings";
import { rentingActions } from "./renting";

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
