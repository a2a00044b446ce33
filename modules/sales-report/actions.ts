import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { daysBetween } from "../../contract/dates";
import { EXCHANGE_PAYMENT_METHOD, STORED_VALUE_METHODS, type OrderPaymentMethod } from "../../contract/options";
import type { SalesFigures, SalesReport } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { giftCards, orderLines, orderPayments, orderRefunds, orders, storeCredits } from "../../backend/db/schema";
import { defineAction } from "../../backend/registry";
import { notExpired } from "../gift-card/ledger";
import { locationsRead } from "../location/reads";

const DAY_MS = 86_400_000;

/** The UTC instant a Hong Kong day starts, as the database writes its times. */
const hongKongDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`)).toISOString();

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const cents = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);
const counted = sql<number>`count(*)`.mapWith(Number);

const TOP_PRODUCTS = 10;

/** An order's gift-card lines, by the order's own key. */
const giftCardLinesOfOrder = sql`(select coalesce(sum(${orderLines.lineTotalCents}), 0) from ${orderLines}
  where ${orderLines.applicationKey} = ${orders.applicationKey} and ${orderLines.orderId} = ${orders.id}
    and ${orderLines.giftCard} = 1)`;

/** What an order's payments by these methods paid (a payment refunded later still paid the sale). */
const paidWith = (methods: readonly OrderPaymentMethod[]) => sql`(select coalesce(sum(${orderPayments.amountCents}), 0)
  from ${orderPayments} where ${orderPayments.applicationKey} = ${orders.applicationKey}
    and ${orderPayments.orderId} = ${orders.id} and ${inArray(orderPayments.method, [...methods])}
    and ${inArray(orderPayments.status, ["succeeded", "refunded"])})`;

/** Payments that are not money taken: value the store already held, or goods given back in an exchange. */
const NOT_MONEY = [...STORED_VALUE_METHODS, EXCHANGE_PAYMENT_METHOD];

/**
 * The top products' sales, a row per variant sold (by its option values at the time of sale), each with its
 * product's rank: the product's sums are windows over the grouped rows, ranked one level up and cut one more.
 * From the range's orders to their lines: the lines' own store index would walk every line the store ever
 * sold (100k orders: 0.5 s for today's report).
 */
function topProductsByVariant(store: StoreScope, paidInRange: SQL | undefined) {
  const product = sql`partition by ${orderLines.productId}, ${orderLines.nameZhHk}, ${orderLines.nameEn}`;
  const sold = store
    .selectFields(
      orders,
      {
        productId: orderLines.productId,
        nameZhHk: orderLines.nameZhHk,
        nameEn: orderLines.nameEn,
        variantNameZhHk: orderLines.variantNameZhHk,
        variantNameEn: orderLines.variantNameEn,
        quantity: sql<number>`sum(${orderLines.quantity})`.as("quantity"),
        amount: sql<number>`sum(${orderLines.lineTotalCents})`.as("amount"),
        productQuantity: sql<number>`sum(sum(${orderLines.quantity})) over (${product})`.as("product_quantity"),
        productAmount: sql<number>`sum(sum(${orderLines.lineTotalCents})) over (${product})`.as("product_amount"),
      },
      paidInRange,
    )
    .innerJoin(
      orderLines,
      and(
        eq(orderLines.orderId, orders.id),
        eq(orderLines.applicationKey, orders.applicationKey),
        eq(orderLines.kind, "product"),
        eq(orderLines.giftCard, false),
      ),
    )
    .groupBy(
      orderLines.productId,
      orderLines.nameZhHk,
      orderLines.nameEn,
      orderLines.variantNameZhHk,
      orderLines.variantNameEn,
    )
    .as("sold");
  const ranked = store
    .selectFromScoped(sold, {
      productId: sold.productId,
      nameZhHk: sold.nameZhHk,
      nameEn: sold.nameEn,
      variantNameZhHk: sold.variantNameZhHk,
      variantNameEn: sold.variantNameEn,
      quantity: sold.quantity,
      amount: sold.amount,
      productQuantity: sold.productQuantity,
      productAmount: sold.productAmount,
      rank: sql<number>`dense_rank() over (order by ${sold.productAmount} desc, ${sold.productQuantity} desc, ${sold.nameEn}, ${sold.nameZhHk}, ${sold.productId})`.as(
        "product_rank",
      ),
    })
    .as("ranked");
  return store
    .selectFromScoped(ranked, {
      productId: ranked.productId,
      nameZhHk: ranked.nameZhHk,
      nameEn: ranked.nameEn,
      variantNameZhHk: ranked.variantNameZhHk,
      variantNameEn: ranked.variantNameEn,
      quantity: sql<number>`${ranked.quantity}`.mapWith(Number),
      amount: sql<number>`${ranked.amount}`.mapWith(Number),
      productQuantity: sql<number>`${ranked.productQuantity}`.mapWith(Number),
      productAmount: sql<number>`${ranked.productAmount}`.mapWith(Number),
      rank: sql<number>`${ranked.rank}`.mapWith(Number),
    })
    .where(sql`${ranked.rank} <= ${TOP_PRODUCTS}`)
    .orderBy(sql`${ranked.rank}, ${ranked.amount} desc, ${ranked.quantity} desc, ${ranked.variantNameEn}`);
}

/**
 * The report's queries, one batch. Sales are orders by the Hong Kong day of `paid_at` (orders never paid,
 * cancelled ones included, have none); refunds by the Hong Kong day of their own row. The bounds are UTC
 * instants so each query walks its `(application_key, time)` index over the range alone. At a location: the
 * orders whose `location_id` is it (its counter sales and the pickups there, along `store_order_location_paid_idx`)
 * and the refunds of those orders; the outstanding gift cards and store credit are the store's whatever the location.
 */
function reportQueries(store: StoreScope, from: string, to: string, location: number | undefined) {
  const start = hongKongDayStart(from);
  const end = hongKongDayStart(addDays(to, 1));
  const atLocation = location === undefined ? undefined : eq(orders.locationId, location);
  const paidInRange = and(atLocation, gte(orders.paidAt, start), lt(orders.paidAt, end));
  const paidDay = sql<string>`date(${orders.paidAt}, '+8 hours')`;
  const refundDay = sql<string>`date(${orderRefunds.createdAt}, '+8 hours')`;
  const discounts = sql`${orders.couponDiscountCents} + ${orders.cashDollarDiscountCents}`;
  const paidOrderIds = sql`(select ${orders.id} from ${orders} where ${store.where(orders, paidInRange)})`;
  return [
    store
      .selectFields(
        orders,
        {
          date: paidDay,
          orders: counted,
          subtotal: cents(sql`${orders.subtotalCents}`),
          giftCards: cents(giftCardLinesOfOrder),
          discounts: cents(discounts),
          delivery: cents(sql`${orders.deliveryChargeCents}`),
          cardFees: cents(sql`${orders.cardFeeCents}`),
          storedValue: cents(paidWith(STORED_VALUE_METHODS)),
          money: cents(sql`${orders.totalCents} - ${paidWith(NOT_MONEY)}`),
        },
        paidInRange,
      )
      .groupBy(paidDay),
    store
      .selectFields(
        orderRefunds,
        {
          date: refundDay,
          goods: cents(
            sql`max(0, ${orderRefunds.amountCents} - ${orderRefunds.feesCents} - ${orderRefunds.giftCardsReturnedCents})`,
          ),
          giftCards: cents(sql`${orderRefunds.giftCardsReturnedCents}`),
          money: cents(sql`${orderRefunds.amountCents} - ${orderRefunds.storedValueCents}`),
        },
        gte(orderRefunds.createdAt, start),
        lt(orderRefunds.createdAt, end),
        atLocation && inArray(orderRefunds.orderId, store.selectFields(orders, { id: orders.id }, atLocation)),
      )
      .groupBy(refundDay),
    store
      .selectFields(
        orderPayments,
        {
          method: orderPayments.method,
          orders: sql<number>`count(distinct ${orderPayments.orderId})`.mapWith(Number),
          amount: cents(sql`${orderPayments.amountCents}`),
        },
        inArray(orderPayments.orderId, paidOrderIds),
        inArray(orderPayments.status, ["succeeded", "refunded"]),
      )
      .groupBy(orderPayments.method)
      .orderBy(desc(sql`3`), orderPayments.method),
    store
      .selectFields(
        orders,
        {
          channel: orders.channel,
          orders: counted,
          gross: cents(sql`${orders.subtotalCents} - ${giftCardLinesOfOrder}`),
          total: cents(sql`${orders.totalCents}`),
        },
        paidInRange,
      )
      .groupBy(orders.channel)
      .orderBy(orders.channel),
    topProductsByVariant(store, paidInRange),
    store.selectFields(
      giftCards,
      { cents: cents(sql`${giftCards.balanceCents}`) },
      isNull(giftCards.disabledAt),
      notExpired,
    ),
    store.selectFields(storeCredits, { cents: cents(sql`${storeCredits.balanceCents}`) }),
    // The store's locations, which the report can be read by.
    locationsRead(store),
  ] as const;
}

type DayRow = Awaited<ReturnType<typeof reportQueries>[0]>[number];

type SoldVariantRow = Awaited<ReturnType<typeof topProductsByVariant>>[number];

/** The ranked variant rows as products, each with its variants (a product without options has none). */
function topProducts(rows: SoldVariantRow[]): SalesReport["top_products"] {
  const byRank = new Map<number, SalesReport["top_products"][number]>();
  for (const row of rows) {
    const product = byRank.get(row.rank) ?? {
      product_id: row.productId,
      name_zh_hk: row.nameZhHk,
      name_en: row.nameEn,
      quantity: row.productQuantity,
      amount_cents: row.productAmount,
      variants: [],
    };
    byRank.set(row.rank, product);
    if (row.variantNameZhHk !== null)
      product.variants.push({
        variant_name_zh_hk: row.variantNameZhHk,
        variant_name_en: row.variantNameEn ?? "",
        quantity: row.quantity,
        amount_cents: row.amount,
      });
  }
  return [...byRank.values()];
}

type SalesRow = Omit<DayRow, "date">;
const NO_SALES: SalesRow = {
  orders: 0,
  subtotal: 0,
  giftCards: 0,
  discounts: 0,
  delivery: 0,
  cardFees: 0,
  storedValue: 0,
  money: 0,
};

type RefundRow = Omit<Awaited<ReturnType<typeof reportQueries>[1]>[number], "date">;
const NO_REFUNDS: RefundRow = { goods: 0, giftCards: 0, money: 0 };

/** The rows' figures added up, for the range's totals. */
const summed = <Row extends Record<string, number>>(rows: Row[], empty: Row): Row =>
  rows.reduce(
    (total, row) => Object.fromEntries(Object.keys(empty).map((key) => [key, total[key] + row[key]])) as Row,
    empty,
  );

/**
 * A day's (or the range's) figures. Refunds here are what was given back for goods: the refund that ends an
 * order also gives back its delivery and card fee, which leaves the money collected but not the sales.
 */
function figures(sales: SalesRow, refunds: RefundRow): SalesFigures {
  const gross = sales.subtotal - sales.giftCards;
  const net = gross - sales.discounts;
  return {
    orders: sales.orders,
    gross_sales_cents: gross,
    discounts_cents: sales.discounts,
    refunds_cents: refunds.goods,
    net_sales_cents: net - refunds.goods,
    gift_cards_sold_cents: sales.giftCards - refunds.giftCards,
    stored_value_paid_cents: sales.storedValue,
    delivery_cents: sales.delivery,
    card_fees_cents: sales.cardFees,
    total_collected_cents: sales.money - refunds.money,
    average_order_cents: sales.orders === 0 ? 0 : Math.round(net / sales.orders),
  };
}

export const salesReportActions = [
  defineAction("get_order_sales_report_data_by_application_key", "store:order:read", {
    reads: ({ from, to, location_id }, { store }) => reportQueries(store, from, to, location_id),
    handler: async (
      { from, to, location_id },
      _context,
      [sales, refunds, methods, channels, products, [giftCardBalances], [storeCreditBalances], storeLocations],
    ): Promise<SalesReport> => {
      const salesOn = new Map(sales.map(({ date, ...row }) => [date, row]));
      const refundsOn = new Map(refunds.map(({ date, ...row }) => [date, row]));
      const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => addDays(from, index));
      const outstanding = { gift_cards_cents: giftCardBalances.cents, store_credit_cents: storeCreditBalances.cents };
      return {
        from,
        to,
        location_id: location_id ?? null,
        locations: storeLocations,
        totals: figures(summed([...salesOn.values()], NO_SALES), summed([...refundsOn.values()], NO_REFUNDS)),
        outstanding: { ...outstanding, total_cents: outstanding.gift_cards_cents + outstanding.store_credit_cents },
        days: dates.map((date) => ({
          date,
          ...figures(salesOn.get(date) ?? NO_SALES, refundsOn.get(date) ?? NO_REFUNDS),
        })),
        by_payment_method: methods.map((row) => ({ method: row.method, orders: row.orders, amount_cents: row.amount })),
        by_channel: channels.map((row) => ({
          channel: row.channel,
          orders: row.orders,
          gross_sales_cents: row.gross,
          total_cents: row.total,
        })),
        top_products: topProducts(products),
      };
    },
  }),
];
