/** How the logs show the stock-transfer module's changes: each logged field's label (its form's) and how its value reads. */
import { count, text, type LogLabels } from "~/server/log-labels";

export const stockTransferLogLabels = {
  stock_transfer_data: {
    from_location: text("stock-transfer:field.from"),
    to_location: text("stock-transfer:field.to"),
    status: { label: "stock-transfer:field.status", kind: "stock-transfer:status" },
    note: text("stock-transfer:field.note"),
    total_quantity: count("stock-transfer:field.total-quantity"),
    received_quantity: count("stock-transfer:field.received-quantity"),
    lines: text("stock-transfer:field.lines"),
  },
} satisfies LogLabels;
