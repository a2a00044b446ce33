// The product booking module's reads, records, log fields and refusals, for its actions (actions.ts).
import { asc, eq, getTableColumns, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import { withVariant } from "../../contract/localized";
import {
  MAX_BOOKING_SETTINGS,
  type BookingVariant,
  type OnlineProductBooking,
  type ProductBookingRecord,
  type ProductBookingSetting,
} from "./contract";
import { checkoutReads } from "../../backend/checkout";
import { contains } from "../../backend/db/like";
import { type StoreScope } from "../../backend/db/scope";
import {
  members,
  orders,
  productBookingQuotas,
  productBookingSettings,
  productBookings,
  products,
  productVariants,
} from "../../backend/db/schema";
import { rethrowStaleVersion } from "../../backend/db/version";
import { ActionError } from "../../backend/errors";
import { namesOf, type RecordName } from "../../backend/log";
import type { Mailer } from "../../backend/mail";
import { type BaseContext } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { rethrowOrderRefused } from "../checkout/orders";
import { variantLabel } from "../product/variant-sql";

const { en, "zh-HK": zhHK } = emailTexts;

export const DATA_TYPE = "product_booking_data";
/**
 * Website bookings per store and per store and client address, within the rate-limit window (an hour).
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const ONLINE_BOOKINGS_PER_STORE = 3000;
export const ONLINE_BOOKINGS_PER_CLIENT = 30;

/** Bookings still to convert: they hold their units of the quota and wait for stock. */
export const OPEN_STATUSES = ["booked", "notified"] as const;

export type BookingRow = typeof productBookings.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type SettingRow = typeof productBookingSettings.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reads

/** The product of a code, as SQL: the id of the store's product, or NULL. */
export const productIdOf = (store: StoreScope, productCode: string) =>
  sql<number>`(select ${products.id} from ${products} where ${store.where(products, eq(products.productCode, productCode))})`;

export const productByCode = (store: StoreScope, productCode: string) =>
  store.select(products, eq(products.productCode, productCode)).limit(1);

export const settingOf = (store: StoreScope, productCode: string) =>
  store.select(productBookingSettings, eq(productBookingSettings.productId, productIdOf(store, productCode))).limit(1);

/** A quota column of the variant beside it (NULL: it takes no bookings), by its primary key. */
const quotaField = (column: "quota" | "bookedUnits") =>
  sql<
    number | null
  >`(select ${productBookingQuotas[column]} from ${productBookingQuotas} where ${productBookingQuotas.variantId} = ${productVariants.id})`;

/**
 * The variants of the products a subquery names, in their products' and their own order, with their option
 * values, stock and quotas; only those with a quota when `booked` says so.
 */
export const bookingVariantsOf = (store: StoreScope, productIds: SQL, { booked }: { booked: boolean }) =>
  store
    .selectFields(
      productVariants,
      {
        id: productVariants.id,
        productId: productVariants.productId,
        labelZhHk: variantLabel("zh_hk"),
        labelEn: variantLabel("en"),
        sku: productVariants.sku,
        stock: productVariants.stock,
        unlimitedInventory: productVariants.unlimitedInventory,
        quota: quotaField("quota"),
        bookedUnits: quotaField("bookedUnits"),
      },
      inArray(productVariants.productId, productIds),
      booked ? isNotNull(quotaField("quota")) : undefined,
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));

export type VariantRow = Awaited<ReturnType<typeof bookingVariantsOf>>[number];

/** The variants of one product, by its code. */
export const variantsOfProduct = (store: StoreScope, productCode: string) =>
  bookingVariantsOf(store, productIdOf(store, productCode), { booked: false });

export const toVariant = (row: VariantRow): BookingVariant => ({
  id: row.id,
  label_zh_hk: row.labelZhHk,
  label_en: row.labelEn,
  sku: row.sku,
  stock: row.stock,
  unlimited_inventory: row.unlimitedInventory,
  quota: row.quota,
  booked_units: row.bookedUnits ?? 0,
});

/**
 * The variant a booking or a quota names: the given one of the product's, or its only one. Another
 * product's is 404 `variant-not-found`, none of a product with several 400 `variant-required`, beside `field`.
 */
export function variantNamed<T extends { id: number }>(variants: T[], variantId: number | undefined, field: string) {
  const variant =
    variantId === undefined
      ? variants.length === 1
        ? variants[0]
        : undefined
      : variants.find((row) => row.id === variantId);
  if (variant) return variant;
  if (variantId === undefined) throw new ActionError(400, "invalid-payload", { [field]: ["variant-required"] });
  throw new ActionError(404, "not-found", { [field]: ["variant-not-found"] });
}
/** A column of the booking's product, member or order beside it: one lookup by primary key per row. */
const productField = (store: StoreScope, column: "productCode" | "nameZhHk" | "nameEn") =>
  sql<string>`(select ${products[column]} from ${products} where ${store.where(products, eq(products.id, productBookings.productId))})`;
const memberField = (store: StoreScope, column: "name" | "memberCode") =>
  sql<
    string | null
  >`(select ${members[column]} from ${members} where ${store.where(members, eq(members.id, productBookings.memberId))})`;

/** A booking with its product's code and names, its member and its order's number. */
const listedFields = (store: StoreScope) => ({
  ...getTableColumns(productBookings),
  productCode: productField(store, "productCode"),
  productNameZhHk: productField(store, "nameZhHk"),
  productNameEn: productField(store, "nameEn"),
  memberName: memberField(store, "name"),
  memberCode: memberField(store, "memberCode"),
  orderNumber: sql<
    number | null
  >`(select ${orders.orderNumber} from ${orders} where ${store.where(orders, eq(orders.id, productBookings.orderId))})`,
});

export const bookingsQuery = (store: StoreScope, ...conditions: (SQL | undefined)[]) =>
  store.selectFields(productBookings, listedFields(store), ...conditions);

type ListedRow = Awaited<ReturnType<typeof bookingsQuery>>[number];

export const bookingById = (store: StoreScope, id: number) => bookingsQuery(store, eq(productBookings.id, id)).limit(1);

export const toRecord = (row: ListedRow): ProductBookingRecord => ({
  id: row.id,
  product: {
    id: row.productId,
    product_code: row.productCode,
    name_zh_hk: row.productNameZhHk,
    name_en: row.productNameEn,
  },
  variant_id: row.variantId,
  variant_name_zh_hk: row.variantNameZhHk,
  variant_name_en: row.variantNameEn,
  member:
    row.memberId !== null && row.memberName !== null
      ? { id: row.memberId, name: row.memberName, member_code: row.memberCode ?? "" }
      : null,
  customer_name: row.customerName,
  customer_phone: row.customerPhone,
  customer_email: row.customerEmail,
  quantity: row.quantity,
  deposit_cents: row.depositCents,
  deposit_paid: row.depositPaid,
  status: row.status,
  channel: row.channel,
  order: row.orderId !== null && row.orderNumber !== null ? { id: row.orderId, order_number: row.orderNumber } : null,
  note: row.note,
  actor_email: row.actorEmail,
  notified_at: row.notifiedAt,
  converted_at: row.convertedAt,
  cancelled_at: row.cancelledAt,
  create_date: row.createdAt,
  version: row.version,
});

export const toProduct = (product: ProductRow): ProductBookingSetting["product"] => ({
  id: product.id,
  product_code: product.productCode,
  name_zh_hk: product.nameZhHk,
  name_en: product.nameEn,
  stock: product.stock,
  unlimited_inventory: product.unlimitedInventory,
  price_cents: product.priceCents,
});

export const toSetting = (setting: SettingRow, product: ProductRow, variants: VariantRow[]): ProductBookingSetting => ({
  product: toProduct(product),
  open: setting.open,
  quota: variants.reduce((sum, variant) => sum + (variant.quota ?? 0), 0),
  booked_units: variants.reduce((sum, variant) => sum + (variant.bookedUnits ?? 0), 0),
  deposit_cents: setting.depositCents,
  expected_arrival_date: setting.expectedArrivalDate,
  version: setting.version,
});

/**
 * The store's booking settings (open ones only when asked), in product order, their products and their
 * variants with a quota beside them: three reads of one batch, paired by `withProducts`.
 */
export function settingsAndProducts(store: StoreScope, openOnly: boolean) {
  const which = openOnly ? eq(productBookingSettings.open, true) : undefined;
  const productIds = sql`(select ${productBookingSettings.productId} from ${productBookingSettings} where ${store.where(productBookingSettings, which)})`;
  return [
    store
      .select(productBookingSettings, which)
      .orderBy(asc(productBookingSettings.productId))
      .limit(MAX_BOOKING_SETTINGS),
    store.select(products, inArray(products.id, productIds)),
    bookingVariantsOf(store, productIds, { booked: true }),
  ] as const;
}

export function withProducts(settings: SettingRow[], productRows: ProductRow[], variantRows: VariantRow[]) {
  const byId = new Map(productRows.map((row) => [row.id, row]));
  return settings.flatMap((setting) => {
    const product = byId.get(setting.productId);
    const variants = variantRows.filter((row) => row.productId === setting.productId);
    return product ? [{ setting, product, variants }] : [];
  });
}

/** The product's bookings still to convert, in booking order. */
export const queueOf = (store: StoreScope, productCode: string) =>
  bookingsQuery(
    store,
    eq(productBookings.productId, productIdOf(store, productCode)),
    inArray(productBookings.status, [...OPEN_STATUSES]),
  ).orderBy(asc(productBookings.id));

/** Part of the customer's name, phone or e-mail. */
export const keywordMatch = (keyword: string | undefined) =>
  contains([productBookings.customerName, productBookings.customerPhone, productBookings.customerEmail], keyword);

// ---------------------------------------------------------------------------------------------
// Writes

export const recordName = (product: { nameZhHk: string; nameEn: string }, customerName: string): RecordName => {
  const names = namesOf(product);
  return { zhHk: `${customerName} · ${names.zhHk}`, en: `${customerName} · ${names.en || names.zhHk}` };
};

export const bookingLogged = (row: Partial<BookingRow>) => ({
  product_id: row.productId,
  variant_id: row.variantId,
  member_id: row.memberId,
  customer_name: row.customerName,
  customer_phone: row.customerPhone,
  customer_email: row.customerEmail,
  quantity: row.quantity,
  deposit_cents: row.depositCents,
  deposit_paid: row.depositPaid,
  status: row.status,
  order_id: row.orderId,
  note: row.note,
});

/** A setting as the log keeps it, its variants' quotas as one text ("細 10 · 中 5"; "10" without options). */
export const settingLogged = (
  row: Pick<SettingRow, "open" | "depositCents" | "expectedArrivalDate">,
  quotas: { labelZhHk: string; quota: number | null }[],
) => ({
  open: row.open,
  quotas: quotas
    .flatMap((variant) =>
      variant.quota === null ? [] : [[variant.labelZhHk, variant.quota].filter((part) => part !== "").join(" ")],
    )
    .join(" · "),
  deposit_cents: row.depositCents,
  expected_arrival_date: row.expectedArrivalDate,
});

/** The booking's deposit: the setting's per unit at the moment of the insert, times the units. */
export const depositOf = (productId: SQL | number, quantity: number) =>
  sql<number>`coalesce((select ${productBookingSettings.depositCents} * ${quantity} from ${productBookingSettings} where ${productBookingSettings.productId} = ${productId}), 0)`;

/** The database's refusals of a booking, by the trigger or CHECK that refused it. */
export function rethrowBookingRefusal(error: unknown): never {
  const text = errorText(error);
  if (text.includes("product_booking_closed")) {
    throw new ActionError(409, "product-booking-closed", { product_code: ["product-booking-closed"] });
  }
  if (text.includes("product_booking_quota_full")) {
    throw new ActionError(409, "product-booking-quota-full", { quantity: ["product-booking-quota-full"] });
  }
  if (text.includes("product_booking_final")) throw new ActionError(409, "product-booking-final");
  throw error;
}

/**
 * A variant's quota below its booked units: refused by the CHECK (the page's check names the variant first,
 * so the CHECK alone sees only a booking made meanwhile), told beside the quotas.
 */
export function rethrowQuotaBelowBooked(error: unknown): never {
  if (errorText(error).includes("product_booking_quota_full")) {
    throw new ActionError(409, "product-booking-quota-full", { quotas: ["product-booking-quota-full"] });
  }
  return rethrowStaleVersion(error);
}

/** The customer's e-mail about their booking, in Chinese then English (a booking keeps no language). */
export async function emailCustomer(
  context: Pick<BaseContext, "mailer" | "afterReply">,
  messages: { to: string; fill: (template: string, texts: typeof en) => string; body: keyof typeof en }[],
  storeName: string,
) {
  const mailer: Mailer = context.mailer;
  const sendable = messages
    .filter((message) => message.to !== "")
    .map(({ to, fill, body }) => {
      const filled = (texts: typeof en) => fill(texts[body], texts).replaceAll("{{store}}", storeName);
      const subject = (texts: typeof en) =>
        fill(texts["product-booking-subject"], texts).replaceAll("{{store}}", storeName);
      return { to, subject: `${subject(zhHK)} / ${subject(en)}`, text: `${filled(zhHK)}\n\n----\n\n${filled(en)}` };
    });
  if (sendable.length === 0) return;
  await context.afterReply(async () => {
    for (const message of sendable) await mailer.send(message);
  });
}

/** A booking's e-mail texts filled in: its number, units and product with its variant ("T 恤 – M / 黑色"). */
export const bookingFill =
  (
    booking: Pick<BookingRow, "id" | "quantity" | "variantNameZhHk" | "variantNameEn">,
    product: { nameZhHk: string; nameEn: string },
  ) =>
  (template: string, texts: typeof en) =>
    template
      .replaceAll("{{number}}", `#${booking.id}`)
      .replaceAll("{{quantity}}", String(booking.quantity))
      .replaceAll(
        "{{product}}",
        texts === en
          ? withVariant(product.nameEn || product.nameZhHk, booking.variantNameEn)
          : withVariant(product.nameZhHk, booking.variantNameZhHk),
      );

export const isReplay = (error: unknown) =>
  /UNIQUE constraint failed: product_booking\.application_key, product_booking\.idempotency_key/.test(errorText(error));

export const bookingOfSubmission = (store: StoreScope, idempotencyKey: string) =>
  store.select(productBookings, eq(productBookings.idempotencyKey, idempotencyKey)).limit(1);

export const toOnline = (row: BookingRow, setting: SettingRow | undefined): OnlineProductBooking => ({
  id: row.id,
  status: row.status,
  quantity: row.quantity,
  deposit_cents: row.depositCents,
  expected_arrival_date: setting?.expectedArrivalDate ?? null,
});

/** A member of the store by id, with the contact a booking copies. */
export const memberById = (store: StoreScope, memberId: number | null) =>
  store
    .selectFields(
      members,
      { id: members.id, name: members.name, phone: members.phone, email: members.email, disabled: members.disabled },
      eq(members.id, memberId ?? 0),
    )
    .limit(1);

// ---------------------------------------------------------------------------------------------
// Conversion

/** Where the engine's reads hold the member (`checkoutReads`), replaced by each booking's own. */
export const MEMBER_READ = 3;

/** The idempotency key of a booking's order: one order per booking, whoever converts it. */
export const orderKeyOf = (bookingId: number) => `product-booking-${bookingId}`;

/** The engine's reads for the product alone; the members are read beside them, one per booking. */
export const conversionCheckoutReads = (store: StoreScope, productCode: string, now: Date) =>
  checkoutReads(
    store,
    {
      application_key: store.applicationKey,
      lines: [{ product_code: productCode, quantity: 1, add_on_product_ids: [] }],
      order_add_ons: [],
    },
    now,
  );

/** A second conversion of the same bookings met the first's orders or versions: nothing of it was written. */
export function rethrowConvertedMeanwhile(error: unknown): never {
  const text = errorText(error);
  if (
    /UNIQUE constraint failed: store_order\.application_key, store_order\.idempotency_key/.test(text) ||
    /NOT NULL constraint failed: product_booking\.version/.test(text) ||
    text.includes("product_booking_final")
  ) {
    throw new ActionError(409, "edited-elsewhere");
  }
  return rethrowOrderRefused(error);
}
