import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { daysBetween } from "../../contract/dates";
import type { SalesFigures, SalesReport } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { orderLines, orderPayments, orderRefunds, orders } from "../../backend/db/schema";
import { defineAction } from "../../backend/registry";

const DAY_MS = 86_400_000;

/** The UTC instant a Hong Kong day starts, as the database writes its times. */
const hongKongDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`)).toISOString();

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const cents = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);
const counted = sql<number>`count(*)`.mapWith(Number);

const TOP_PRODUCTS = 10;

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
 * instants so each query walks its `(application_key, time)` index over the range alone.
 */
function reportQueries(store: StoreScope, from: string, to: string) {
  const start = hongKongDayStart(from);
  const end = hongKongDayStart(addDays(to, 1));
  const paidInRange = and(gte(orders.paidAt, start), lt(orders.paidAt, end));
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
          gross: cents(sql`${orders.subtotalCents}`),
          discounts: cents(discounts),
          delivery: cents(sql`${orders.deliveryChargeCents}`),
          cardFees: cents(sql`${orders.cardFeeCents}`),
          total: cents(sql`${orders.totalCents}`),
        },
        paidInRange,
      )
      .groupBy(paidDay),
    store
      .selectFields(
        orderRefunds,
        {
          date: refundDay,
          refunds: cents(sql`${orderRefunds.amountCents}`),
          goods: cents(sql`${orderRefunds.amountCents} - ${orderRefunds.feesCents}`),
        },
        gte(orderRefunds.createdAt, start),
        lt(orderRefunds.createdAt, end),
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
          gross: cents(sql`${orders.subtotalCents}`),
          total: cents(sql`${orders.totalCents}`),
        },
        paidInRange,
      )
      .groupBy(orders.channel)
      .orderBy(orders.channel),
    topProductsByVariant(store, paidInRange),
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

const EMPTY_DAY: Omit<DayRow, "date"> = { orders: 0, gross: 0, discounts: 0, delivery: 0, cardFees: 0, total: 0 };

type RefundRow = Awaited<ReturnType<typeof reportQueries>[1]>[number];
const NO_REFUNDS: Omit<RefundRow, "date"> = { refunds: 0, goods: 0 };

/**
 * A day's (or the range's) figures. Refunds here are what was given back for goods: the refund that ends an
 * order also gives back its delivery and card fee, which leaves the money collected but not the sales.
 */
function figures(sales: Omit<DayRow, "date">, refunds: Omit<RefundRow, "date">): SalesFigures {
  const net = sales.gross - sales.discounts;
  return {
    orders: sales.orders,
    gross_sales_cents: sales.gross,
    discounts_cents: sales.discounts,
    refunds_cents: refunds.goods,
    net_sales_cents: net - refunds.goods,
    delivery_cents: sales.delivery,
    card_fees_cents: sales.cardFees,
    total_collected_cents: sales.total - refunds.refunds,
    average_order_cents: sales.orders === 0 ? 0 : Math.round(net / sales.orders),
  };
}

export const salesReportActions = [
  defineAction("get_order_sales_report_data_by_application_key", "store:order:read", {
    reads: ({ from, to }, { store }) => reportQueries(store, from, to),
    handler: async ({ from, to }, _context, [sales, refunds, methods, channels, products]): Promise<SalesReport> => {
      const salesOn = new Map(sales.map((row) => [row.date, row]));
      const refundsOn = new Map(refunds.map((row) => [row.date, row]));
      const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => addDays(from, index));
      const sum = (key: keyof typeof EMPTY_DAY) => sales.reduce((total, row) => total + row[key], 0);
      const totalSales = {
        orders: sum("orders"),
        gross: sum("gross"),
        discounts: sum("discounts"),
        delivery: sum("delivery"),
        cardFees: sum("cardFees"),
        total: sum("total"),
      };
      return {
        from,
        to,
        totals: figures(totalSales, {
          refunds: refunds.reduce((total, row) => total + row.refunds, 0),
          goods: refunds.reduce((total, row) => total + row.goods, 0),
        }),
        days: dates.map((date) => ({
          date,
          ...figures(salesOn.get(date) ?? EMPTY_DAY, refundsOn.get(date) ?? NO_REFUNDS),
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
