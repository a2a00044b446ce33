import { hongKongDate } from "../../contract/dates";
import { lateFeeFor, rentFor } from "../../backend/renting-price";
import { quote, addDays, storeRow, hongKongInstant, reminderMark, type ModuleDemoData } from "../../scripts/demo-sql";

const DEMO_RENTING_PRODUCTS = [
  {
    zh: "露營帳篷（四人）",
    en: "Camping tent (4 people)",
    units: 4,
    perDay: 120_00,
    perWeek: 600_00,
    perMonth: 1_800_00,
    deposit: 300_00,
    lateFee: 80_00,
  },
  {
    zh: "摺疊單車",
    en: "Folding bicycle",
    units: 3,
    perDay: 90_00,
    perWeek: null,
    perMonth: null,
    deposit: 500_00,
    lateFee: 60_00,
  },
] as const;

/**
 * Demo Shop's renting products and a rental in every state: settled with a deduction after a late
 * return, returned (deposit to settle), out now, booked, and cancelled; rents at the cheapest prices.
 */
export function demoRentingSql(now: Date): string {
  const today = hongKongDate(now);
  const key = quote("demo-shop");
  const statements: string[] = [];
  for (const product of DEMO_RENTING_PRODUCTS) {
    statements.push(`INSERT INTO renting_product (application_key, name_zh_hk, name_en, description_zh_hk, description_en,
        units_owned, price_per_day_cents, price_per_week_cents, price_per_month_cents, deposit_cents, late_fee_per_day_cents)
      SELECT ${key}, ${quote(product.zh)}, ${quote(product.en)}, ${quote(`${product.zh}，按日租用。`)},
        ${quote(`${product.en}, rented by the day.`)}, ${product.units}, ${product.perDay}, ${quote(product.perWeek)},
        ${quote(product.perMonth)}, ${product.deposit}, ${product.lateFee}
      WHERE NOT EXISTS (SELECT 1 FROM renting_product WHERE application_key = ${key} AND name_en = ${quote(product.en)});`);
  }
  const rentals = [
    { product: 0, customer: "陳大文", units: 1, from: -20, days: 3, status: "completed", lateHours: 26, kept: 50_00 },
    { product: 0, customer: "Mary Lee", units: 2, from: -6, days: 3, status: "returned", lateHours: 0, kept: 0 },
    { product: 0, customer: "黃小明", units: 1, from: -1, days: 8, status: "rented", lateHours: 0, kept: 0 },
    { product: 0, customer: "John Wong", units: 3, from: 5, days: 3, status: "success", lateHours: 0, kept: 0 },
    { product: 0, customer: "李美玲", units: 1, from: 10, days: 2, status: "cancelled", lateHours: 0, kept: 0 },
    { product: 1, customer: "何志強", units: 2, from: 1, days: 1, status: "success", lateHours: 0, kept: 0 },
    { product: 1, customer: "Peter Chan", units: 1, from: -10, days: 1, status: "completed", lateHours: 0, kept: 0 },
  ] as const;
  for (const rental of rentals) {
    const product = DEMO_RENTING_PRODUCTS[rental.product];
    const startsAt = hongKongInstant(addDays(today, rental.from), "10:00");
    const endsAt = hongKongInstant(addDays(today, rental.from + rental.days), "10:00");
    const charge = rentFor(startsAt, endsAt, {
      perDayCents: product.perDay,
      perWeekCents: product.perWeek,
      perMonthCents: product.perMonth,
    });
    const deposit = product.deposit * rental.units;
    const closed = rental.status === "completed" || rental.status === "returned";
    const returnedAt = closed ? new Date(Date.parse(endsAt) + rental.lateHours * 3_600_000).toISOString() : null;
    const lateFee = returnedAt ? lateFeeFor(endsAt, returnedAt, product.lateFee, rental.units).cents : 0;
    const completed = rental.status === "completed";
    const pickedUp = rental.status !== "success" && rental.status !== "cancelled" ? startsAt : null;
    statements.push(`INSERT INTO renting_record (application_key, product_id, customer_name, customer_phone, units, starts_at,
        ends_at, rent_cents, deposit_cents, late_fee_cents, deposit_refunded_cents, deposit_deduction_note, status,
        picked_up_at, returned_at, completed_at, cancelled_at, actor_email, created_at)
      SELECT ${key}, product.id, ${quote(rental.customer)}, '91234567', ${rental.units}, ${quote(startsAt)}, ${quote(endsAt)},
        ${charge.cents * rental.units}, ${deposit}, ${lateFee}, ${quote(completed ? deposit - rental.kept : null)},
        ${quote(rental.kept > 0 ? "地蓆破損 / Torn groundsheet" : "")}, ${quote(rental.status)}, ${quote(pickedUp)},
        ${quote(returnedAt)}, ${quote(completed ? returnedAt : null)},
        ${quote(rental.status === "cancelled" ? hongKongInstant(addDays(today, -1), "12:00") : null)},
        'merchant@example.com', ${quote(hongKongInstant(addDays(today, Math.min(rental.from, 0) - 2), "11:00"))}
      FROM renting_product AS product
      WHERE product.id = ${storeRow("demo-shop", "renting_product", `name_en = ${quote(product.en)}`)}
        AND NOT EXISTS (SELECT 1 FROM renting_record WHERE product_id = product.id
          AND customer_name = ${quote(rental.customer)} AND created_at = ${quote(hongKongInstant(addDays(today, Math.min(rental.from, 0) - 2), "11:00"))});`);
  }
  // The rentals out whose due-back reminder the hourly job has sent by now.
  statements.push(`UPDATE renting_record SET reminded_at = max(picked_up_at, ${reminderMark(key, "ends_at")})
    WHERE application_key = ${key} AND reminded_at IS NULL AND picked_up_at IS NOT NULL
      AND status IN ('rented', 'returned', 'completed') AND ${reminderMark(key, "ends_at")} <= ${quote(now.toISOString())};`);
  return statements.join("\n");
}

export const rentingDemoData: ModuleDemoData = { rank: 160, sql: ({ now }) => demoRentingSql(now) };
