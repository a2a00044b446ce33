import type { QuotationShortLine } from "#modules/quotation/contract";
import type { Toast } from "~/server/session.server";

/**
 * The toast of a save, a send or a move: the plain "done" one, or, when the backend's reply warns of
 * products short of stock, a warning that counts them (the page's banner names them) and stays.
 */
export function stockToast(
  done: string,
  warned: "saved" | "sent" | "moved",
  shortLines: readonly QuotationShortLine[],
): Toast {
  return shortLines.length === 0
    ? { tone: "success", message: done }
    : { tone: "warning", message: `quotation:stock-short.${warned}`, values: { count: shortLines.length } };
}
