import { and, asc, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Payload } from "../../contract/actions";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";
import { withVariant } from "../../contract/localized";
import { withValue } from "../../contract/messages";
import {
  canMoveQuotation,
  EDITABLE_QUOTATION_STATUSES,
  QUOTATION_MOVES,
  quotationNumber,
  shortLineField,
  shortLineMessage,
  STOCK_CHECKED_QUOTATION_STATUSES,
  type QuotationDetail,
  type QuotationForCustomer,
  type QuotationLine,
  type QuotationRecord,
  type QuotationStatus,
} from "./contract";
import { emailTexts } from "../../backend/locales.generated";
import type { Caller } from "../../backend/caller";
import { saveEdit } from "../../backend/crud";
import { checkoutReads, computeOrderAmount } from "../../backend/checkout";
import { contains } from "../../backend/db/like";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  members,
  orders,
  products,
  productVariants,
  quotationHistory,
  quotationLines,
  quotations,
  storeAccounts,
  storeSettings,
  websiteData,
} from "../../backend/db/schema";
import { storeFpsQr } from "../../backend/fps-qr";
import { paymentMethodsOf } from "../setting/actions";
import { orderOwedCents } from "../order/actions";
import type { OrderStatus } from "../../contract/order-states";
import { pagedRows } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { edited, oneName } from "../../backend/log";
import { payLinkFor } from "../../backend/pay-link";
import { linkExpiry, readQuotationLink, signQuotationLink } from "../../backend/quotation-link";
import { nextQuotationNumber } from "../../backend/quotation-number";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { shortLinesOf, stockFields, stockOf } from "./stock";
import { variantLabel } from "../product/variant-sql";
import { awaitingPaymentOrderStatements, paidOrderRules, rethrowOrderRefused } from "../checkout/actions";

const { en, "zh-HK": zhHK } = emailTexts;

type QuotationRow = typeof quotations.$inferSelect;
type LineRow = typeof quotationLines.$inferSelect & { productCode: string | null };
type ProductRow = typeof products.$inferSelect;
type VariantRow = BatchResponse<ReturnType<typeof formReads>>[2][number];
type QuotationInput = Payload<"add_quotation_data">;

const DATA_TYPE = "quotation_data";

/** Customers' answers per store and per store and client address, within the rate-limit window (an hour). */
export const QUOTATION_DECISIONS_PER_STORE = 1000;
export const QUOTATION_DECISIONS_PER_CLIENT = 30;

const SORT_COLUMNS = {
  create_date: quotations.createdAt,
  valid_until: quotations.validUntil,
  total: quotations.totalCents,
} as const;

const NUMBER = /^Q?(\d{1,9})$/i;

/** Statuses whose printed quotation carries the FPS QR code of its total: still an offer to pay. */
const PAYABLE_QUOTATION_STATUSES: readonly QuotationStatus[] = ["pending", "approved"];

/** The path of a customer's link; the page is app/routes/_auth+/quotation-reply.$token.tsx. */
const linkPath = (token: string) => `/quotation-reply/${token}`;

const toRecord = (row: QuotationRow): QuotationRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "quotationNumber", "requestId", "actorEmail", "createdAt"],
    add: { number: quotationNumber(row.quotationNumber), create_date: row.createdAt },
  });

const toLine = (row: LineRow): QuotationLine =>
  snakeCased(row, { omit: ["applicationKey", "quotationId", "position"] });

type NewLine = Pick<
  LineRow,
  | "productId"
  | "variantId"
  | "variantNameZhHk"
  | "variantNameEn"
  | "nameZhHk"
  | "nameEn"
  | "unitPriceCents"
  | "quantity"
  | "lineTotalCents"
>;
type Columns = ReturnType<typeof columnsOf>;

const LOGGED_COLUMNS = [
  "companyName",
  "contactName",
  "email",
  "phone",
  "address",
  "discountCents",
  "deliveryCents",
  "totalCents",
  "validUntil",
  "terms",
  "note",
  "status",
  "revision",
] as const;

/** The log's view of a quotation: its fields, and its lines as one text (name – variant ×quantity @price). */
const toLogged = (row: Pick<QuotationRow, (typeof LOGGED_COLUMNS)[number]>, lines: NewLine[]) =>
  snakeCased(row, {
    pick: LOGGED_COLUMNS,
    add: {
      lines: lines
        .map((line) => `${withVariant(line.nameZhHk, line.variantNameZhHk)} ×${line.quantity} @${line.unitPriceCents}`)
        .join("; "),
    },
  });

const nameOf = (row: Pick<QuotationRow, "quotationNumber">) => oneName(quotationNumber(row.quotationNumber));

const quotationById = (store: StoreScope, id: number) => store.select(quotations, eq(quotations.id, id)).limit(1);

const linesOf = (store: StoreScope, id: number) =>
  store
    .selectFields(
      quotationLines,
      {
        ...getTableColumns(quotationLines),
        productCode: sql<
          string | null
        >`(select ${products.productCode} from ${products} where ${products.id} = ${quotationLines.productId})`,
      },
      eq(quotationLines.quotationId, id),
    )
    .orderBy(asc(quotationLines.position));

/** A form's lines in their order, with their positions. */
const positioned = <T>(lines: T[]) => lines.map((line, position) => ({ ...line, position }));

/** The store's name and contact, for the printed quotation and the customer's page. */
const storeContactReads = (store: StoreScope) =>
  [
    store.selectFields(storeAccounts, { name: storeAccounts.storeName }).limit(1),
    store
      .selectFields(websiteData, {
        logoImgUrl: websiteData.logoImgUrl,
        address: websiteData.address,
        phone: websiteData.contactPhone,
        email: websiteData.contactEmail,
      })
      .limit(1),
  ] as const;

function storeContact(
  account: { name: string } | undefined,
  website:
    { logoImgUrl: string | null; address: string | null; phone: string | null; email: string | null } | undefined,
) {
  return {
    name: account?.name ?? "",
    logo_img_url: website?.logoImgUrl ?? null,
    address: website?.address ?? null,
    phone: website?.phone ?? null,
    email: website?.email ?? null,
  };
}

/**
 * What the form names: its products by code, its member by their member ID, and the products' variants
 * with their option values and stock.
 */
function formReads(store: StoreScope, input: QuotationInput) {
  // One bound parameter for up to 100 codes: D1 binds at most 100 per statement.
  const codes = sql`(select value from json_each(${JSON.stringify(
    input.lines.flatMap((line) => (line.product_code ? [line.product_code] : [])),
  )}))`;
  return [
    store.select(products, inArray(products.productCode, codes)),
    store.selectFields(members, { id: members.id }, eq(members.memberCode, input.member_code ?? "")).limit(1),
    store.selectFields(
      productVariants,
      {
        ...stockFields,
        productId: productVariants.productId,
        priceCents: productVariants.priceCents,
        discountPriceCents: productVariants.discountPriceCents,
        labelZhHk: variantLabel("zh_hk"),
        labelEn: variantLabel("en"),
      },
      inArray(
        productVariants.productId,
        sql`(select ${products.id} from ${products} where ${store.where(products, inArray(products.productCode, codes))})`,
      ),
    ),
  ] as const;
}

/**
 * The form's member and lines as the quotation keeps them: a product line names a variant (the line's,
 * or the product's only one) and takes the product's names and the variant's price where the form leaves
 * them blank. A member ID, a product code or a variant the store does not have is refused beside its
 * field (404), and so is a line of a product with several variants that names none (400
 * `variant-required`).
 */
function resolveForm(
  input: QuotationInput,
  productRows: ProductRow[],
  memberRows: { id: number }[],
  variantRows: VariantRow[],
) {
  const byCode = new Map(productRows.map((row) => [row.productCode, row]));
  const missing: Record<string, string[]> = {};
  const refused: Record<string, string[]> = {};
  const [member] = memberRows;
  if (input.member_code !== undefined && !member)
    missing.member_code = [withValue("member-not-found", input.member_code)];
  const lines: NewLine[] = input.lines.map((line, position) => {
    const product = line.product_code === undefined ? undefined : byCode.get(line.product_code);
    if (line.product_code !== undefined && !product) missing[`lines.${position}.product_code`] = ["product-not-found"];
    const variants = variantRows.filter((row) => row.productId === product?.id);
    const variant =
      line.variant_id === undefined
        ? variants.length === 1
          ? variants[0]
          : undefined
        : variants.find((row) => row.id === line.variant_id);
    if (product && !variant) {
      if (line.variant_id === undefined) refused[`lines.${position}.variant_id`] = ["variant-required"];
      else missing[`lines.${position}.variant_id`] = ["variant-not-found"];
    }
    const unitPriceCents = line.unit_price_cents ?? variant?.discountPriceCents ?? variant?.priceCents ?? 0;
    return {
      productId: product?.id ?? null,
      variantId: variant?.id ?? null,
      variantNameZhHk: variant?.labelZhHk || null,
      variantNameEn: variant?.labelEn || null,
      nameZhHk: line.name ?? product?.nameZhHk ?? "",
      nameEn: line.name ?? product?.nameEn ?? "",
      unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: unitPriceCents * line.quantity,
    };
  });
  if (Object.keys(missing).length > 0) throw new ActionError(404, "not-found", missing);
  if (Object.keys(refused).length > 0) throw new ActionError(400, "invalid-payload", refused);
  return { memberId: member?.id ?? null, lines };
}

/** The quotation's columns from the form, totals computed here: the discount at most the subtotal. */
function columnsOf(input: QuotationInput, { memberId, lines }: ReturnType<typeof resolveForm>) {
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (input.discount_cents > subtotalCents) {
    throw new ActionError(400, "invalid-payload", { discount_cents: ["quotation-discount-over-subtotal"] });
  }
  return {
    memberId,
    companyName: input.company_name ?? "",
    contactName: input.contact_name,
    email: input.email ?? "",
    phone: input.phone ?? "",
    address: input.address ?? "",
    subtotalCents,
    discountCents: input.discount_cents,
    deliveryCents: input.delivery_cents,
    totalCents: subtotalCents - input.discount_cents + input.delivery_cents,
    validUntil: input.valid_until,
    terms: input.terms ?? "",
    note: input.note ?? "",
  };
}

const COMPARED_FIELDS = {
  member_code: "memberId",
  company_name: "companyName",
  contact_name: "contactName",
  email: "email",
  phone: "phone",
  address: "address",
  discount_cents: "discountCents",
  delivery_cents: "deliveryCents",
  valid_until: "validUntil",
  terms: "terms",
  note: "note",
} as const satisfies Record<string, keyof Columns>;

/** What an edit changed: the fields' names, and `line <n>` for each line changed, added or removed. */
function changesOf(before: QuotationRow, beforeLines: NewLine[], after: Columns, afterLines: NewLine[]): string[] {
  const fields = Object.entries(COMPARED_FIELDS)
    .filter(([, column]) => before[column] !== after[column])
    .map(([field]) => field);
  const key = (line: NewLine | undefined) =>
    line && [line.productId, line.variantId, line.nameZhHk, line.nameEn, line.unitPriceCents, line.quantity].join("|");
  const lineCount = Math.max(beforeLines.length, afterLines.length);
  const lines = Array.from({ length: lineCount }, (_, index) => index)
    .filter((index) => key(beforeLines[index]) !== key(afterLines[index]))
    .map((index) => `line ${index + 1}`);
  return [...fields, ...lines];
}

function historyStatement(
  store: StoreScope,
  entry: {
    quotationId: number | SQL;
    revision: number;
    from: QuotationStatus | null;
    to: QuotationStatus;
    actorEmail: string | null;
    changes?: string[];
    note?: string;
  },
) {
  return store.insert(quotationHistory, [
    {
      quotationId: entry.quotationId,
      revision: entry.revision,
      fromStatus: entry.from,
      toStatus: entry.to,
      changes: entry.changes ?? [],
      actorEmail: entry.actorEmail,
      note: entry.note ?? "",
    },
  ]);
}

/** A refusal of the database's quotation rules in the catalogue's words, or the error itself. */
function rethrowQuotationRefused(error: unknown): never {
  const text = errorText(error);
  if (text.includes("quotation_expired")) throw new ActionError(409, "quotation-expired");
  if (text.includes("quotation_already_converted")) throw new ActionError(409, "quotation-already-converted");
  rethrowStaleVersion(error);
}

/** The link to the quotation's current revision, when the deployment can sign one. */
async function customerLink(secret: string | undefined, row: QuotationRow, now: Date) {
  const expires = linkExpiry(row.validUntil, now);
  const token = await signQuotationLink(secret, {
    applicationKey: row.applicationKey,
    id: row.id,
    revision: row.revision,
    expires,
  });
  return token === null ? null : { path: linkPath(token), expires_at: new Date(expires * 1000).toISOString() };
}

/** The customer's link to pay the quotation's order, while that order awaits payment. */
async function orderPayLink(
  secret: string | undefined,
  applicationKey: string,
  order: { id: number; status: OrderStatus; totalCents: number } | undefined,
  now: Date,
) {
  const owed = order ? orderOwedCents(order) : null;
  return order && owed !== null
    ? payLinkFor(secret, { applicationKey, kind: "order", id: order.id, amountCents: owed }, now)
    : null;
}

/** The quotation a token names, read before the token is checked: nothing of it leaves before that. */
function tokenReads(db: Parameters<typeof forStore>[0], token: string) {
  const { store, quotationId } = claimedBy(db, token);
  return [
    quotationById(store, quotationId),
    linesOf(store, quotationId),
    ...storeContactReads(store),
    store
      .selectFields(
        orders,
        { id: orders.id, status: orders.status, totalCents: orders.totalCents },
        eq(
          orders.id,
          sql`(select ${quotations.orderId} from ${quotations} where ${store.where(quotations, eq(quotations.id, quotationId))})`,
        ),
      )
      .limit(1),
  ] as const;
}

/** The store and quotation a token's text names, before its signature is checked: only the reads use them. */
function claimedBy(db: Parameters<typeof forStore>[0], token: string) {
  const [applicationKey = "", id = "0"] = token.split(".");
  return { applicationKey, store: forStore(db, applicationKey), quotationId: Number(id) || 0 };
}

/** Statuses of an order that a payment link still opens: it waits for its money, or shows it paid. */
const PAYABLE_ORDER_STATUSES: readonly (typeof orders.$inferSelect)["status"][] = [
  "awaiting_payment",
  "unverified_payment",
  "paid",
  "preparing",
  "delivering",
  "completed",
];

/** The path of the payment page of the order a quotation became, while that order is not cancelled or refunded. */
async function orderPayPath(
  secret: string | undefined,
  applicationKey: string,
  order: { id: number; status: (typeof orders.$inferSelect)["status"]; totalCents: number } | undefined,
  now: Date,
) {
  if (!order || !PAYABLE_ORDER_STATUSES.includes(order.status)) return null;
  const link = await payLinkFor(
    secret,
    { applicationKey, kind: "order", id: order.id, amountCents: order.totalCents },
    now,
  );
  return link?.path ?? null;
}

/** The quotation of a valid link to its current revision, or the refusal to give. */
async function linkedQuotation(secret: string | undefined, token: string, now: Date, rows: QuotationRow[]) {
  const link = await readQuotationLink(secret, token, now);
  if (!link) return new ActionError(404, "quotation-link-invalid");
  const [row] = rows;
  if (!row || row.applicationKey !== link.applicationKey) return new ActionError(404, "quotation-not-found");
  if (row.revision !== link.revision) return new ActionError(404, "quotation-link-invalid");
  return row;
}

/** The customer's e-mail with the link, in the language staff chose for them. */
function quotationEmail(
  row: QuotationRow,
  storeName: string,
  link: string,
  language: Payload<"add_quotation_email_data">["language"],
) {
  const texts = language === "en" ? en : zhHK;
  const fill = (template: string) =>
    template
      .replaceAll("{{number}}", quotationNumber(row.quotationNumber))
      .replaceAll("{{store}}", storeName)
      .replaceAll("{{name}}", row.contactName)
      .replaceAll("{{valid_until}}", row.validUntil)
      .replaceAll("{{link}}", link);
  return { to: row.email, subject: fill(texts["quotation-subject"]), text: fill(texts["quotation-body"]) };
}

/**
 * What turning a quotation into its order reads: the stock of its lines and the checkout engine's reads, its
 * products and member found through the quotation itself.
 */
function conversionReads(store: StoreScope, applicationKey: string, id: number, now: Date) {
  const ofQuotation = store.where(quotations, eq(quotations.id, id));
  return [
    stockOf(store, id),
    ...checkoutReads(store, { application_key: applicationKey, lines: [], order_add_ons: [] }, now, {
      productIds: sql`(select ${quotationLines.productId} from ${quotationLines} where ${store.where(quotationLines, eq(quotationLines.quotationId, id))})`,
      memberId: sql`coalesce((select ${quotations.memberId} from ${quotations} where ${ofQuotation}), 0)`,
    }),
  ] as const;
}

type ConversionReads = BatchResponse<ReturnType<typeof conversionReads>>;

/**
 * The order a quotation becomes, at its quoted prices, discount and delivery, as the statements of its batch
 * with the quotation's move from approved to processing over `version` (the version it has once approved);
 * or the refusal: lines short of stock (named line by line, where the engine would only say
 * `inventory-not-enough`) or the engine's. `actor` is staff, or null for the customer approving through the link.
 * The order's idempotency key is `quotation:<id>`, unique per store, so of two conversions at once one makes
 * the order and the other is refused whole.
 */
function conversionOf(
  store: StoreScope,
  actor: Caller | null,
  now: Date,
  quotation: { row: QuotationRow; lines: LineRow[]; version: number },
  [stockRows, ...reads]: ConversionReads,
) {
  const { row, lines, version } = quotation;
  const short = shortLinesOf(lines, stockRows);
  if (short.length > 0) {
    return new ActionError(
      409,
      "quotation-stock-short",
      Object.fromEntries(short.map((line) => [shortLineField(line), [shortLineMessage(line)]])),
    );
  }
  const priced = computeOrderAmount(
    reads,
    { application_key: row.applicationKey, lines: [], order_add_ons: [], member_id: row.memberId ?? undefined },
    now,
    {
      channel: "pos",
      quoted: {
        lines: lines.map((line) => ({
          product_code: line.productCode,
          variant_id: line.variantId,
          name_zh_hk: line.nameZhHk,
          name_en: line.nameEn,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
        })),
        discountCents: row.discountCents,
        deliveryCents: row.deliveryCents,
      },
    },
  );
  if (!priced.ok) return new ActionError(priced.status, priced.message);
  const idempotencyKey = `quotation:${row.id}`;
  const [insertOrder, ...orderRest] = awaitingPaymentOrderStatements(store, actor, now, paidOrderRules(reads), {
    idempotencyKey,
    priced,
    customer: {
      name: [row.companyName, row.contactName].filter(Boolean).join(" · "),
      email: row.email || null,
      phone: row.phone || null,
    },
    note: quotationNumber(row.quotationNumber),
  });
  const orderId = sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, idempotencyKey))})`;
  return [
    insertOrder,
    ...orderRest,
    store.update(
      quotations,
      {
        status: "processing",
        orderId,
        actorEmail: actor?.email ?? null,
        version: nextVersion(quotations.version, version),
      },
      eq(quotations.id, row.id),
    ),
    historyStatement(store, {
      quotationId: row.id,
      revision: row.revision,
      from: "approved",
      to: "processing",
      actorEmail: actor?.email ?? null,
    }),
  ] as const;
}

/** A conversion's batch refused: by the quotation's rules, a stale version, another conversion, or the order's. */
function rethrowConversionRefused(error: unknown): never {
  if (/UNIQUE constraint failed: store_order\.application_key, store_order\.idempotency_key/.test(errorText(error))) {
    throw new ActionError(409, "quotation-already-converted");
  }
  if (/quotation_already_converted|NOT NULL constraint failed: quotation\.version/.test(errorText(error))) {
    rethrowQuotationRefused(error);
  }
  return rethrowOrderRefused(error);
}

function customerView(
  row: QuotationRow,
  lines: LineRow[],
  contact: QuotationDetail["store"],
  now: Date,
): QuotationForCustomer {
  const {
    note: _note,
    member_id: _member,
    order_id: _order,
    version: _version,
    sent_at: _sent,
    ...shown
  } = toRecord(row);
  return { ...shown, lines: lines.map(toLine), store: contact, expired: row.validUntil < hongKongDate(now) };
}

export const quotationActions = [
  defineAction(
    "get_quotation_data_and_total_number_by_sorting_and_limit",
    "store:quotation:read",
    async (input, { store }) => {
      const number = input.keyword ? NUMBER.exec(input.keyword)?.[1] : undefined;
      const where = and(
        or(
          contains([quotations.contactName, quotations.companyName], input.keyword),
          number === undefined ? undefined : eq(quotations.quotationNumber, Number(number)),
        ),
        input.status === undefined ? undefined : eq(quotations.status, input.status),
        input.date_from === undefined ? undefined : gte(quotations.createdAt, hongKongDayStart(input.date_from)),
        input.date_to === undefined ? undefined : lt(quotations.createdAt, hongKongDayStart(input.date_to, 1)),
      );
      return pagedRows(store, input, quotations, where, SORT_COLUMNS[input.sorting], toRecord);
    },
  ),

  defineAction("get_quotation_data_by_application_key_and_id", "store:quotation:read", {
    reads: ({ id }, { store }) =>
      [
        quotationById(store, id),
        linesOf(store, id),
        store
          .select(quotationHistory, eq(quotationHistory.quotationId, id))
          .orderBy(asc(quotationHistory.createdAt), asc(quotationHistory.id)),
        store.selectFields(
          orders,
          { id: orders.id, number: orders.orderNumber, status: orders.status, totalCents: orders.totalCents },
          eq(
            orders.id,
            sql`(select ${quotations.orderId} from ${quotations} where ${store.where(quotations, eq(quotations.id, id))})`,
          ),
        ),
        store.selectFields(
          members,
          { memberCode: members.memberCode },
          eq(
            members.id,
            sql`(select ${quotations.memberId} from ${quotations} where ${store.where(quotations, eq(quotations.id, id))})`,
          ),
        ),
        ...storeContactReads(store),
        stockOf(store, id),
        store.select(storeSettings).limit(1),
      ] as const,
    handler: async (
      _input,
      { env, now },
      [rows, lines, history, [order], [member], [account], [website], stockRows, [setting]],
    ): Promise<QuotationDetail> => {
      const row = found(rows);
      const payable = PAYABLE_QUOTATION_STATUSES.includes(row.status) && setting;
      return {
        ...toRecord(row),
        member_code: member?.memberCode ?? null,
        lines: lines.map(toLine),
        history: history.map((entry) => ({
          revision: entry.revision,
          from_status: entry.fromStatus,
          to_status: entry.toStatus,
          changes: entry.changes,
          actor_email: entry.actorEmail,
          note: entry.note,
          create_date: entry.createdAt,
        })),
        store: storeContact(account, website),
        order_number: order?.number ?? null,
        customer_link: await customerLink(env.SESSION_SECRET, row, now),
        order_pay_link: await orderPayLink(env.SESSION_SECRET, row.applicationKey, order, now),
        fps_qr: payable
          ? storeFpsQr(
              paymentMethodsOf(setting).fps,
              account?.name ?? "",
              row.totalCents,
              quotationNumber(row.quotationNumber),
            )
          : null,
        short_lines: STOCK_CHECKED_QUOTATION_STATUSES.includes(row.status) ? shortLinesOf(lines, stockRows) : [],
      };
    },
  }),

  defineAction("add_quotation_data", "store:quotation:write", {
    reads: (input, { store }) => formReads(store, input),
    handler: async (input, { store, caller, now }, [productRows, memberRows, variantRows]) => {
      const resolved = resolveForm(input, productRows, memberRows, variantRows);
      const { lines } = resolved;
      const columns = columnsOf(input, resolved);
      // The batch is one transaction and ids autoincrement: the store's newest quotation is this one.
      const addedId = sql<number>`(select max(${quotations.id}) from ${quotations} where ${store.where(quotations)})`;
      const [[added]] = await store.batch([
        store
          .insert(quotations, [{ ...columns, quotationNumber: nextQuotationNumber(store), actorEmail: caller.email }])
          .returning({ id: quotations.id, quotationNumber: quotations.quotationNumber }),
        store.insert(
          quotationLines,
          lines.map((line, position) => ({ ...line, position, quotationId: addedId })),
        ),
        historyStatement(store, {
          quotationId: addedId,
          revision: 1,
          from: null,
          to: "pending",
          actorEmail: caller.email,
        }),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: addedId,
          recordName: null,
          before: null,
          after: toLogged({ ...columns, status: "pending", revision: 1 }, lines),
        }),
      ]);
      return {
        id: added.id,
        number: quotationNumber(added.quotationNumber),
        short_lines: shortLinesOf(positioned(lines), variantRows),
      };
    },
  }),

  /**
   * An edit over `version`, of a pending or not_approved quotation. One already sent becomes a new
   * revision (its links stop working; it is to be sent again), with a history row naming what changed;
   * a not_approved one is offered again, back to pending.
   */
  defineAction("update_quotation_data_by_application_key_and_id", "store:quotation:write", {
    reads: (input, { store }) =>
      [quotationById(store, input.id), linesOf(store, input.id), ...formReads(store, input)] as const,
    handler: async (
      { id, version, ...input },
      { store, caller, now },
      [rows, before, productRows, memberRows, variantRows],
    ) => {
      const row = found(rows);
      if (!EDITABLE_QUOTATION_STATUSES.includes(row.status)) throw new ActionError(409, "quotation-status-changed");
      const resolved = resolveForm(
        { ...input, application_key: store.applicationKey },
        productRows,
        memberRows,
        variantRows,
      );
      const { lines } = resolved;
      const columns = columnsOf({ ...input, application_key: store.applicationKey }, resolved);
      const newRevision = row.sentAt !== null;
      const revision = newRevision ? row.revision + 1 : row.revision;
      const status: QuotationStatus = "pending";
      const changes = changesOf(row, before, columns, lines);
      await store
        .batch([
          store.update(
            quotations,
            {
              ...columns,
              status,
              revision,
              sentAt: newRevision ? null : row.sentAt,
              version: nextVersion(quotations.version, version),
            },
            eq(quotations.id, id),
          ),
          store.delete(quotationLines, eq(quotationLines.quotationId, id)),
          store.insert(
            quotationLines,
            lines.map((line, position) => ({ ...line, position, quotationId: id })),
          ),
          ...(newRevision || row.status !== status
            ? [
                historyStatement(store, {
                  quotationId: id,
                  revision,
                  from: row.status,
                  to: status,
                  actorEmail: caller.email,
                  changes,
                }),
              ]
            : []),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(row),
            before: toLogged(row, before),
            after: toLogged({ ...columns, status, revision }, lines),
          }),
        ])
        .catch(rethrowStaleVersion);
      return { revision, short_lines: shortLinesOf(positioned(lines), variantRows) };
    },
  }),

  defineAction("update_quotation_status_data_by_application_key_and_id", "store:quotation:write", {
    reads: ({ id }, { store }) => [quotationById(store, id), linesOf(store, id), stockOf(store, id)] as const,
    handler: async ({ id, version, to, note }, { store, caller, now }, [rows, lines, stockRows]) => {
      const row = found(rows);
      if (row.version !== version) throw new ActionError(409, "edited-elsewhere");
      const moves: readonly QuotationStatus[] = QUOTATION_MOVES;
      if (!moves.includes(to) || !canMoveQuotation(row.status, to)) {
        throw new ActionError(409, "quotation-status-changed");
      }
      const decided = to === "approved" || to === "not_approved";
      await store
        .batch([
          store.update(
            quotations,
            {
              status: to,
              decidedAt: decided ? now.toISOString() : row.decidedAt,
              actorEmail: caller.email,
              version: nextVersion(quotations.version, version),
            },
            eq(quotations.id, id),
          ),
          historyStatement(store, {
            quotationId: id,
            revision: row.revision,
            from: row.status,
            to,
            actorEmail: caller.email,
            note,
          }),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(row),
            before: toLogged(row, lines),
            after: toLogged({ ...row, status: to }, lines),
          }),
        ])
        .catch(rethrowQuotationRefused);
      return { short_lines: to === "approved" ? shortLinesOf(lines, stockRows) : [] };
    },
  }),

  /** Sends the current revision's link to the customer's e-mail (after the reply) and marks it sent. */
  defineAction("add_quotation_email_data", "store:quotation:write", {
    reads: ({ id }, { store }) =>
      [quotationById(store, id), ...storeContactReads(store), linesOf(store, id), stockOf(store, id)] as const,
    handler: async ({ id, version, language }, context, [rows, [account], , lines, stockRows]) => {
      const { now, env, mailer, afterReply } = context;
      const row = found(rows);
      if (row.version !== version) throw new ActionError(409, "edited-elsewhere");
      if (row.status !== "pending") throw new ActionError(409, "quotation-status-changed");
      if (row.email === "") throw new ActionError(409, "quotation-no-email");
      const link = await customerLink(env.SESSION_SECRET, row, now);
      if (!link) throw new Error("SESSION_SECRET is not set: quotation links cannot be signed");
      const sentAt = now.toISOString();
      await saveEdit(context, {
        table: quotations,
        id,
        version,
        values: { sentAt },
        log: edited(DATA_TYPE, id, nameOf(row), { sent_at: row.sentAt }, { sent_at: sentAt }),
      });
      const message = quotationEmail(row, account?.name ?? "", `${env.APP_URL}${link.path}`, language);
      await afterReply(() => mailer.send(message));
      return { short_lines: shortLinesOf(lines, stockRows) };
    },
  }),

  /**
   * The order of an approved quotation, through the checkout engine at the quoted prices, discount and
   * delivery, in one batch with the quotation's move to processing (over `version`) and its `order_id`.
   */
  defineAction("add_quotation_order_data", "store:quotation:write", {
    reads: ({ application_key, id }, { store, now }) =>
      [quotationById(store, id), linesOf(store, id), ...conversionReads(store, application_key, id, now)] as const,
    handler: async (input, { store, caller, now }, [rows, lines, ...reads]) => {
      const row = found(rows);
      if (row.orderId !== null) throw new ActionError(409, "quotation-already-converted");
      if (row.status !== "approved") throw new ActionError(409, "quotation-status-changed");
      if (row.version !== input.version) throw new ActionError(409, "edited-elsewhere");
      const conversion = conversionOf(store, caller, now, { row, lines, version: input.version }, reads);
      if (conversion instanceof ActionError) throw conversion;
      const [[created]] = await store
        .batch([
          ...conversion,
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: row.id,
            recordName: nameOf(row),
            before: toLogged(row, lines),
            after: toLogged({ ...row, status: "processing" }, lines),
          }),
        ])
        .catch(rethrowConversionRefused);
      return { order_id: created.id, order_number: created.orderNumber };
    },
  }),

  defineAction("get_quotation_data_by_token", "public", {
    reads: ({ token }, { db }) => tokenReads(db, token),
    handler: async ({ token }, { env, now }, [rows, lines, [account], [website], [order]]) => {
      const row = await linkedQuotation(env.SESSION_SECRET, token, now, rows);
      if (row instanceof ActionError) throw row;
      return {
        ...customerView(row, lines, storeContact(account, website), now),
        pay_path: await orderPayPath(env.SESSION_SECRET, row.applicationKey, order, now),
      };
    },
  }),

  /**
   * The customer's answer through their link: a pending quotation of the link's revision becomes approved
   * (only up to its last valid day: the database refuses later) or not_approved, with a history row
   * without an actor. An approval turns the quotation into its order awaiting payment in the same batch, as
   * staff's conversion does, when its lines are in stock and the engine prices it; the answer then names the
   * order's payment page. Short of stock, it stays approved for staff to convert once the stock is there.
   * Counted against the store's public-request limits, refused or not.
   */
  defineAction("update_quotation_decision_data_by_token", "public", {
    reads: ({ token }, { db, now }) => {
      const { applicationKey, store, quotationId } = claimedBy(db, token);
      const [quotationRows, lines] = tokenReads(db, token);
      return [quotationRows, lines, ...conversionReads(store, applicationKey, quotationId, now)] as const;
    },
    handler: async (
      { token, decision },
      { db, env, now, clientAddress, websiteKeyed },
      [rows, lines, ...conversionReadRows],
    ) => {
      const row = await linkedQuotation(env.SESSION_SECRET, token, now, rows);
      const applicationKey = row instanceof ActionError ? "" : row.applicationKey;
      const hits = rateLimitHitStatements(
        db,
        publicRequestBuckets(
          "quotation_decision",
          applicationKey,
          { clientAddress, websiteKeyed },
          {
            perStore: QUOTATION_DECISIONS_PER_STORE,
            perClient: QUOTATION_DECISIONS_PER_CLIENT,
          },
        ),
        now,
      );
      if (row instanceof ActionError) return refuseCountedAgainst(db, hits, row);
      if (row.status !== "pending") {
        return refuseCountedAgainst(db, hits, new ActionError(409, "quotation-status-changed"));
      }
      const store = forStore(db, row.applicationKey);
      const conversion =
        decision === "approved"
          ? conversionOf(store, null, now, { row, lines, version: row.version + 1 }, conversionReadRows)
          : null;
      const order = conversion instanceof ActionError ? [] : (conversion ?? []);
      const [, , made] = await store
        .batch([
          store.update(
            quotations,
            {
              status: decision,
              decidedAt: now.toISOString(),
              actorEmail: null,
              version: nextVersion(quotations.version, row.version),
            },
            eq(quotations.id, row.id),
          ),
          historyStatement(store, {
            quotationId: row.id,
            revision: row.revision,
            from: "pending",
            to: decision,
            actorEmail: null,
          }),
          ...order,
          ...hits,
        ])
        .catch((error: unknown) => {
          if (isRateLimitRefusal(error)) throw rateLimitedError();
          const text = errorText(error);
          // A version that moved on: staff answered or edited it meanwhile.
          const refusal = text.includes("quotation_expired")
            ? new ActionError(409, "quotation-expired")
            : /NOT NULL constraint failed: quotation\.version/.test(text)
              ? new ActionError(409, "quotation-status-changed")
              : null;
          // Else the order's: stock taken since it was read.
          if (!refusal) return rethrowOrderRefused(error);
          return refuseCountedAgainst(db, hits, refusal);
        });
      const created = order.length > 0 ? (made as { id: number; totalCents: number }[])[0] : undefined;
      return {
        status: created ? ("processing" as const) : decision,
        pay_path: await orderPayPath(
          env.SESSION_SECRET,
          row.applicationKey,
          created && { ...created, status: "awaiting_payment" },
          now,
        ),
      };
    },
  }),
];
