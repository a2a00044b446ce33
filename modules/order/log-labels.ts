/** How the logs show the order module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type LogLabels } from "~/server/log-labels";

export const orderLogLabels = {
  order_data: {
    status: { label: "order:field.status", kind: "order:status" },
    payment_status: { label: "order:field.payment-status", kind: "order:payment-status" },
    received_cents: money("order:field.received"),
    refunded_cents: money("order:field.refunded"),
    cash_dollar_earned_cents: { label: "order:field.cash-dollar-earned", kind: "hundredths" },
    receiver_name: text("order:field.receiver-name"),
    receiver_phone: text("order:field.receiver-phone"),
    delivery_address: text("order:field.delivery-address"),
    delivery_district: { label: "order:field.delivery-district", kind: "member:district" },
    delivery_remark: text("order:field.delivery-remark"),
    delivery_number: text("order:field.delivery-number"),
    pay_link_sent_to: text("common:pay-link.sent-to"),
  },
} satisfies LogLabels;
