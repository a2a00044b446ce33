import { eq, sql } from "drizzle-orm";
import { storeContact, storeContactReads } from "../store/contact";
import { hongKongDate } from "../../contract/dates";
import type { QuotationDetail, QuotationForCustomer } from "./contract";
import { forStore } from "../../backend/db/scope";
import { orders, quotations } from "../../backend/db/schema";
import { nextVersion } from "../../backend/db/version";
import { ActionError } from "../../backend/errors";
import { payLinkFor } from "../../backend/pay-link";
import { claimedQuotationStore, readQuotationLink } from "../../backend/quotation-link";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineAction } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { rethrowOrderRefused } from "../checkout/orders";
import { historyStatement, linesOf, quotationById, toLine, toRecord, type LineRow, type QuotationRow } from "./records";
import { conversionOf, conversionReads } from "./conversion";

/** Customers' answers per store and per store and client address, within the rate-limit window (an hour). */
export const QUOTATION_DECISIONS_PER_STORE = 1000;
export const QUOTATION_DECISIONS_PER_CLIENT = 30;

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

export const customerLinkActions = [
  defineAction("get_quotation_data_by_token", "public", {
    storeOf: ({ token }) => claimedQuotationStore(token),
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
    storeOf: ({ token }) => claimedQuotationStore(token),
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
