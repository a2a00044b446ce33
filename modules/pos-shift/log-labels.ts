/** How the logs show the pos-shift module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type LogLabels } from "~/server/log-labels";

export const posShiftLogLabels = {
  pos_shift: {
    float_cents: money("pos-shift:field.float"),
    pay_in: money("pos-shift:kind.pay_in"),
    pay_out: money("pos-shift:kind.pay_out"),
    reason: text("pos-shift:field.reason"),
    counted_cents: money("pos-shift:field.counted"),
    note: text("pos-shift:field.note"),
  },
} satisfies LogLabels;
