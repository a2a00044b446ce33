/** How the logs show the credit-order module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type LogLabels } from "~/server/log-labels";

export const creditOrderLogLabels = {
  credit_order_data: {
    status: { label: "credit-order:column.status", kind: "credit-order:status" },
    payment_status: { label: "credit-order:field.payment-status", kind: "credit-order:payment-status" },
    received_cents: money("credit-order:field.received"),
    payment_method: { label: "credit-order:field.payment-method", kind: "stores:payment" },
    price_cents: money("credit-order:column.price"),
    note: text("credit-order:field.note"),
    pay_link_sent_to: text("common:pay-link.sent-to"),
  },
} satisfies LogLabels;
