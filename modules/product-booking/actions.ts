import { and, asc, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { emailTexts } from "../../backend/locales.generated";
import type { Payload } from "../../contract/actions";
import { hongKongDayStart } from "../../contract/dates";
import { formatHkd } from "../../contract/money";
import { MAX_BOOKING_CHOICES, MAX_CONVERSIONS, MAX_QUEUE_ROWS } from "./contract";
import type { CheckoutReads } from "../../backend/checkout";
import { contains } from "../../backend/db/like";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  members,
  orders,
  productBookingQuotas,
  productBookingSettings,
  productBookings,
  products,
  storeAccounts,
} from "../../backend/db/schema";
import { chunks } from "../../backend/db/chunks";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { checkoutMemberFields } from "../../backend/member-checkout";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineAction } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";
import { awaitingPaymentOrderStatements, paidOrderRules, priceOrThrow } from "../checkout/orders";
import { searched } from "../product/search";
import {
  DATA_TYPE,
  ONLINE_BOOKINGS_PER_STORE,
  ONLINE_BOOKINGS_PER_CLIENT,
  OPEN_STATUSES,
  BookingRow,
  productIdOf,
  productByCode,
  settingOf,
  bookingsQuery,
  bookingById,
  toRecord,
  toProduct,
  toSetting,
  settingsAndProducts,
  withProducts,
  queueOf,
  keywordMatch,
  recordName,
  bookingLogged,
  settingLogged,
  depositOf,
  rethrowBookingRefusal,
  rethrowQuotaBelowBooked,
  emailCustomer,
  bookingFill,
  isReplay,
  bookingOfSubmission,
  toOnline,
  memberById,
  MEMBER_READ,
  orderKeyOf,
  conversionCheckoutReads,
  rethrowConvertedMeanwhile,
  variantsOfProduct,
  variantNamed,
  toVariant,
  type VariantRow,
} from "./bookings";

const { en, "zh-HK": zhHK } = emailTexts;

/** Quotas per insert: four bound values each, and D1 binds at most 100 per statement. */
const QUOTAS_PER_INSERT = 20;

type SettingInput = Payload<"add_product_booking_setting_data">;

/**
 * A setting's quotas as rows of its product's variants (each named, or the product's only one); a quota
 * below the units its variant holds is refused beside it (409 `product-booking-quota-full`: the CHECK
 * holds it under concurrency, this names the variant).
 */
function quotaRows(input: Pick<SettingInput, "quotas">, variants: VariantRow[]) {
  const rows = input.quotas.map((line, index) => ({
    variant: variantNamed(variants, line.variant_id, `quotas.${index}.variant_id`),
    quota: line.quota,
  }));
  const below = rows.flatMap((row, index) =>
    row.quota < (row.variant.bookedUnits ?? 0) ? [[`quotas.${index}.quota`, ["product-booking-quota-full"]]] : [],
  );
  if (below.length > 0) throw new ActionError(409, "product-booking-quota-full", Object.fromEntries(below));
  return rows;
}

/** The quotas' upserts: each variant's quota set, its booked units kept. */
const quotaStatements = (store: StoreScope, productId: number, rows: ReturnType<typeof quotaRows>) =>
  chunks(rows, QUOTAS_PER_INSERT).map((group) =>
    store
      .insert(
        productBookingQuotas,
        group.map((row) => ({ variantId: row.variant.id, productId, quota: row.quota })),
      )
      .onConflictDoUpdate({ target: productBookingQuotas.variantId, set: { quota: sql`excluded.quota` } }),
  );

/** The variants as the setting's log shows them, with the quotas just set. */
const withQuotas = (variants: VariantRow[], rows: ReturnType<typeof quotaRows>) =>
  variants.map((variant) => ({
    ...variant,
    quota: rows.find((row) => row.variant.id === variant.id)?.quota ?? variant.quota,
  }));

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
      [
        productByCode(store, input.product_code),
        memberById(store, input.member_id),
        variantsOfProduct(store, input.product_code),
      ] as const,
    handler: async (
      { application_key: _key, ...input },
      { store, caller, now },
      [productRows, memberRows, variants],
    ) => {
      const product = found(productRows);
      const variant = variantNamed(variants, input.variant_id, "variant_id");
      const member = input.member_id === null ? null : found(memberRows);
      if (member?.disabled) throw new ActionError(404, "user-not-found-or-disabled");
      const columns = {
        productId: product.id,
        variantId: variant.id,
        variantNameZhHk: variant.labelZhHk || null,
        variantNameEn: variant.labelEn || null,
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
    handler: async (_input, _context, [settings, productRows, variantRows]) =>
      withProducts(settings, productRows, variantRows).map(({ setting, product, variants }) =>
        toSetting(setting, product, variants),
      ),
  }),

  defineAction("get_product_booking_setting_data_by_application_key_and_product_code", "store:product_booking:read", {
    reads: ({ product_code }, { store }) =>
      [
        productByCode(store, product_code),
        settingOf(store, product_code),
        queueOf(store, product_code).limit(MAX_QUEUE_ROWS),
        variantsOfProduct(store, product_code),
      ] as const,
    handler: async (_input, _context, [productRows, [setting], queue, variants]) => {
      const product = found(productRows);
      return {
        product: toProduct(product),
        setting: setting
          ? {
              open: setting.open,
              deposit_cents: setting.depositCents,
              expected_arrival_date: setting.expectedArrivalDate,
              version: setting.version,
            }
          : null,
        variants: variants.map(toVariant),
        queue: queue.map(toRecord),
      };
    },
  }),

  defineAction("add_product_booking_setting_data", "store:product_booking:write", {
    reads: ({ product_code }, { store }) =>
      [productByCode(store, product_code), variantsOfProduct(store, product_code)] as const,
    handler: async (input, { store, caller, now }, [productRows, variants]) => {
      const product = found(productRows);
      const quotas = quotaRows(input, variants);
      const columns = {
        open: input.open,
        depositCents: input.deposit_cents,
        expectedArrivalDate: input.expected_arrival_date,
      };
      await store
        .batch([
          store.insert(productBookingSettings, [{ productId: product.id, ...columns }]),
          ...quotaStatements(store, product.id, quotas),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: product.productCode,
            recordName: namesOf(product),
            before: null,
            after: settingLogged(columns, withQuotas(variants, quotas)),
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
        [
          productByCode(store, product_code),
          settingOf(store, product_code),
          variantsOfProduct(store, product_code),
        ] as const,
      handler: async (input, { store, caller, now }, [productRows, settingRows, variants]) => {
        const product = found(productRows);
        const before = found(settingRows);
        const quotas = quotaRows(input, variants);
        const columns = {
          open: input.open,
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
            ...quotaStatements(store, product.id, quotas),
            store.log(caller, now, {
              action: "edit",
              dataType: DATA_TYPE,
              recordId: product.productCode,
              recordName: namesOf(product),
              before: settingLogged(before, variants),
              after: settingLogged(columns, withQuotas(variants, quotas)),
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
          store,
          store.selectFields(
            products,
            {
              id: products.id,
              productCode: products.productCode,
              nameZhHk: products.nameZhHk,
              nameEn: products.nameEn,
              stock: products.stock,
            },
            keyword ? undefined : sql`0`,
          ),
          keyword,
        )
          .orderBy(asc(products.id))
          .limit(MAX_BOOKING_CHOICES),
        ...settingsAndProducts(store, true),
      ] as const,
    handler: async (_input, _context, [memberRows, productRows, openSettings, openProducts, openVariants]) => ({
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
      open_products: withProducts(openSettings, openProducts, openVariants).flatMap(({ setting, product, variants }) =>
        // A variant of quota 0 takes no bookings.
        variants
          .flatMap((variant) => (variant.quota ? [variant] : []))
          .map((variant) => ({
            id: product.id,
            product_code: product.productCode,
            name_zh_hk: product.nameZhHk,
            name_en: product.nameEn,
            variant_id: variant.id,
            variant_name_zh_hk: variant.labelZhHk || null,
            variant_name_en: variant.labelEn || null,
            deposit_cents: setting.depositCents,
            units_left: (variant.quota ?? 0) - (variant.bookedUnits ?? 0),
          })),
      ),
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
        store.select(productBookings, queued).orderBy(asc(productBookings.id)).limit(MAX_QUEUE_ROWS),
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
      const [, , , , , , , , [account], , variantRows] = checkout;
      // Each variant's queue in booking order: its first booking that does not fit its stock stops it.
      const stockLeft = new Map(
        variantRows.map((row) => [row.id, row.unlimitedInventory ? Number.POSITIVE_INFINITY : row.stock]),
      );
      const taken: BookingRow[] = [];
      for (const booking of queue) {
        if (taken.length === MAX_CONVERSIONS) break;
        const left = booking.variantId === null ? undefined : stockLeft.get(booking.variantId);
        if (left === undefined || booking.quantity > left) {
          stockLeft.delete(booking.variantId!);
          continue;
        }
        stockLeft.set(booking.variantId!, left - booking.quantity);
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
          lines: [{ product_code, variant_id: booking.variantId!, quantity: booking.quantity, add_on_product_ids: [] }],
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
        variantsOfProduct(store, input.product_code),
      ] as const;
    },
    handler: async (
      input,
      { db, now, clientAddress, websiteKeyed },
      [accounts, plans, [existing], [product], [setting], [member], variants],
    ) => {
      if (existing) return toOnline(existing, setting);
      refuseClosedWebsite([accounts, plans], "product_booking", now);
      const store = forStore(db, input.application_key);
      const hits = rateLimitHitStatements(
        db,
        publicRequestBuckets(
          "product_booking",
          input.application_key,
          { clientAddress, websiteKeyed },
          {
            perStore: ONLINE_BOOKINGS_PER_STORE,
            perClient: ONLINE_BOOKINGS_PER_CLIENT,
          },
        ),
        now,
      );
      if (!product) return refuseCountedAgainst(db, hits, new ActionError(404, "not-found"));
      let variant: VariantRow;
      try {
        variant = variantNamed(variants, input.variant_id, "variant_id");
      } catch (refusal) {
        return refuseCountedAgainst(db, hits, refusal);
      }
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
                variantId: variant.id,
                variantNameZhHk: variant.labelZhHk || null,
                variantNameEn: variant.labelEn || null,
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
