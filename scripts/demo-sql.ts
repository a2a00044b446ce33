/** What every module's demo data shares: SQL quoting, dates and Demo Shop's settings and rows. */

export const quote = (value: string | number | boolean | null) =>
  value === null ? "NULL" : typeof value === "string" ? `'${value.replace(/'/g, "''")}'` : Number(value);

export const list = (values: readonly string[]) => quote(JSON.stringify(values));

export function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Paid plans (Demo Shop's Pro) have cash dollar and VIP; the trial has neither. */
export const PAID_PLAN_HAS_VIP = true;

/** Demo Shop's card fee (payment setting), in basis points: 2.5% of what a card pays. */
export const DEMO_SHOP_CARD_FEE_BASIS_POINTS = 250;

export const DEMO_SHOP_DELIVERY = {
  shop_delivery: {
    enabled: true,
    charge_cents: { hk: 30_00, kln: 30_00, nt: 50_00, island: 80_00 },
    free_delivery_amount_cents: 500_00,
    instructions_zh_hk: "兩個工作天內送達。",
    instructions_en: "Delivered within two working days.",
  },
  sf_store: {
    enabled: true,
    charge_cents: { hk: 25_00, kln: 25_00, nt: 25_00, island: 25_00 },
    free_delivery_amount_cents: 300_00,
  },
  self_pickup: {
    enabled: true,
    charge_cents: { hk: 0, kln: 0, nt: 0, island: 0 },
  },
};

export const DEMO_SHOP_PROMOTION = {
  cash_dollar_enabled: 1,
  cash_dollar_earn_rate: 100,
  cash_dollar_redeem_rate: 1000,
  welcome_cash_dollar_cents: 50_00,
  birthday_coupon_enabled: 1,
  birthday_coupon_type: "percentage",
  birthday_coupon_amount: 10,
  birthday_coupon_minimum_subtotal_cents: 200_00,
  birthday_coupon_valid_days: 30,
  vip_enabled: 1,
  vip_upgrade_spend_cents: 5000_00,
  vip_upgrade_days: 365,
};

/** Demo Shop's catalogue images: shipped PNGs, stored like uploads under their content hash. */
export const DEMO_IMAGES = ["tea", "coffee", "snack", "gift", "cup", "bag"] as const;

export type DemoImageUrls = Record<(typeof DEMO_IMAGES)[number], string>;

/** What every module's demo data is made from: the seed's moment and the URLs of the demo images it uploaded. */
export interface Demo {
  now: Date;
  images: DemoImageUrls;
}

/**
 * A module's demo records (`<module>DemoData` in its demo-data.ts, collected by `npm run modules:generate`):
 * idempotent SQL, seeded after every module of a lower rank, the records it builds on.
 */
export interface ModuleDemoData {
  rank: number;
  sql: (demo: Demo) => string;
}

/**
 * The instant `at` (an SQL expression) less the store's (`key`, quoted) booking reminder hours: when the hourly job reminds
 * what begins, or is due back, at `at` (backend/booking-reminders.ts). The demo marks reminders sent by then.
 */
export const reminderMark = (key: ReturnType<typeof quote>, at: string) =>
  `strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '-' || (SELECT booking_reminder_hours FROM store_setting WHERE application_key = ${key}) || ' hours')`;

/** Who works the counter and the order pages in the demo. */
export const DEMO_STAFF = "merchant@example.com";

export const demoShopRow = (table: string, where: string) =>
  `(SELECT id FROM ${table} WHERE application_key = 'demo-shop' AND ${where})`;

/** A store's row by its column value, for the appointment and monthly-fee demo data of either store. */
export const storeRow = (key: string, table: string, where: string) =>
  `(SELECT id FROM ${table} WHERE application_key = ${quote(key)} AND ${where})`;

/** A Hong Kong date and HH:MM as the UTC instant the database keeps. */
export const hongKongInstant = (date: string, time: string, plusMinutes = 0) =>
  new Date(Date.parse(`${date}T${time}:00+08:00`) + plusMinutes * 60_000).toISOString();
