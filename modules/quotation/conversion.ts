import { eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { quotationNumber, shortLineField, shortLineMessage } from "./contract";
import type { Caller } from "../../backend/caller";
import { checkoutReads, computeOrderAmount } from "../../backend/checkout";
import type { StoreScope } from "../../backend/db/scope";
import { orders, quotationLines, quotations } from "../../backend/db/schema";
import { nextVersion } from "../../backend/db/version";
import { ActionError } from "../../backend/errors";
import { errorText } from "../../backend/unique";
import { shortLinesOf, stockOf } from "./stock";
import { awaitingPaymentOrderStatements, paidOrderRules, rethrowOrderRefused } from "../checkout/orders";
import { historyStatement, rethrowQuotationRefused, type LineRow, type QuotationRow } from "./records";

/**
 * What turning a quotation into its order reads: the stock of its lines and the checkout engine's reads, its
 * products and member found through the quotation itself.
 */
export function conversionReads(store: StoreScope, applicationKey: string, id: number, now: Date) {
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
export function conversionOf(
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
export function rethrowConversionRefused(error: unknown): never {
  if (/UNIQUE constraint failed: store_order\.application_key, store_order\.idempotency_key/.test(errorText(error))) {
    throw new ActionError(409, "quotation-already-converted");
  }
  if (/quotation_already_converted|NOT NULL constraint failed: quotation\.version/.test(errorText(error))) {
    rethrowQuotationRefused(error);
  }
  return rethrowOrderRefused(error);
}
