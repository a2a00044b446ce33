import { and, asc, count, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import en from "../../locales/en/email.json";
import zhHK from "../../locales/zh-HK/email.json";
import { hongKongDayStart } from "../../contract/dates";
import { formatHkd } from "../../contract/money";
import {
  MAX_BOOKING_CHOICES,
  MAX_BOOKING_SETTINGS,
  MAX_CONVERSIONS,
  MAX_QUEUE_ROWS,
  type OnlineProductBooking,
  type ProductBookingRecord,
  type ProductBookingSetting,
} from "./contract";
import { checkoutReads, type CheckoutReads } from "../../backend/checkout";
import { contains } from "../../backend/db/like";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  members,
  orders,
  productBookingSettings,
  productBookings,
  products,
  storeAccounts,
} from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { namesOf, type RecordName } from "../../backend/log";
import type { Mailer } from "../../backend/mail";
import { checkoutMemberFields } from "../../backend/member-checkout";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineAction, type BaseContext } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";
import { awaitingPaymentOrderStatements, paidOrderRules, priceOrThrow, rethrowOrderRefused } from "../checkout/actions";
import { searched, shortKeywordMatch } from "../product/actions";

const DATA_TYPE = "product_booking_data";
/** Website bookings per store and per store and client address, within the rate-limit window (an hour). */
export const ONLINE_BOOKINGS_PER_STORE = 1000;
export const ONLINE_BOOKINGS_PER_CLIENT = 30;

/** Bookings still to convert: they hold their units of the quota and wait for stock. */
const OPEN_STATUSES = ["booked", "notified"] as const;

type BookingRow = typeof productBookings.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type SettingRow = typeof productBookingSettings.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reads

/** The product of a code, as SQL: the id of the store's product, or NULL. */
const productIdOf = (store: StoreScope, productCode: string) =>
  sql<number>`(select ${products.id} from ${products} where ${store.where(products, eq(products.productCode, productCode))})`;

const productByCode = (store: StoreScope, productCode: string) =>
  store.select(products, eq(products.productCode, productCode)).limit(1);

const settingOf = (store: StoreScope, productCode: string) =>
  store.select(productBookingSettings, eq(productBookingSettings.productId, productIdOf(store, productCode))).limit(1);

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

const bookingsQuery = (store: StoreScope, ...conditions: (SQL | undefined)[]) =>
  store.selectFields(productBookings, listedFields(store), ...conditions);

type ListedRow = Awaited<ReturnType<typeof bookingsQuery>>[number];

const bookingById = (store: StoreScope, id: number) => bookingsQuery(store, eq(productBookings.id, id)).limit(1);

const toRecord = (row: ListedRow): ProductBookingRecord => ({
  id: row.id,
  product: {
    id: row.productId,
    product_code: row.productCode,
    name_zh_hk: row.productNameZhHk,
    name_en: row.productNameEn,
  },
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

const toProduct = (product: ProductRow): ProductBookingSetting["product"] => ({
  id: product.id,
  product_code: product.productCode,
  name_zh_hk: product.nameZhHk,
  name_en: product.nameEn,
  stock: product.stock,
  unlimited_inventory: product.unlimitedInventory,
  price_cents: product.priceCents,
});

const toSetting = (setting: SettingRow, product: ProductRow): ProductBookingSetting => ({
  product: toProduct(product),
  open: setting.open,
  quota: setting.quota,
  booked_units: setting.bookedUnits,
  deposit_cents: setting.depositCents,
  expected_arrival_date: setting.expectedArrivalDate,
  version: setting.version,
});

/**
 * The store's booking settings (open ones only when asked), in product order, and their products beside
 * them: two reads of one batch, paired by `withProducts`.
 */
function settingsAndProducts(store: StoreScope, openOnly: boolean) {
  const which = openOnly ? eq(productBookingSettings.open, true) : undefined;
  return [
    store
      .select(productBookingSettings, which)
      .orderBy(asc(productBookingSettings.productId))
      .limit(MAX_BOOKING_SETTINGS),
    store.select(
      products,
      inArray(products.id, store.selectFields(productBookingSettings, { id: productBookingSettings.productId }, which)),
    ),
  ] as const;
}

function withProducts(settings: SettingRow[], productRows: ProductRow[]) {
  const byId = new Map(productRows.map((row) => [row.id, row]));
  return settings.flatMap((setting) => {
    const product = byId.get(setting.productId);
    return product ? [{ setting, product }] : [];
  });
}

/** The product's bookings still to convert, in booking order. */
const queueOf = (store: StoreScope, productCode: string) =>
  bookingsQuery(
    store,
    eq(productBookings.productId, productIdOf(store, productCode)),
    inArray(productBookings.status, [...OPEN_STATUSES]),
  ).orderBy(asc(productBookings.id));

/** Part of the customer's name, phone or e-mail. */
const keywordMatch = (keyword: string | undefined) =>
  contains([productBookings.customerName, productBookings.customerPhone, productBookings.customerEmail], keyword);

// ---------------------------------------------------------------------------------------------
// Writes

const recordName = (product: { nameZhHk: string; nameEn: string }, customerName: string): RecordName => {
  const names = namesOf(product);
  return { zhHk: `${customerName} · ${names.zhHk}`, en: `${customerName} · ${names.en || names.zhHk}` };
};

const bookingLogged = (row: Partial<BookingRow>) => ({
  product_id: row.productId,
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

const settingLogged = (row: Pick<SettingRow, "open" | "quota" | "depositCents" | "expectedArrivalDate">) => ({
  open: row.open,
  quota: row.quota,
  deposit_cents: row.depositCents,
  expected_arrival_date: row.expectedArrivalDate,
});

/** The booking's deposit: the setting's per unit at the moment of the insert, times the units. */
const depositOf = (productId: SQL | number, quantity: number) =>
  sql<number>`coalesce((select ${productBookingSettings.depositCents} * ${quantity} from ${productBookingSettings} where ${productBookingSettings.productId} = ${productId}), 0)`;

/** The database's refusals of a booking, by the trigger or CHECK that refused it. */
function rethrowBookingRefusal(error: unknown): never {
  const text = errorText(error);
  if (text.includes("product_booking_closed")) {
    throw new ActionError(409, "product-booking-closed", { product_code: ["product-booking-closed"] });
  }
  if (text.includes("product_booking_setting_quota")) {
    throw new ActionError(409, "product-booking-quota-full", { quantity: ["product-booking-quota-full"] });
  }
  if (text.includes("product_booking_final")) throw new ActionError(409, "product-booking-final");
  throw error;
}

/** A setting's quota below its booked units: refused by the CHECK, told beside the quota. */
function rethrowQuotaBelowBooked(error: unknown): never {
  if (errorText(error).includes("product_booking_setting_quota")) {
    throw new ActionError(409, "product-booking-quota-full", { quota: ["product-booking-quota-full"] });
  }
  return rethrowStaleVersion(error);
}

/** The customer's e-mail about their booking, in Chinese then English (a booking keeps no language). */
async function emailCustomer(
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

const bookingFill =
  (booking: Pick<BookingRow, "id" | "quantity">, product: { nameZhHk: string; nameEn: string }) =>
  (template: string, texts: typeof en) =>
    template
      .replaceAll("{{number}}", `#${booking.id}`)
      .replaceAll("{{quantity}}", String(booking.quantity))
      .replaceAll("{{product}}", texts === en ? product.nameEn || product.nameZhHk : product.nameZhHk);

const isReplay = (error: unknown) =>
  /UNIQUE constraint failed: product_booking\.application_key, product_booking\.idempotency_key/.test(errorText(error));

const bookingOfSubmission = (store: StoreScope, idempotencyKey: string) =>
  store.select(productBookings, eq(productBookings.idempotencyKey, idempotencyKey)).limit(1);

const toOnline = (row: BookingRow, setting: SettingRow | undefined): OnlineProductBooking => ({
  id: row.id,
  status: row.status,
  quantity: row.quantity,
  deposit_cents: row.depositCents,
  expected_arrival_date: setting?.expectedArrivalDate ?? null,
});

/** A member of the store by id, with the contact a booking copies. */
const memberById = (store: StoreScope, memberId: number | null) =>
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
const MEMBER_READ = 3;

/** The idempotency key of a booking's order: one order per booking, whoever converts it. */
const orderKeyOf = (bookingId: number) => `product-booking-${bookingId}`;

/** The engine's reads for the product alone; the members are read beside them, one per booking. */
const conversionCheckoutReads = (store: StoreScope, productCode: string, now: Date) =>
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
function rethrowConvertedMeanwhile(error: unknown): never {
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

export const productBookingActions = [
  /** A product filter names one of the store's products: another store's is 404. */
  defineAction("get_product_booking_data_and_total_number_by_sorting_and_limit", "store:product_booking:read", {
    reads: ({ product_id }, { store }) =>
      [store.selectFields(products, { id: products.id }, eq(products.id, product_id ?? 0)).limit(1)] as const,
    handler: async (input, { store }, [productRows]) => {
      if (input.product_id !== undefined) found(productRows);
      const matching = and(
        keywordMatch(input.keyword),
        input.status === undefined ? undefined : eq(productBookings.status, input.status),
        input.product_id === undefined ? undefined : eq(productBookings.productId, input.product_id),
        input.date_from === undefined ? undefined : gte(productBookings.createdAt, hongKongDayStart(input.date_from)),
        input.date_to === undefined ? undefined : lt(productBookings.createdAt, hongKongDayStart(input.date_to, 1)),
      );
      return pagedList(
        store,
        input,
        {
          rows: bookingsQuery(store, matching),
          count: store.selectFields(productBookings, { total: count() }, matching),
          sortBy: productBookings.createdAt,
          id: productBookings.id,
        },
        toRecord,
      );
    },
  }),

  defineAction("get_product_booking_data_by_application_key_and_id", "store:product_booking:read", {
    reads: ({ id }, { store }) => [bookingById(store, id)] as const,
    handler: async (_input, _context, [rows]) => toRecord(found(rows)),
  }),

  defineAction("add_product_booking_data", "store:product_booking:write", {
    reads: (input, { store }) =>
      [productByCode(store, input.product_code), memberById(store, input.member_id)] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [productRows, memberRows]) => {
      const product = found(productRows);
      const member = input.member_id === null ? null : found(memberRows);
      if (member?.disabled) throw new ActionError(404, "user-not-found-or-disabled");
      const columns = {
        productId: product.id,
        memberId: member?.id ?? null,
        customerName: member?.name ?? input.customer_name ?? "",
        customerPhone: member?.phone ?? input.customer_phone ?? "",
        customerEmail: member?.email ?? input.customer_email ?? "",
        quantity: input.quantity,
        depositPaid: input.deposit_paid,
        channel: "staff" as const,
        note: input.note ?? "",
        actorEmail: caller.email,
      };
      const [[added]] = await store
        .batch([
          store
            .insert(productBookings, [{ ...columns, depositCents: depositOf(product.id, input.quantity) }])
            .returning({ id: productBookings.id }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: recordName(product, columns.customerName),
            before: null,
            after: bookingLogged({ ...columns, status: "booked" }),
          }),
        ])
        .catch(rethrowBookingRefusal);
      return { id: added.id };
    },
  }),

  /**
   * Booked → notified (the customer is e-mailed that stock is coming), or booked/notified → cancelled
   * (its units go back to the quota, by trigger). Over the version the page showed; converted and
   * cancelled are final (the database's trigger holds it).
   */
  defineAction("update_product_booking_status_data_by_application_key_and_id", "store:product_booking:write", {
    reads: ({ id }, { store }) =>
      [
        bookingById(store, id),
        store
          .select(
            productBookingSettings,
            eq(
              productBookingSettings.productId,
              sql`(select ${productBookings.productId} from ${productBookings} where ${store.where(productBookings, eq(productBookings.id, id))})`,
            ),
          )
          .limit(1),
        store.selectFields(storeAccounts, { storeName: storeAccounts.storeName }).limit(1),
      ] as const,
    handler: async (input, context, [rows, [setting], [account]]) => {
      const { store, caller, now } = context;
      const booking = found(rows);
      if (booking.status === "converted" || booking.status === "cancelled") {
        throw new ActionError(409, "product-booking-final");
      }
      const changed =
        input.status === "notified"
          ? { status: "notified" as const, notifiedAt: now.toISOString() }
          : { status: "cancelled" as const, cancelledAt: now.toISOString() };
      const product = { nameZhHk: booking.productNameZhHk, nameEn: booking.productNameEn };
      await store
        .batch([
          store.update(
            productBookings,
            { ...changed, actorEmail: caller.email, version: nextVersion(productBookings.version, input.version) },
            eq(productBookings.id, booking.id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: booking.id,
            recordName: recordName(product, booking.customerName),
            before: bookingLogged(booking),
            after: bookingLogged({ ...booking, ...changed }),
          }),
        ])
        .catch((error: unknown) => {
          if (errorText(error).includes("product_booking_final")) rethrowBookingRefusal(error);
          return rethrowStaleVersion(error);
        });
      if (input.status === "notified") {
        const arrival = setting?.expectedArrivalDate;
        const fill = bookingFill(booking, product);
        await emailCustomer(
          context,
          [
            {
              to: booking.customerEmail,
              body: "product-booking-notified-body",
              fill: (template, texts) =>
                fill(template, texts).replaceAll("{{arrival}}", arrival ?? texts["product-booking-arrival-unknown"]),
            },
          ],
          account?.storeName ?? "",
        );
      }
      return null;
    },
  }),

  defineAction("get_product_booking_setting_data_list_by_application_key", "store:product_booking:read", {
    reads: (_input, { store }) => settingsAndProducts(store, false),
    handler: async (_input, _context, [settings, productRows]) =>
      withProducts(settings, productRows).map(({ setting, product }) => toSetting(setting, product)),
  }),

  defineAction("get_product_booking_setting_data_by_application_key_and_product_code", "store:product_booking:read", {
    reads: ({ product_code }, { store }) =>
      [
        productByCode(store, product_code),
        settingOf(store, product_code),
        queueOf(store, product_code).limit(MAX_QUEUE_ROWS),
      ] as const,
    handler: async (_input, _context, [productRows, [setting], queue]) => {
      const product = found(productRows);
      const described = setting ? toSetting(setting, product) : null;
      return {
        product: toProduct(product),
        setting: described && {
          open: described.open,
          quota: described.quota,
          booked_units: described.booked_units,
          deposit_cents: described.deposit_cents,
          expected_arrival_date: described.expected_arrival_date,
          version: described.version,
        },
        queue: queue.map(toRecord),
      };
    },
  }),

  defineAction("add_product_booking_setting_data", "store:product_booking:write", {
    reads: ({ product_code }, { store }) => [productByCode(store, product_code)] as const,
    handler: async (input, { store, caller, now }, [productRows]) => {
      const product = found(productRows);
      const columns = {
        open: input.open,
        quota: input.quota,
        depositCents: input.deposit_cents,
        expectedArrivalDate: input.expected_arrival_date,
      };
      await store
        .batch([
          store.insert(productBookingSettings, [{ productId: product.id, ...columns }]),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: product.productCode,
            recordName: namesOf(product),
            before: null,
            after: settingLogged(columns),
          }),
        ])
        .catch((error: unknown) => {
          // Set up meanwhile, from another page.
          if (errorText(error).includes("UNIQUE constraint failed: product_booking_setting.product_id")) {
            throw new ActionError(409, "edited-elsewhere");
          }
          throw error;
        });
      return null;
    },
  }),

  defineAction(
    "update_product_booking_setting_data_by_application_key_and_product_code",
    "store:product_booking:write",
    {
      reads: ({ product_code }, { store }) =>
        [productByCode(store, product_code), settingOf(store, product_code)] as const,
      handler: async (input, { store, caller, now }, [productRows, settingRows]) => {
        const product = found(productRows);
        const before = found(settingRows);
        const columns = {
          open: input.open,
          quota: input.quota,
          depositCents: input.deposit_cents,
          expectedArrivalDate: input.expected_arrival_date,
        };
        await store
          .batch([
            store.update(
              productBookingSettings,
              {
                ...columns,
                version: nextVersion(productBookingSettings.version, input.version),
                updatedAt: now.toISOString(),
              },
              eq(productBookingSettings.productId, product.id),
            ),
            store.log(caller, now, {
              action: "edit",
              dataType: DATA_TYPE,
              recordId: product.productCode,
              recordName: namesOf(product),
              before: settingLogged(before),
              after: settingLogged(columns),
            }),
          ])
          .catch(rethrowQuotaBelowBooked);
        return null;
      },
    },
  ),

  defineAction("get_product_booking_option_data_list_by_application_key", "store:product_booking:read", {
    reads: ({ keyword }, { store }) =>
      [
        store
          .selectFields(
            members,
            {
              id: members.id,
              name: members.name,
              memberCode: members.memberCode,
              phone: members.phone,
              email: members.email,
            },
            keyword ? contains([members.name, members.phone, members.memberCode, members.email], keyword) : sql`0`,
            eq(members.disabled, false),
          )
          .orderBy(asc(members.id))
          .limit(MAX_BOOKING_CHOICES),
        searched(
          store.selectFields(
            products,
            {
              id: products.id,
              productCode: products.productCode,
              nameZhHk: products.nameZhHk,
              nameEn: products.nameEn,
              stock: products.stock,
            },
            keyword ? shortKeywordMatch(keyword) : sql`0`,
          ),
          keyword,
        )
          .orderBy(asc(products.id))
          .limit(MAX_BOOKING_CHOICES),
        ...settingsAndProducts(store, true),
      ] as const,
    handler: async (_input, _context, [memberRows, productRows, openSettings, openProducts]) => ({
      members: memberRows.map((row) => ({
        id: row.id,
        name: row.name,
        member_code: row.memberCode,
        phone: row.phone ?? "",
        email: row.email ?? "",
      })),
      products: productRows.map((row) => ({
        id: row.id,
        product_code: row.productCode,
        name_zh_hk: row.nameZhHk,
        name_en: row.nameEn,
        stock: row.stock,
      })),
      open_products: withProducts(openSettings, openProducts).map(({ setting, product }) => ({
        id: product.id,
        product_code: product.productCode,
        name_zh_hk: product.nameZhHk,
        name_en: product.nameEn,
        deposit_cents: setting.depositCents,
        units_left: setting.quota - setting.bookedUnits,
      })),
    }),
  }),

  /**
   * Stock has arrived: the product's open bookings become orders in booking order while each fits the
   * stock left, stopping at the first that does not. Each order is the checkout engine's (the customer's
   * price, VIP included; the stock taken by its conditional decrement), made by staff at the counter
   * (channel `pos`: an online order unpaid for the payment setting's hours is cancelled by the hourly job,
   * which must not undo a conversion), awaiting payment; a deposit paid is in the order's note and is not
   * charged again. The bookings move to converted with their order in the same batch, over their versions:
   * of two conversions at once one converts them and the other writes nothing (409 edited-elsewhere).
   */
  defineAction("add_product_booking_order_data", "store:product_booking:write", {
    reads: ({ product_code }, { store, now }) => {
      const queued = and(
        eq(productBookings.productId, productIdOf(store, product_code)),
        inArray(productBookings.status, [...OPEN_STATUSES]),
      );
      return [
        settingOf(store, product_code),
        store.select(productBookings, queued).orderBy(asc(productBookings.id)).limit(MAX_CONVERSIONS),
        store.selectFields(productBookings, { total: count() }, queued),
        store.selectFields(
          members,
          checkoutMemberFields,
          inArray(members.id, store.selectFields(productBookings, { id: productBookings.memberId }, queued)),
        ),
        ...conversionCheckoutReads(store, product_code, now),
      ] as const;
    },
    handler: async ({ product_code }, context, [settingRows, queue, [{ total }], memberRows, ...reads]) => {
      const { store, caller, now } = context;
      const checkout = reads as unknown as CheckoutReads;
      const product = found(checkout[0]);
      const setting = settingRows[0];
      if (!setting) throw new ActionError(404, "product-booking-not-found");
      const membersById = new Map(memberRows.map((row) => [row.id, row]));
      let stockLeft = product.unlimitedInventory ? Number.POSITIVE_INFINITY : product.stock;
      const taken: BookingRow[] = [];
      for (const booking of queue) {
        if (booking.quantity > stockLeft) break;
        stockLeft -= booking.quantity;
        taken.push(booking);
      }
      if (taken.length === 0) return { converted: [], remaining: total };

      const rules = paidOrderRules(checkout);
      const statements: BatchItem<"sqlite">[] = [];
      const orderInserts: number[] = [];
      const priced = taken.map((booking) => {
        // A member disabled since booking is served as a guest: the booking stands.
        const booked = booking.memberId === null ? undefined : membersById.get(booking.memberId);
        const member = booked && !booked.disabled ? booked : undefined;
        const readsFor = checkout.map((rows, index) => (index === MEMBER_READ ? (member ? [member] : []) : rows));
        const input = {
          application_key: store.applicationKey,
          member_id: member?.id,
          lines: [{ product_code, quantity: booking.quantity, add_on_product_ids: [] }],
          order_add_ons: [],
        };
        return { booking, priced: priceOrThrow(readsFor as unknown as CheckoutReads, input, now, { channel: "pos" }) };
      });
      for (const { booking, priced: order } of priced) {
        const idempotencyKey = orderKeyOf(booking.id);
        const depositNote =
          booking.depositPaid && booking.depositCents > 0
            ? `${zhHK["product-booking-order-note"]} / ${en["product-booking-order-note"]}`
                .replaceAll("{{number}}", `#${booking.id}`)
                .replaceAll("{{deposit}}", formatHkd(booking.depositCents))
            : `${zhHK["product-booking-order-note-no-deposit"]} / ${en["product-booking-order-note-no-deposit"]}`.replaceAll(
                "{{number}}",
                `#${booking.id}`,
              );
        orderInserts.push(statements.length);
        const orderId = sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, idempotencyKey))})`;
        const converted = { status: "converted" as const, convertedAt: now.toISOString() };
        statements.push(
          ...awaitingPaymentOrderStatements(store, caller, now, rules, {
            idempotencyKey,
            priced: order,
            customer: {
              name: booking.customerName,
              email: booking.customerEmail || null,
              phone: booking.customerPhone || null,
            },
            note: depositNote,
          }),
          store.update(
            productBookings,
            {
              ...converted,
              orderId,
              actorEmail: caller.email,
              version: nextVersion(productBookings.version, booking.version),
            },
            eq(productBookings.id, booking.id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: booking.id,
            recordName: recordName(product, booking.customerName),
            before: bookingLogged(booking),
            after: bookingLogged({ ...booking, ...converted }),
          }),
          store.log(caller, now, {
            action: "add",
            dataType: "order_data",
            recordId: sql`(select ${orders.orderNumber} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, idempotencyKey))})`,
            recordName: null,
            before: null,
            after: null,
          }),
        );
      }
      const results = await store
        .batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])
        .catch(rethrowConvertedMeanwhile);
      const converted = priced.map(({ booking, priced: order }, index) => {
        const [created] = results[orderInserts[index]] as { id: number; orderNumber: number }[];
        return { booking, order, created };
      });

      const [, , , , , , , , [account]] = checkout;
      await emailCustomer(
        context,
        converted.map(({ booking, order, created }) => {
          const fill = bookingFill(booking, product);
          const total = order.amount.total_cents;
          const deposit = booking.depositPaid ? booking.depositCents : 0;
          return {
            to: booking.customerEmail,
            body: "product-booking-converted-body",
            fill: (template: string, texts: typeof en) =>
              fill(template, texts)
                .replaceAll("{{order}}", `#${created.orderNumber}`)
                .replaceAll("{{total}}", formatHkd(total))
                .replaceAll(
                  "{{deposit}}",
                  deposit > 0
                    ? texts["product-booking-deposit-note"]
                        .replaceAll("{{deposit}}", formatHkd(deposit))
                        .replaceAll("{{rest}}", formatHkd(Math.max(total - deposit, 0)))
                    : "",
                ),
          };
        }),
        account?.storeName ?? "",
      );
      return {
        converted: converted.map(({ booking, created }) => ({
          booking_id: booking.id,
          order_id: created.id,
          order_number: created.orderNumber,
        })),
        remaining: total - converted.length,
      };
    },
  }),

  /**
   * A booking from the store's website. No staff here, so no log entry; each request counts against the
   * store's and the address's hourly limits, refused ones too.
   */
  defineAction("add_online_product_booking_data", "public", {
    reads: (input, { db, now }) => {
      const store = forStore(db, input.application_key);
      return [
        ...storeWebsiteReads(store, now),
        bookingOfSubmission(store, input.idempotency_key),
        productByCode(store, input.product_code),
        settingOf(store, input.product_code),
        memberById(store, input.member_id),
      ] as const;
    },
    handler: async (
      input,
      { db, now, clientAddress },
      [accounts, plans, [existing], [product], [setting], [member]],
    ) => {
      if (existing) return toOnline(existing, setting);
      refuseClosedWebsite([accounts, plans], "product_booking", now);
      const store = forStore(db, input.application_key);
      const hits = rateLimitHitStatements(
        db,
        publicRequestBuckets("product_booking", input.application_key, clientAddress, {
          perStore: ONLINE_BOOKINGS_PER_STORE,
          perClient: ONLINE_BOOKINGS_PER_CLIENT,
        }),
        now,
      );
      if (!product) return refuseCountedAgainst(db, hits, new ActionError(404, "not-found"));
      if (input.member_id !== null && (!member || member.disabled || member.email !== input.customer_email)) {
        return refuseCountedAgainst(db, hits, new ActionError(404, "user-not-found-or-disabled"));
      }
      const customer = member
        ? { customerName: member.name, customerPhone: member.phone ?? "", customerEmail: member.email ?? "" }
        : {
            customerName: input.customer_name ?? "",
            customerPhone: input.customer_phone ?? "",
            customerEmail: input.customer_email,
          };
      try {
        const [[booking]] = await store.batch([
          store
            .insert(productBookings, [
              {
                productId: product.id,
                memberId: member?.id ?? null,
                ...customer,
                quantity: input.quantity,
                depositCents: depositOf(product.id, input.quantity),
                channel: "online",
                idempotencyKey: input.idempotency_key,
                note: input.note ?? "",
              },
            ])
            .returning(),
          ...hits,
        ]);
        return toOnline(booking, setting);
      } catch (error) {
        if (isRateLimitRefusal(error)) throw rateLimitedError();
        if (isReplay(error)) {
          const [first] = await bookingOfSubmission(store, input.idempotency_key);
          if (first) return toOnline(first, setting);
        }
        try {
          rethrowBookingRefusal(error);
        } catch (refusal) {
          return refuseCountedAgainst(db, hits, refusal);
        }
      }
    },
  }),
];
