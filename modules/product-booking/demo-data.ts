import { hongKongDate } from "../../contract/dates";
import { quote, addDays, storeRow, hongKongInstant, type ModuleDemoData } from "../../scripts/demo-sql";

/** Demo Shop's pre-orders: bookings of its first sold-out product (every seventh is: DEMO-007). */
const DEMO_BOOKINGS = [
  { member: 1, quantity: 2, depositPaid: true, status: "notified", channel: "staff", daysAgo: 12 },
  { member: 4, quantity: 1, depositPaid: true, status: "booked", channel: "online", daysAgo: 8 },
  { member: null, quantity: 3, depositPaid: false, status: "booked", channel: "staff", daysAgo: 5 },
  { member: 6, quantity: 1, depositPaid: false, status: "cancelled", channel: "online", daysAgo: 3 },
  { member: 8, quantity: 2, depositPaid: true, status: "booked", channel: "staff", daysAgo: 1 },
] as const;

/**
 * The sold-out product takes bookings (its one variant's quota 20, HK$100 deposit a unit, stock expected in
 * two weeks), with
 * five bookings of members and a guest, one notified and one cancelled: its page offers the conversion
 * once stock arrives.
 */
export function demoProductBookingsSql(now: Date): string {
  const key = quote("demo-shop");
  const product = storeRow("demo-shop", "product", `product_code = ${quote("DEMO-007")}`);
  const variant = `(SELECT id FROM product_variant WHERE product_id = ${product})`;
  const deposit = 100_00;
  const statements = [
    `INSERT OR IGNORE INTO product_booking_setting (product_id, application_key, open, deposit_cents, expected_arrival_date)
      SELECT id, ${key}, 1, ${deposit}, ${quote(addDays(hongKongDate(now), 14))} FROM product
      WHERE id = ${product} AND stock = 0;`,
    `INSERT OR IGNORE INTO product_booking_quota (variant_id, application_key, product_id, quota)
      SELECT ${variant}, ${key}, product_id, 20 FROM product_booking_setting WHERE product_id = ${product};`,
  ];
  for (const [index, booking] of DEMO_BOOKINGS.entries()) {
    const customer =
      booking.member === null
        ? `SELECT 'Lam Siu Fung' AS name, '61234567' AS phone, 'lam.siufung@example.com' AS email, NULL AS member_id`
        : `SELECT name, coalesce(phone, '') AS phone, coalesce(email, '') AS email, id AS member_id FROM member
            WHERE application_key = ${key} ORDER BY member_number LIMIT 1 OFFSET ${booking.member}`;
    const createdAt = hongKongInstant(addDays(hongKongDate(now), -booking.daysAgo), "11:00");
    statements.push(`INSERT INTO product_booking (application_key, product_id, variant_id, member_id, customer_name, customer_phone,
        customer_email, quantity, deposit_cents, deposit_paid, status, channel, idempotency_key, actor_email, notified_at,
        cancelled_at, created_at)
      SELECT ${key}, ${product}, ${variant}, customer.member_id, customer.name, customer.phone, customer.email, ${booking.quantity},
        ${deposit * booking.quantity}, ${booking.depositPaid ? 1 : 0}, 'booked', ${quote(booking.channel)},
        ${quote(`demo-booking-${index + 1}`)}, ${booking.channel === "staff" ? "'merchant@example.com'" : "NULL"},
        ${booking.status === "notified" ? quote(hongKongInstant(addDays(hongKongDate(now), -2), "10:00")) : "NULL"},
        NULL, ${quote(createdAt)}
      FROM (${customer}) AS customer
      WHERE EXISTS (SELECT 1 FROM product_booking_setting WHERE product_id = ${product})
        AND NOT EXISTS (SELECT 1 FROM product_booking WHERE application_key = ${key}
          AND idempotency_key = ${quote(`demo-booking-${index + 1}`)});`);
    // Moved after it is counted, as staff would: the trigger frees a cancelled booking's units.
    if (booking.status !== "booked") {
      statements.push(`UPDATE product_booking SET status = ${quote(booking.status)}
          ${booking.status === "cancelled" ? `, cancelled_at = ${quote(createdAt)}` : ""}
        WHERE application_key = ${key} AND idempotency_key = ${quote(`demo-booking-${index + 1}`)} AND status = 'booked';`);
    }
  }
  return statements.join("\n");
}

export const productBookingDemoData: ModuleDemoData = { rank: 150, sql: ({ now }) => demoProductBookingsSql(now) };
