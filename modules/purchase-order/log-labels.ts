/** How the logs show the purchase-order module's changes: each logged field's label (its form's) and how its value reads. */
import { count, money, text, type LogLabels } from "~/server/log-labels";

export const purchaseOrderLogLabels = {
  purchase_order_data: {
    supplier_name: text("purchase-orders:field.supplier"),
    status: { label: "purchase-orders:field.status", kind: "purchase-orders:status" },
    expected_date: text("purchase-orders:field.expected-date"),
    note: text("purchase-orders:field.note"),
    total_cents: money("purchase-orders:field.total"),
    received_quantity: count("purchase-orders:field.received-quantity"),
    lines: text("purchase-orders:field.lines"),
  },
} satisfies LogLabels;
