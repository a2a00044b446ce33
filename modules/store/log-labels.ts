/** How the logs show the store module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, text, type LogLabels } from "~/server/log-labels";

export const storeLogLabels = {
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
    booking_reminder_hours: count("setting:field.booking-reminder-hours"),
  },
} satisfies LogLabels;
