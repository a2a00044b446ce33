// Browser-safe: the counter prices its tender with it, online (the engine) and offline (the device).
import type { OrderPaymentMethod } from "../../contract/options";

/**
 * What a counter sale's payments come to against its total: paid, still to pay, and the change. Only cash
 * gives change, so it is at most the cash paid.
 */
export function tenderOf(payments: { method: OrderPaymentMethod; amount_cents: number }[], totalCents: number) {
  const paid = payments.reduce((sum, payment) => sum + payment.amount_cents, 0);
  const cash = payments.filter((payment) => payment.method === "cash").reduce((sum, p) => sum + p.amount_cents, 0);
  return {
    cash_cents: cash,
    paid_cents: paid,
    remaining_cents: Math.max(totalCents - paid, 0),
    change_cents: Math.min(Math.max(paid - totalCents, 0), cash),
  };
}
