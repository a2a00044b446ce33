import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { storeContact, storeContactReads } from "../store/contact";
import type { BatchResponse } from "drizzle-orm/batch";
import { storeFpsQr } from "../../backend/fps-qr";
import type { Db } from "../../backend/db/client";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  creditOrders,
  monthlyFeePlans,
  monthlyFeeRecords,
  orderLines,
  orderPayments,
  orders,
  rentingProducts,
  rentingRecords,
  storeSettings,
} from "../../backend/db/schema";
import { rethrowStaleVersion } from "../../backend/db/version";
import { ActionError } from "../../backend/errors";
import {
  historyStatement,
  orderMoveStatement,
  paidOrderRewards,
  rethrowOrderChanged,
  SYSTEM_ACTOR,
} from "../../backend/order-workflow";
import { cashDollarSettingQuery } from "../../backend/cash-dollar";
import { currentPlanQuery, storeModulesQueries, toStoreModules } from "../../backend/current-plan";
import { databaseNow } from "../../backend/db/columns";
import { vipSettingQuery } from "../../backend/member-checkout";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import { isStoredValueMethod } from "../../contract/options";
import { readPayLink, type PayLink } from "../../backend/pay-link";
import {
  creditOrderPaymentReference,
  monthlyFeePaymentReference,
  orderPaymentReference,
  rentalPaymentReference,
} from "../../backend/payment-reference";
import {
  bucketHitsRead,
  countHits,
  isAnyFull,
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineAction, type PublicClient } from "../../backend/registry";
import { mailSoldGiftCards, paidOrderGiftCards } from "../gift-card/sold";
import { orderProofStatements, owedCents } from "../checkout/actions/website-orders";
import {
  checkedStoredValue,
  isStoredValueRefusal,
  redemptionStatements,
  storedValueReads,
  type TypedPayment,
} from "../checkout/stored-value";
import { creditOrderProofStatements } from "../credit-order/actions";
import { paymentMethodsOf } from "../setting/actions";
import { storeUpload } from "../upload/actions";
import type { PayLine, PayMethod, PayPage } from "./contract";
import { TRANSFER_PAYMENT_METHODS, type PayLinkKind, type PayStatus } from "./options";

/**
 * Requests through one link (the record it names: a new link to the same record shares its count), per store,
 * and per store and client address, within the rate-limit window (an hour), refused ones counted too. A proof
 * moves its record out of awaiting payment, so a link takes another only after staff rejected the last: five an
 * hour are a customer's retries, not a flood. Views are a customer's reloads and a shop's busy hour.
 */
const PAY_LIMITS = {
  pay_proof: { perLink: 5, perStore: 1000, perClient: 20 },
  /** A customer trying a card or two, mistyping a code: a guessing run meets the limit long before a code. */
  pay_stored_value: { perLink: 10, perStore: 1000, perClient: 20 },
  pay_view: { perLink: 120, perStore: 20_000, perClient: 600 },
} as const;
export const PAY_PROOFS_PER_LINK = PAY_LIMITS.pay_proof.perLink;
export const PAY_PROOFS_PER_STORE = PAY_LIMITS.pay_proof.perStore;
export const PAY_VIEWS_PER_LINK = PAY_LIMITS.pay_view.perLink;

const ORDER_STATUSES_PAID = ["paid", "preparing", "delivering", "completed"];
const RENTAL_STATUSES_PAID = ["rented", "returned", "completed"];

/** What a token names as its text says, before its signature is checked: only the reads use it. */
function claimedBy(token: string) {
  const [, applicationKey = "", kind = "", id = ""] = token.split(".");
  return { applicationKey, kind, id: /^\d{1,15}$/.test(id) ? Number(id) : 0 };
}

/**
 * Everything a link's page shows, read by what the token claims (nothing leaves before the token is checked):
 * the store's name, contact and payment setting, and the record of the claimed kind, the others reading none.
 */
function tokenReads(db: Db, token: string, now: Date, storedValue: TypedPayment[] = []) {
  const claimed = claimedBy(token);
  const store = forStore(db, claimed.applicationKey);
  const idOf = (kind: PayLinkKind) => (claimed.kind === kind ? claimed.id : 0);
  const orderMemberId = sql<number>`(select ${orders.memberId} from ${orders} where ${store.where(orders, eq(orders.id, idOf("order")))})`;
  return [
    ...storeContactReads(store),
    store.select(storeSettings).limit(1),
    store.select(orders, eq(orders.id, idOf("order"))).limit(1),
    store.select(orderLines, eq(orderLines.orderId, idOf("order"))).orderBy(asc(orderLines.position)),
    store.selectFields(
      orderPayments,
      { status: orderPayments.status, amountCents: orderPayments.amountCents, method: orderPayments.method },
      eq(orderPayments.orderId, idOf("order")),
    ),
    store.select(creditOrders, eq(creditOrders.id, idOf("credit-order"))).limit(1),
    store
      .selectFields(
        monthlyFeeRecords,
        {
          ...getTableColumns(monthlyFeeRecords),
          planNameZhHk: planName(store, "nameZhHk"),
          planNameEn: planName(store, "nameEn"),
        },
        eq(monthlyFeeRecords.id, idOf("monthly-fee")),
      )
      .limit(1),
    store
      .selectFields(
        rentingRecords,
        {
          ...getTableColumns(rentingRecords),
          productNameZhHk: rentedName(store, "nameZhHk"),
          productNameEn: rentedName(store, "nameEn"),
        },
        eq(rentingRecords.id, idOf("rental")),
      )
      .limit(1),
    ...storeModulesQueries(store, now),
    ...storedValueReads(store, storedValue, orderMemberId),
  ] as const;
}

const planName = (store: StoreScope, column: "nameZhHk" | "nameEn") =>
  sql<string>`(select ${monthlyFeePlans[column]} from ${monthlyFeePlans} where ${store.where(monthlyFeePlans, eq(monthlyFeePlans.id, monthlyFeeRecords.planId))})`;
const rentedName = (store: StoreScope, column: "nameZhHk" | "nameEn") =>
  sql<string>`(select ${rentingProducts[column]} from ${rentingProducts} where ${store.where(rentingProducts, eq(rentingProducts.id, rentingRecords.productId))})`;

type TokenReads = BatchResponse<ReturnType<typeof tokenReads>>;

/** What a link's record owes and where it stands; `status` null: cancelled or refunded, nothing to pay. */
interface Owed {
  number: number;
  reference: string;
  amountCents: number;
  /** What is left after the stored value paid (an order's gift cards and store credit); the amount otherwise. */
  owedCents: number;
  storedValuePaid: PayPage["stored_value_paid"];
  status: PayStatus | null;
  lines: PayLine[];
  period: PayPage["period"];
  paymentMethod: PayPage["payment_method"];
}

const oneLine = (nameZhHk: string, nameEn: string, quantity: number, amountCents: number): PayLine => ({
  name_zh_hk: nameZhHk,
  name_en: nameEn || nameZhHk,
  variant_name_zh_hk: null,
  variant_name_en: null,
  quantity,
  amount_cents: amountCents,
});

const nothingPaid = (amountCents: number) => ({ owedCents: amountCents, storedValuePaid: [] });

function owedOf(kind: PayLinkKind, reads: TokenReads): Owed | null {
  const [, , , [order], lines, payments, [creditOrder], [fee], [rental]] = reads;
  switch (kind) {
    case "order":
      return (
        order && {
          number: order.orderNumber,
          reference: orderPaymentReference(order),
          amountCents: order.totalCents,
          owedCents: owedCents(order, payments),
          storedValuePaid: payments.flatMap(({ method, status, amountCents }) =>
            status === "succeeded" && isStoredValueMethod(method) ? [{ method, amount_cents: amountCents }] : [],
          ),
          status:
            order.status === "awaiting_payment"
              ? "awaiting_payment"
              : order.status === "unverified_payment"
                ? "proof_received"
                : ORDER_STATUSES_PAID.includes(order.status)
                  ? "paid"
                  : null,
          lines: lines.map((line) => ({
            name_zh_hk: line.nameZhHk,
            name_en: line.nameEn || line.nameZhHk,
            variant_name_zh_hk: line.variantNameZhHk,
            variant_name_en: line.variantNameEn,
            quantity: line.quantity,
            amount_cents: line.lineTotalCents,
          })),
          period: null,
          paymentMethod: order.paymentMethod,
        }
      );
    case "credit-order":
      return (
        creditOrder && {
          number: creditOrder.id,
          reference: creditOrderPaymentReference(creditOrder),
          amountCents: creditOrder.priceCents,
          ...nothingPaid(creditOrder.priceCents),
          status:
            creditOrder.status === "awaiting_payment"
              ? "awaiting_payment"
              : creditOrder.status === "unverified_payment"
                ? "proof_received"
                : creditOrder.status === "paid"
                  ? "paid"
                  : null,
          lines: [oneLine(creditOrder.packageNameZhHk, creditOrder.packageNameEn, 1, creditOrder.priceCents)],
          period: null,
          paymentMethod: creditOrder.paymentMethod,
        }
      );
    case "monthly-fee":
      return (
        fee && {
          number: fee.id,
          reference: monthlyFeePaymentReference(fee),
          amountCents: fee.amountCents,
          ...nothingPaid(fee.amountCents),
          status: fee.status === "pending" ? "awaiting_payment" : fee.status === "paid" ? "paid" : null,
          lines: [oneLine(fee.planNameZhHk, fee.planNameEn, 1, fee.amountCents)],
          period: { from: fee.periodStart, to: fee.periodEnd },
          paymentMethod: null,
        }
      );
    case "rental":
      // The deposit is taken by pick-up at the latest: a rental picked up has paid it.
      return (
        rental && {
          number: rental.id,
          reference: rentalPaymentReference(rental),
          amountCents: rental.depositCents,
          ...nothingPaid(rental.depositCents),
          status:
            rental.status === "success"
              ? "awaiting_payment"
              : RENTAL_STATUSES_PAID.includes(rental.status)
                ? "paid"
                : null,
          lines: [oneLine(rental.productNameZhHk, rental.productNameEn, rental.units, rental.depositCents)],
          period: { from: rental.startsAt, to: rental.endsAt },
          paymentMethod: null,
        }
      );
  }
}

/** Only an order's or a credit order's proof has somewhere to go: staff verify it in their payment workflow. */
const takesProof = (kind: PayLinkKind) => kind === "order" || kind === "credit-order";

/**
 * The record of a valid link, or the refusal to give: a link tampered with, signed by another secret or
 * expired, or naming no record of its store, is invalid; one whose record is cancelled or refunded, or now
 * owes another amount (an edit since), is out of date. Both are 404.
 */
async function linked(secret: string | undefined, token: string, now: Date, reads: TokenReads) {
  const link = await readPayLink(secret, token, now);
  if (!link) return new ActionError(404, "pay-link-invalid");
  const owed = owedOf(link.kind, reads);
  if (!owed) return new ActionError(404, "pay-link-invalid");
  if (owed.status === null || owed.amountCents !== link.amountCents)
    return new ActionError(404, "pay-link-out-of-date");
  return { link, owed: { ...owed, status: owed.status } };
}

/** The transfer methods the store has switched on, FPS first. */
function transferMethods(setting: TokenReads[2][number] | undefined): PayMethod[] {
  if (!setting) return [];
  const methods = paymentMethodsOf(setting);
  return TRANSFER_PAYMENT_METHODS.filter((method) => methods[method].enabled).map((method) => ({
    method,
    name_zh_hk: methods[method].name_zh_hk,
    name_en: methods[method].name_en,
    instructions_zh_hk: methods[method].instructions_zh_hk,
    instructions_en: methods[method].instructions_en,
    account_id: methods[method].account_id,
    qr_image_url: methods[method].qr_image_url,
  }));
}

/** Whether stored value can pay here: an order awaiting payment. */
const takesStoredValue = (link: PayLink, owed: Owed) => link.kind === "order" && owed.status === "awaiting_payment";

function payPage(link: PayLink, owed: Owed & { status: PayStatus }, reads: TokenReads): PayPage {
  const [[account], [website], [setting]] = reads;
  const [, , , [order], , , , , , modulesAccount, plan, , [credit]] = reads;
  const storedValue = takesStoredValue(link, owed);
  const storeName = account?.name ?? "";
  const { reference } = owed;
  const fps = setting && paymentMethodsOf(setting).fps;
  const methods = transferMethods(setting);
  return {
    kind: link.kind,
    number: `#${owed.number}`,
    reference,
    amount_cents: owed.amountCents,
    owed_cents: owed.owedCents,
    stored_value_paid: owed.storedValuePaid,
    takes_gift_card: storedValue && toStoreModules(modulesAccount, plan).has("gift_card"),
    store_credit_cents:
      storedValue && order?.memberId && credit && credit.balanceCents > 0 ? credit.balanceCents : null,
    status: owed.status,
    lines: owed.lines,
    period: owed.period,
    takes_proof: takesProof(link.kind) && owed.status === "awaiting_payment" && methods.length > 0,
    payment_method: owed.paymentMethod,
    store: storeContact(account, website),
    methods,
    fps_qr:
      fps?.enabled && owed.status === "awaiting_payment" ? storeFpsQr(fps, storeName, owed.owedCents, reference) : null,
  };
}

/**
 * A request's rate-limit buckets: the link's, the store's and the store's for the client's address. A link that
 * is not valid counts in the buckets of no store, so forged tokens cannot use up a store's.
 */
function linkBuckets(
  kind: keyof typeof PAY_LIMITS,
  link: Pick<PayLink, "applicationKey" | "kind" | "id"> | null,
  client: PublicClient,
) {
  const limits = PAY_LIMITS[kind];
  const buckets = publicRequestBuckets(kind, link?.applicationKey ?? "", client, limits);
  return link
    ? [{ bucket: `${kind}:link:${link.applicationKey}:${link.kind}:${link.id}`, limit: limits.perLink }, ...buckets]
    : buckets;
}

export const payActions = [
  defineAction("get_pay_data_by_token", "public", {
    storeOf: ({ token }) => claimedBy(token).applicationKey,
    reads: ({ token }, { db, now }) => tokenReads(db, token, now),
    handler: async ({ token }, { db, env, now, clientAddress, websiteKeyed }, reads) => {
      const found = await linked(env.SESSION_SECRET, token, now, reads);
      const link = found instanceof ActionError ? null : found.link;
      const hits = rateLimitHitStatements(db, linkBuckets("pay_view", link, { clientAddress, websiteKeyed }), now);
      if (found instanceof ActionError) return refuseCountedAgainst(db, hits, found);
      await countHits(db, hits);
      return payPage(found.link, found.owed, reads);
    },
  }),

  /**
   * The customer's proof through the link: an order or a credit order awaiting payment moves to
   * `unverified_payment` for staff to verify, as the website's proofs do (modules/checkout and
   * modules/credit-order), by the transfer method the customer paid with. Refused before the files are stored
   * when a bucket is full, so a flood puts nothing in R2.
   */
  defineAction("update_pay_proof_data_by_token", "public", {
    storeOf: ({ token }) => claimedBy(token).applicationKey,
    reads: ({ token }, { db, now, clientAddress, websiteKeyed }) => {
      const claimed = claimedBy(token);
      return [
        bucketHitsRead(
          db,
          linkBuckets("pay_proof", { ...claimed, kind: claimed.kind as PayLinkKind }, { clientAddress, websiteKeyed }),
          now,
        ),
        ...tokenReads(db, token, now),
      ] as const;
    },
    handler: async (input, { db, env, now, clientAddress, websiteKeyed }, [counted, ...reads]) => {
      const found = await linked(env.SESSION_SECRET, input.token, now, reads);
      const buckets = linkBuckets("pay_proof", found instanceof ActionError ? null : found.link, {
        clientAddress,
        websiteKeyed,
      });
      const hits = rateLimitHitStatements(db, buckets, now);
      const refuse = (error: ActionError) => refuseCountedAgainst(db, hits, error);
      if (found instanceof ActionError) return refuse(found);
      if (isAnyFull(buckets, counted)) return refuse(rateLimitedError());
      const { link, owed } = found;
      if (!takesProof(link.kind)) return refuse(new ActionError(409, "pay-proof-not-taken"));
      if (owed.status !== "awaiting_payment") return refuse(new ActionError(409, "pay-not-awaiting-payment"));
      const method = input.payment_method;
      if (!transferMethods(reads[2][0]).some((offered) => offered.method === method)) {
        return refuse(new ActionError(400, "invalid-payment-method"));
      }
      const store = forStore(db, link.applicationKey);
      let stored: Awaited<ReturnType<typeof storeUpload>>[];
      try {
        stored = await Promise.all(input.proof_images.map((image) => storeUpload(env, store, image, "image")));
      } catch (error) {
        return refuseCountedAgainst(db, hits, error);
      }
      const [, , , [order], , payments, [creditOrder]] = reads;
      const statements =
        link.kind === "order"
          ? orderProofStatements(store, order!, { method, stored, payments })
          : creditOrderProofStatements(store, creditOrder!, { method, stored });
      await store.batch([...statements, ...hits]).catch((error: unknown) => {
        if (isRateLimitRefusal(error)) throw rateLimitedError();
        return link.kind === "order" ? rethrowOrderChanged(error) : rethrowStaleVersion(error);
      });
      return { status: "proof_received" as const };
    },
  }),

  /**
   * Part or all of an order awaiting payment paid by a gift card or the member's store credit, in one batch over
   * the order's version: the card's or credit's redemption (the ledgers' CHECKs hold the balance), the payment,
   * the payment still waiting for a transfer made smaller (gone when nothing is left), and, paid in full, the
   * order paid with what paying earns, as staff marking it paid would. Two payments racing for one order: the
   * second meets the moved version and is refused, so an order is never paid beyond its total.
   */
  defineAction("add_pay_stored_value_data", "public", {
    storeOf: ({ token }) => claimedBy(token).applicationKey,
    reads: (input, { db, now, clientAddress, websiteKeyed }) => {
      const claimed = claimedBy(input.token);
      const store = forStore(db, claimed.applicationKey);
      const typed = [{ method: input.method, gift_card_code: input.gift_card_code, amount_cents: 1 }];
      return [
        bucketHitsRead(
          db,
          linkBuckets(
            "pay_stored_value",
            { ...claimed, kind: claimed.kind as PayLinkKind },
            { clientAddress, websiteKeyed },
          ),
          now,
        ),
        currentPlanQuery(store, now),
        cashDollarSettingQuery(store),
        vipSettingQuery(store),
        ...tokenReads(db, input.token, now, typed),
      ] as const;
    },
    handler: async (
      input,
      { db, env, now, clientAddress, websiteKeyed, mailer, afterReply },
      [counted, [plan], [cashDollar], [vip], ...reads],
    ) => {
      const found = await linked(env.SESSION_SECRET, input.token, now, reads);
      const buckets = linkBuckets("pay_stored_value", found instanceof ActionError ? null : found.link, {
        clientAddress,
        websiteKeyed,
      });
      const hits = rateLimitHitStatements(db, buckets, now);
      const refuse = (error: unknown) => refuseCountedAgainst(db, hits, error);
      if (found instanceof ActionError) return refuse(found);
      if (isAnyFull(buckets, counted)) return refuse(rateLimitedError());
      const { link, owed } = found;
      if (!takesStoredValue(link, owed)) return refuse(new ActionError(409, "pay-not-awaiting-payment"));
      const [[account], , , [order], lines, , , , , modulesAccount, modulesPlan, cards, credit] = reads;
      const card = cards[0];
      const available = input.method === "gift_card" ? (card?.balanceCents ?? 0) : (credit[0]?.balanceCents ?? 0);
      if (input.amount_cents !== undefined && input.amount_cents > owed.owedCents) {
        return refuse(
          new ActionError(400, "invalid-payload", {
            amount_cents: [withValue("amount-above-owed", formatHkd(owed.owedCents))],
          }),
        );
      }
      // Left out: as much as the card or credit covers (at least a cent, so an empty one is refused as short).
      const amountCents = input.amount_cents ?? Math.max(1, Math.min(available, owed.owedCents));
      let giftCardId: number | undefined;
      try {
        [{ gift_card_id: giftCardId }] = checkedStoredValue(
          [{ method: input.method, gift_card_code: input.gift_card_code, amount_cents: amountCents }],
          [cards, credit],
          {
            giftCards: toStoreModules(modulesAccount, modulesPlan).has("gift_card"),
            buysGiftCards: lines.some((line) => line.giftCard),
            memberId: order!.memberId ?? undefined,
            now,
          },
        );
      } catch (error) {
        return refuse(error instanceof ActionError ? withoutPaymentPrefix(error) : error);
      }
      const store = forStore(db, link.applicationKey);
      const paidInFull = amountCents === owed.owedCents;
      const pending = [eq(orderPayments.orderId, order!.id), eq(orderPayments.status, "no_payment_record")];
      // Paid in full, the order issues the gift cards it sells.
      const sold = paidInFull
        ? paidOrderGiftCards(store, SYSTEM_ACTOR, order!, lines, now)
        : { cards: [], statements: [], earning: order! };
      const rewards = paidInFull
        ? paidOrderRewards(store, { email: SYSTEM_ACTOR }, sold.earning, { plan, cashDollar, vip }, now)
        : { earnedCents: 0, statements: [] };
      const payment = { method: input.method, amountCents, giftCardId, status: "succeeded" as const };
      await store
        .batch([
          paidInFull
            ? orderMoveStatement(store, order!, {
                status: "paid",
                paymentStatus: "succeeded",
                paymentMethod: input.method,
                paidAt: databaseNow,
                cashDollarEarnedCents: rewards.earnedCents,
              })
            : orderMoveStatement(store, order!, {}),
          ...redemptionStatements(store, [payment], {
            memberId: order!.memberId ?? undefined,
            orderId: order!.id,
            actorEmail: order!.customerEmail ?? SYSTEM_ACTOR,
          }),
          store.insert(orderPayments, [{ orderId: order!.id, ...payment, giftCardId: giftCardId ?? null }]),
          paidInFull
            ? store.delete(orderPayments, ...pending)
            : store.update(
                orderPayments,
                { amountCents: sql`${orderPayments.amountCents} - ${amountCents}` },
                ...pending,
              ),
          ...(paidInFull
            ? [
                historyStatement(store, {
                  orderId: order!.id,
                  from: order!.status,
                  to: "paid",
                  actorEmail: null,
                  note: null,
                }),
                ...rewards.statements,
                ...sold.statements,
              ]
            : []),
          ...hits,
        ])
        .catch((error: unknown) => {
          if (isRateLimitRefusal(error)) throw rateLimitedError();
          if (isStoredValueRefusal(error)) throw new ActionError(409, "stored-value-changed");
          return rethrowOrderChanged(error);
        });
      await mailSoldGiftCards({ mailer, afterReply }, sold.cards, account?.name ?? "");
      return {
        status: paidInFull ? ("paid" as const) : ("awaiting_payment" as const),
        paid_cents: amountCents,
        owed_cents: owed.owedCents - amountCents,
      };
    },
  }),
];

/** A stored-value refusal under the link form's own fields: `payments.0.amount_cents` is `amount_cents`. */
const withoutPaymentPrefix = (error: ActionError) =>
  new ActionError(
    error.status,
    error.messageKey,
    error.fields &&
      Object.fromEntries(
        Object.entries(error.fields).map(([name, messages]) => [name.replace(/^payments\.0\./, ""), messages]),
      ),
  );
