/** How the logs show the cash-dollar module's changes: each logged field's label (its form's) and how its value reads. */
import { text, type LogLabels } from "~/server/log-labels";

export const cashDollarLogLabels = {
  member_cash_dollar: {
    cash_dollar_cents: { label: "member:cash-dollar.balance", kind: "hundredths" },
    reason: text("member:cash-dollar.field.reason"),
  },
} satisfies LogLabels;
