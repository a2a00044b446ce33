/** Money is integer cents everywhere but where a person reads or types it (spec §9: thousands comma, dot decimal). */
const twoDecimals = new Intl.NumberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** HK$ with cents; an amount taken off reads "-HK$10.00", and nothing reads "HK$-0.00" (-0, -0.4 cents). */
export function formatHkd(cents: number): string {
  const whole = Math.round(cents) || 0;
  const dollars = twoDecimals.format(Math.abs(whole) / 100);
  return whole < 0 ? `-HK$${dollars}` : `HK$${dollars}`;
}

/** Dollars as a form shows them ("1234.50"): no thousands comma, which a decimal field would refuse. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** At most two decimal places, judged on cents so that float noise (0.29 * 100) does not count. */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** Cash-dollar cents as a person reads the amount, without its unit ("1,234.50"); the locales add "CD$". */
export function formatCashDollarAmount(cents: number): string {
  return twoDecimals.format(Math.abs(cents) / 100);
}
