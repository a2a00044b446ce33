/** How the logs show the purchase-order module's changes: each logged field's label (its form's) and how its value reads. */
import { count, money, text, type LogLabels } from "~/server/log-labels";

export const purchaseOrderLogLabels = {
  purchase_order_data: {
    supplier_name: text("purchase-order:field.supplier"),
    status: { label: "purchase-order:field.status", kind: "purchase-order:status" },
    expected_date: text("purchase-order:field.expected-date"),
    note: text("purchase-order:field.note"),
    total_cents: money("purchase-order:field.total"),
    received_quantity: count("purchase-order:field.received-quantity"),
    lines: text("purchase-order:field.lines"),
  },
} satisfies LogLabels;
