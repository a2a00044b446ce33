/** How the logs show the pos-shift module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type LogLabels } from "~/server/log-labels";

export const posShiftLogLabels = {
  pos_shift: {
    float_cents: money("shifts:field.float"),
    pay_in: money("shifts:kind.pay_in"),
    pay_out: money("shifts:kind.pay_out"),
    reason: text("shifts:field.reason"),
    counted_cents: money("shifts:field.counted"),
    note: text("shifts:field.note"),
  },
} satisfies LogLabels;
