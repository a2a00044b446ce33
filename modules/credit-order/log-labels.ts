/** How the logs show the credit-order module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type LogLabels } from "~/server/log-labels";

export const creditOrderLogLabels = {
  credit_order_data: {
    status: { label: "credit-orders:column.status", kind: "credit-orders:status" },
    payment_status: { label: "credit-orders:field.payment-status", kind: "credit-orders:payment-status" },
    payment_method: { label: "credit-orders:field.payment-method", kind: "stores:payment" },
    price_cents: money("credit-orders:column.price"),
    note: text("credit-orders:field.note"),
  },
} satisfies LogLabels;
