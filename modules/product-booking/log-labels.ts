/** How the logs show the product-booking module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const productBookingLogLabels = {
  // A booking's fields, and a product's booking setting (logged under the product's code).
  product_booking_data: {
    product_id: { label: "product-booking:field.product", kind: "id" },
    variant_id: { label: "product-booking:field.variant", kind: "id" },
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
    quotas: text("product-booking:field.quota"),
    expected_arrival_date: text("product-booking:field.arrival"),
  },
} satisfies LogLabels;
