/** How the logs show the order module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type LogLabels } from "~/server/log-labels";

export const orderLogLabels = {
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
} satisfies LogLabels;
