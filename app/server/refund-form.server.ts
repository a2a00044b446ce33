import * as z from "zod";
import { MAX_QUANTITY, nullable, text } from "#contract/field-rules";
import { flag, id, version, wholeNumber } from "#contract/parts";
import { MAX_REFUND_LINES, ORDER_NOTE_MAX } from "#modules/order/contract";
import { REFUND_DESTINATIONS } from "#modules/order/options";
import { ActionFailure } from "~/server/action-client.server";

/**
 * The refund form: a quantity and a restock box per refundable line, posted in list order. Lines left at 0
 * are not refunded; at least one must be chosen.
 */
export const refundFormSchema = z
  .object({
    lines: z
      .array(z.object({ line_id: id, quantity: wholeNumber(0, MAX_QUANTITY), restock: flag }))
      .max(MAX_REFUND_LINES),
    note: nullable(text({ max: ORDER_NOTE_MAX })),
    refund_to: z.enum(REFUND_DESTINATIONS).default("original"),
    /** Where the goods come back to; blank: where each line was taken from. */
    location_id: id.optional(),
    version: version.optional(),
  })
  .check((payload) => {
    if (!payload.value.lines.some((line) => line.quantity > 0)) {
      payload.issues.push({ code: "custom", message: "refund-nothing-chosen", path: ["lines"], input: null });
    }
  });

/**
 * Calls the backend with the refund's chosen lines (quantity above 0); its field errors (`lines.0.quantity`,
 * by chosen line) come back under the form's own fields (`lines[3].quantity`, by list position).
 */
export async function withChosenLines<T>(
  value: z.output<typeof refundFormSchema>,
  call: (lines: z.output<typeof refundFormSchema>["lines"]) => Promise<T>,
): Promise<T> {
  const positions = value.lines.flatMap((line, position) => (line.quantity > 0 ? [position] : []));
  return call(positions.map((position) => value.lines[position])).catch((error: unknown) => {
    if (!(error instanceof ActionFailure) || !error.fields) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([name, messages]) => [
        name.replace(/^lines\.(\d+)\./, (_, chosen: string) => `lines[${positions[Number(chosen)]}].`),
        messages,
      ]),
    );
    throw new ActionFailure(error.status, error.messageKey, fields);
  });
}
