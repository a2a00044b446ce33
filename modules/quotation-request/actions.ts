import { and, asc, eq, getTableColumns, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";
import type { QuotationRequestDetail, QuotationRequestLineRecord, QuotationRequestRecord } from "./contract";
import { QUOTATION_VALID_DAYS } from "./contract";
import { saveEdit } from "../../backend/crud";
import { contains } from "../../backend/db/like";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  products,
  productVariants,
  quotationHistory,
  quotationLines,
  quotationRequestLines,
  quotationRequests,
  quotations,
  websiteData,
} from "../../backend/db/schema";
import { pagedRows } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { edited, oneName } from "../../backend/log";
import { unitPriceCents } from "../../backend/member-checkout";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { nextQuotationNumber } from "../../backend/quotation-number";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";
import { variantLabel } from "../product/variant-sql";

const { en, "zh-HK": zhHK } = emailTexts;

/**
 * What one store takes from its website in an hour, and from one client address of it.
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const QUOTATION_REQUESTS_PER_STORE = 2000;
export const QUOTATION_REQUESTS_PER_CLIENT = 10;

const DATA_TYPE = "quotation_request_data";

const SORT_COLUMNS = { create_date: quotationRequests.createdAt } as const;

type RequestRow = typeof quotationRequests.$inferSelect;

const toRecord = (row: RequestRow): QuotationRequestRecord =>
  snakeCased(row, { omit: ["applicationKey", "idempotencyKey", "createdAt"], add: { create_date: row.createdAt } });

const requestById = (store: StoreScope, id: number) =>
  store.select(quotationRequests, eq(quotationRequests.id, id)).limit(1);

/** Each joined column under a name of its own: D1 hands back a row's columns by name. */
const joined = <T>(column: Parameters<typeof eq>[0], name: string) => sql<T>`${column}`.as(name);

/**
 * A request's lines in order, with their product's code and the variant they are priced by: the one asked
 * about, or the product's only one (none: a product with several, the customer naming none). Its current
 * prices, else the product's (none once it was deleted).
 */
const linesOf = (store: StoreScope, requestId: number) =>
  store
    .selectFields(
      quotationRequestLines,
      {
        position: quotationRequestLines.position,
        productId: quotationRequestLines.productId,
        variantId: quotationRequestLines.variantId,
        variantNameZhHk: quotationRequestLines.variantNameZhHk,
        variantNameEn: quotationRequestLines.variantNameEn,
        nameZhHk: quotationRequestLines.nameZhHk,
        nameEn: quotationRequestLines.nameEn,
        quantity: quotationRequestLines.quantity,
        productCode: joined<string | null>(products.productCode, "line_product_code"),
        priceCents: joined<number | null>(
          sql`coalesce(${productVariants.priceCents}, ${products.priceCents})`,
          "line_price_cents",
        ),
        discountPriceCents: joined<number | null>(
          sql`iif(${productVariants.id} IS NULL, ${products.discountPriceCents}, ${productVariants.discountPriceCents})`,
          "line_discount_price_cents",
        ),
        pricedVariantId: joined<number | null>(productVariants.id, "line_priced_variant_id"),
        labelZhHk: variantLabel("zh_hk").as("line_label_zh_hk"),
        labelEn: variantLabel("en").as("line_label_en"),
      },
      eq(quotationRequestLines.requestId, requestId),
    )
    .leftJoin(products, eq(products.id, quotationRequestLines.productId))
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.productId, products.id),
        or(
          eq(productVariants.id, quotationRequestLines.variantId),
          and(isNull(quotationRequestLines.variantId), eq(products.variantCount, 1)),
        ),
      ),
    )
    .orderBy(asc(quotationRequestLines.position));

/** A row of `linesOf` (drizzle's types lose the selection once a scoped query is joined). */
interface LineRow {
  position: number;
  productId: number | null;
  variantId: number | null;
  variantNameZhHk: string | null;
  variantNameEn: string | null;
  nameZhHk: string;
  nameEn: string;
  quantity: number;
  productCode: string | null;
  priceCents: number | null;
  discountPriceCents: number | null;
  pricedVariantId: number | null;
  labelZhHk: string;
  labelEn: string;
}
const lineRows = (rows: unknown) => rows as LineRow[];

/** What the line's variant (else its product) sells for now to anyone (no VIP price): its discount price, else its price. */
const currentPrice = (line: LineRow) =>
  line.priceCents === null
    ? null
    : unitPriceCents(
        { priceCents: line.priceCents, discountPriceCents: line.discountPriceCents, vipPriceCents: null },
        false,
      );

const toLineRecord = (line: LineRow): QuotationRequestLineRecord => ({
  position: line.position,
  product_code: line.productCode,
  name_zh_hk: line.nameZhHk,
  name_en: line.nameEn,
  variant_id: line.variantId,
  variant_name_zh_hk: line.variantNameZhHk,
  variant_name_en: line.variantNameEn,
  quantity: line.quantity,
  unit_price_cents: currentPrice(line),
});

/** A request's name in the log: its number alone, no contact details. */
const logName = (id: number) => oneName(`#${id}`);

/** A quote or a close over a request that is no longer new (or already closed) answers this. */
const alreadyHandled = () => new ActionError(409, "quotation-request-handled");

const isReplay = (error: unknown) =>
  /UNIQUE constraint failed: quotation_request\.application_key, quotation_request\.idempotency_key/.test(
    errorText(error),
  );

const requestOfSubmission = (store: StoreScope, idempotencyKey: string) =>
  store
    .selectFields(quotationRequests, { id: quotationRequests.id }, eq(quotationRequests.idempotencyKey, idempotencyKey))
    .limit(1);

export const quotationRequestActions = [
  /**
   * From the store's website: refused for a store that is closed or without the module; each line names a
   * published product of the store (its names are copied, so the request reads the same if they change).
   * Counted against the store's and the client address's hourly limits, refused requests too. A replay of
   * `idempotency_key` answers the first request. The store is told by e-mail, without the content.
   */
  defineAction("add_quotation_request_data", "public", {
    reads: (input, { db, now }) => {
      const store = forStore(db, input.application_key);
      return [
        ...storeWebsiteReads(store, now),
        requestOfSubmission(store, input.idempotency_key),
        store.selectFields(
          products,
          {
            id: products.id,
            productCode: products.productCode,
            nameZhHk: products.nameZhHk,
            nameEn: products.nameEn,
            publish: products.publish,
          },
          inArray(
            products.productCode,
            input.lines.map((line) => line.product_code),
          ),
        ),
        store.selectFields(websiteData, { contactEmail: websiteData.contactEmail }).limit(1),
        store.selectFields(
          productVariants,
          {
            id: productVariants.id,
            productId: productVariants.productId,
            labelZhHk: variantLabel("zh_hk"),
            labelEn: variantLabel("en"),
          },
          inArray(productVariants.id, [0, ...input.lines.flatMap((line) => line.variant_id ?? [])]),
        ),
      ] as const;
    },
    handler: async (input, context, [accounts, plans, [existing], productRows, [website], variantRows]) => {
      const { db, env, now, clientAddress, websiteKeyed, mailer, afterReply } = context;
      if (existing) return { id: existing.id };
      refuseClosedWebsite([accounts, plans], "quotation", now);
      const store = forStore(db, input.application_key);
      const hits = rateLimitHitStatements(
        db,
        publicRequestBuckets(
          "quotation_request",
          input.application_key,
          { clientAddress, websiteKeyed },
          {
            perStore: QUOTATION_REQUESTS_PER_STORE,
            perClient: QUOTATION_REQUESTS_PER_CLIENT,
          },
        ),
        now,
      );
      const published = new Map(productRows.filter((row) => row.publish).map((row) => [row.productCode, row]));
      const variantOf = (line: (typeof input.lines)[number]) =>
        variantRows.find((row) => row.id === line.variant_id && row.productId === published.get(line.product_code)?.id);
      const unknown = input.lines.flatMap((line, index) =>
        !published.has(line.product_code)
          ? [[`lines.${index}.product_code`, ["product-not-found"]]]
          : line.variant_id !== undefined && !variantOf(line)
            ? [[`lines.${index}.variant_id`, ["variant-not-found"]]]
            : [],
      );
      if (unknown.length > 0) {
        return refuseCountedAgainst(db, hits, new ActionError(404, "not-found", Object.fromEntries(unknown)));
      }
      const requestId = sql`(select ${quotationRequests.id} from ${quotationRequests} where ${store.where(
        quotationRequests,
        eq(quotationRequests.idempotencyKey, input.idempotency_key),
      )})`;
      let id: number;
      try {
        const [[added]] = await store.batch([
          store
            .insert(quotationRequests, [
              {
                contactName: input.contact_name,
                companyName: input.company_name ?? "",
                email: input.email,
                phone: input.phone ?? "",
                message: input.message ?? "",
                idempotencyKey: input.idempotency_key,
              },
            ])
            .returning({ id: quotationRequests.id }),
          store.insert(
            quotationRequestLines,
            input.lines.map((line, position) => {
              const product = published.get(line.product_code)!;
              const variant = variantOf(line);
              return {
                requestId,
                position,
                productId: product.id,
                variantId: variant?.id ?? null,
                variantNameZhHk: variant?.labelZhHk || null,
                variantNameEn: variant?.labelEn || null,
                nameZhHk: product.nameZhHk,
                nameEn: product.nameEn,
                quantity: line.quantity,
              };
            }),
          ),
          ...hits,
        ]);
        id = added.id;
      } catch (error) {
        if (isRateLimitRefusal(error)) throw rateLimitedError();
        // A replay racing its first submission: the first one's request is the answer.
        if (isReplay(error)) {
          const [first] = await requestOfSubmission(store, input.idempotency_key);
          if (first) return { id: first.id };
        }
        throw error;
      }
      const [account] = accounts;
      const link = new URL(`/quotation-management/detail/${id}`, env.APP_URL).toString();
      const fill = (template: string) =>
        template.replaceAll("{{store}}", account?.storeName ?? "").replaceAll("{{link}}", link);
      await afterReply(() =>
        mailer.send({
          to: website?.contactEmail ?? account?.email ?? "",
          subject: `${fill(zhHK["quotation-request-notice-subject"])} / ${fill(en["quotation-request-notice-subject"])}`,
          text: `${fill(zhHK["quotation-request-notice-body"])}\n\n---\n\n${fill(en["quotation-request-notice-body"])}`,
        }),
      );
      return { id };
    },
  }),

  defineAction(
    "get_quotation_request_data_and_total_number_by_sorting_and_limit",
    "store:quotation:read",
    async (input, { store }) => {
      const where = and(
        contains(
          [quotationRequests.contactName, quotationRequests.companyName, quotationRequests.email],
          input.keyword,
        ),
        input.status === undefined ? undefined : eq(quotationRequests.status, input.status),
        input.created_from === undefined
          ? undefined
          : gte(quotationRequests.createdAt, hongKongDayStart(input.created_from)),
        input.created_to === undefined
          ? undefined
          : lt(quotationRequests.createdAt, hongKongDayStart(input.created_to, 1)),
      );
      return pagedRows(store, input, quotationRequests, where, SORT_COLUMNS[input.sorting], toRecord);
    },
  ),

  defineAction("get_quotation_request_data_by_application_key_and_id", "store:quotation:read", {
    reads: ({ id }, { store }) =>
      [
        store
          .selectFields(
            quotationRequests,
            {
              ...getTableColumns(quotationRequests),
              quotationNumber: sql<
                number | null
              >`(select ${quotations.quotationNumber} from ${quotations} where ${quotations.id} = ${quotationRequests.quotationId})`.as(
                "request_quotation_number",
              ),
            },
            eq(quotationRequests.id, id),
          )
          .limit(1),
        linesOf(store, id),
      ] as const,
    handler: async (_input, _context, [rows, lines]): Promise<QuotationRequestDetail> => {
      const request = found(rows);
      return {
        ...toRecord(request),
        quotation_number: request.quotationNumber,
        lines: lineRows(lines).map(toLineRecord),
      };
    },
  }),

  /**
   * One batch: the pending quotation (the request's contact, its lines at the current prices of the variants
   * asked about or the products' only ones, a line whose product was deleted at 0 for staff to price, a line
   * of a product with several variants and none asked about without one, for the quotation's form to ask),
   * its history's first row, and the request
   * marked quoted over the version the page loaded. A second quote of the request (at once or later) finds
   * the version moved on: nothing of it is written.
   */
  defineAction("add_quotation_from_request_data", "store:quotation:write", {
    reads: ({ quotation_request_id }, { store }) =>
      [requestById(store, quotation_request_id), linesOf(store, quotation_request_id)] as const,
    handler: async ({ quotation_request_id: id, version }, { store, caller, now }, [rows, lines]) => {
      const request = found(rows);
      if (request.status !== "new") throw alreadyHandled();
      const priced = lineRows(lines).map((line) => {
        const unitPrice = currentPrice(line) ?? 0;
        return { ...line, unitPrice, lineTotal: unitPrice * line.quantity };
      });
      const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
      const quotationId: SQL = sql`(select max(${quotations.id}) from ${quotations} where ${store.where(
        quotations,
        eq(quotations.requestId, id),
      )})`;
      const [[added]] = await store
        .batch([
          store
            .insert(quotations, [
              {
                quotationNumber: nextQuotationNumber(store),
                contactName: request.contactName,
                companyName: request.companyName,
                email: request.email,
                phone: request.phone,
                subtotalCents: subtotal,
                totalCents: subtotal,
                validUntil: hongKongDate(new Date(now.getTime() + QUOTATION_VALID_DAYS * 86_400_000)),
                status: "pending",
                revision: 1,
                requestId: id,
                actorEmail: caller.email,
              },
            ])
            .returning({ id: quotations.id }),
          store.insert(
            quotationLines,
            priced.map((line) => ({
              quotationId,
              position: line.position,
              productId: line.productId,
              variantId: line.pricedVariantId,
              variantNameZhHk: line.variantNameZhHk ?? (line.labelZhHk || null),
              variantNameEn: line.variantNameEn ?? (line.labelEn || null),
              nameZhHk: line.nameZhHk,
              nameEn: line.nameEn,
              unitPriceCents: line.unitPrice,
              quantity: line.quantity,
              lineTotalCents: line.lineTotal,
            })),
          ),
          store.insert(quotationHistory, [
            { quotationId, revision: 1, fromStatus: null, toStatus: "pending", actorEmail: caller.email },
          ]),
          store.update(
            quotationRequests,
            {
              // Quoted only from new: anything else is NULL, which NOT NULL refuses, aborting the batch.
              status: sql`case when ${quotationRequests.status} = 'new' then 'quoted' end`,
              quotationId,
              version: nextVersion(quotationRequests.version, version),
            },
            eq(quotationRequests.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: logName(id),
            before: null,
            after: null,
            changes: sql`json_object('status', json_array('new', 'quoted'), 'quotation_number', json_array(null, (select ${quotations.quotationNumber} from ${quotations} where ${quotations.id} = ${quotationId})))`,
          }),
        ])
        .catch((error: unknown) => {
          if (/NOT NULL constraint failed: quotation_request\.status/.test(errorText(error))) throw alreadyHandled();
          return rethrowStaleVersion(error);
        });
      return { id: added.id };
    },
  }),

  /** Closes a new or quoted request, over the version the page loaded (409 edited-elsewhere otherwise). */
  defineAction("update_quotation_request_status_data_by_application_key_and_id", "store:quotation:write", {
    reads: ({ id }, { store }) => [requestById(store, id)] as const,
    handler: async ({ id, version, status }, context, [rows]) => {
      const request = found(rows);
      if (request.status === status) throw alreadyHandled();
      await saveEdit(context, {
        table: quotationRequests,
        id,
        version,
        values: { status },
        log: edited(DATA_TYPE, id, logName(id), { status: request.status }, { status }),
      });
      return null;
    },
  }),
];
