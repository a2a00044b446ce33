import { eq, inArray } from "drizzle-orm";
import type { Payload } from "../../../contract/actions";
import { hongKongDate } from "../../../contract/dates";
import { withValue } from "../../../contract/messages";
import { formatHkd } from "../../../contract/money";
import { isSettingPaymentMethod, isStoredValueMethod, type PaymentMethod } from "../../../contract/options";
import { CHECKOUT_READ, checkoutReads, type CheckoutReads, type PricedOrder } from "../../../backend/checkout";
import { toStoreModules } from "../../../backend/current-plan";
import { forStore, type StoreScope } from "../../../backend/db/scope";
import { members, orderPayments, orders, storeSettings } from "../../../backend/db/schema";
import { ActionError } from "../../../backend/errors";
import {
  bucketHitsRead,
  isAnyFull,
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../../backend/rate-limit";
import { defineAction, type PublicClient } from "../../../backend/registry";
import { historyStatement, orderMoveStatement, rethrowOrderChanged } from "../../../backend/order-workflow";
import { paymentMethodsOf } from "../../setting/actions";
import { storeUpload } from "../../upload/actions";
import { mailSoldGiftCards } from "../../gift-card/sold";
import { checkedStoredValue, storedValueReads, type CheckedStoredValue } from "../stored-value";
import {
  createOrder,
  orderOfSubmission,
  paidOrderRules,
  priceOrThrow,
  refuseChangedTotal,
  toCreated,
  type NewOrder,
  type OrderRow,
} from "../orders";

/**
 * Website orders per store and per store and client address, within the rate-limit window (an hour).
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const ONLINE_ORDERS_PER_STORE = 3000;
export const ONLINE_ORDERS_PER_CLIENT = 30;

/** The online order's rate-limit buckets: the store's, and the store's for the client's address. */
const onlineOrderBuckets = (applicationKey: string, client: PublicClient) =>
  publicRequestBuckets("online_order", applicationKey, client, {
    perStore: ONLINE_ORDERS_PER_STORE,
    perClient: ONLINE_ORDERS_PER_CLIENT,
  });

/** The member a website order names, with the e-mail that confirms it is theirs. */
const memberContactQuery = (store: StoreScope, memberId: number) =>
  store.selectFields(members, { email: members.email, phone: members.phone }, eq(members.id, memberId)).limit(1);

/** A website can order only for a store that is open, with a current plan that sells. */
function refuseClosedStore(reads: CheckoutReads, now: Date) {
  const [, , , , , , , , [account], [plan]] = reads;
  if (!account || account.disabled) throw new ActionError(404, "store-account-not-found-or-disabled");
  if (!plan) throw new ActionError(409, "store-has-no-purchased-plan");
  const selling = plan.expiryDate >= hongKongDate(now) && !account.enquiryOnly;
  if (!selling || !toStoreModules([account], [plan]).has("order")) throw new ActionError(409, "order-cannot-finish");
}

export const websiteOrderActions = [
  /**
   * An order from the store's website. It waits for its payment (`awaiting_payment`; the customer uploads
   * a proof where the method asks for one) unless a card pays it at once (`paid`); a declined card's order
   * waits too, its payment `failed`. The log records staff's
   * changes, and there is no staff here: the order's first status-history row (no actor) records it.
   */
  defineAction("add_online_order_data", "public", {
    reads: (input, { db, now }) => {
      const store = forStore(db, input.application_key);
      return [
        orderOfSubmission(store, input.idempotency_key),
        memberContactQuery(store, input.member_id ?? 0),
        ...storedValueReads(store, input.stored_value, input.member_id),
        ...checkoutReads(store, input, now),
      ] as const;
    },
    handler: async (
      input,
      { db, now, clientAddress, websiteKeyed, paymentGateway, mailer, afterReply },
      [[existing], [contact], cards, credit, ...reads],
    ) => {
      if (existing) return toCreated(existing);
      const store = forStore(db, input.application_key);
      refuseClosedStore(reads, now);
      const hits = rateLimitHitStatements(
        db,
        onlineOrderBuckets(input.application_key, { clientAddress, websiteKeyed }),
        now,
      );
      const refuseCounted = (error: unknown) => refuseCountedAgainst(db, hits, error);

      let order: NewOrder;
      try {
        const nonCardPaidCents = input.stored_value.reduce((sum, payment) => sum + payment.amount_cents, 0);
        const priced = priceOrThrow(reads, input, now, { channel: "online", nonCardPaidCents });
        const storedValue = checkedStoredValue(input.stored_value, [cards, credit], {
          giftCards: toStoreModules(reads[CHECKOUT_READ.account], reads[CHECKOUT_READ.plan]).has("gift_card"),
          buysGiftCards: priced.giftCardLines.size > 0,
          memberId: priced.member?.id,
          now,
          listName: "stored_value",
        });
        order = onlineOrder(input, contact, priced, storedValue);
      } catch (error) {
        return refuseCounted(error);
      }
      const total = order.priced.amount.total_cents;
      const paidByStoredValue = order.payments.filter((payment) => isStoredValueMethod(payment.method));
      const owed = total - paidByStoredValue.reduce((sum, payment) => sum + payment.amountCents, 0);
      const card = order.paymentMethod === "credit_card" && owed > 0;
      if (card) {
        const charge = await paymentGateway.charge({
          cardToken: input.card_token!,
          amountCents: owed,
          reference: `${input.application_key}:${input.idempotency_key}`,
        });
        // A declined card leaves the order awaiting its payment, the failed charge on record, for the customer to pay again.
        order = charge.ok
          ? {
              ...order,
              status: "paid",
              paymentStatus: "succeeded",
              payments: [
                ...paidByStoredValue,
                { method: "credit_card", amountCents: owed, status: "succeeded", gatewayReference: charge.reference },
              ],
            }
          : {
              ...order,
              paymentStatus: "failed",
              payments: [...paidByStoredValue, { method: "credit_card", amountCents: owed, status: "failed" }],
            };
      }
      const reference = order.payments.find((payment) => payment.gatewayReference)?.gatewayReference;
      /**
       * A charge that does not pay the order made goes back: the write was refused (stock ran out since the
       * charge), or a replay racing this submission (both past the read above before either wrote) made the
       * order with its own charge. Charges are not keyed by the submission so that the gateway could refuse
       * the second: a retry after a refused write would then get the first, refunded, charge back as paid.
       */
      const giveBack = async () => {
        if (reference) await paymentGateway.refund({ reference, amountCents: owed });
      };
      const context = { cashDollarActor: { email: input.customer_email }, rules: paidOrderRules(reads), now };
      const made = await createOrder(store, order, context, hits, orderOfSubmission).catch(async (error: unknown) => {
        await giveBack();
        throw error;
      });
      if (made.replayed) await giveBack();
      await mailSoldGiftCards({ mailer, afterReply }, made.giftCards, reads[CHECKOUT_READ.account][0]?.storeName ?? "");
      return made.order;
    },
  }),

  /**
   * The customer's proof of payment, from the store's website: the order moves from `awaiting_payment` to
   * `unverified_payment` (a compare-and-set, as every move) for staff to verify, with a history row without
   * an actor. A rejected payment goes back to `awaiting_payment`, its payment `failed` with the proof it had,
   * and the customer's new proof comes as a new payment of what is owed.
   */
  defineAction("update_order_payment_proof_data_by_application_key_and_idempotency_key", "public", {
    reads: (input, { db, now, clientAddress, websiteKeyed }) => {
      const store = forStore(db, input.application_key);
      const orderId = store.selectFields(orders, { id: orders.id }, eq(orders.idempotencyKey, input.idempotency_key));
      return [
        store.select(orders, eq(orders.idempotencyKey, input.idempotency_key)).limit(1),
        store.select(storeSettings).limit(1),
        bucketHitsRead(db, onlineOrderBuckets(input.application_key, { clientAddress, websiteKeyed }), now),
        store.select(orderPayments, inArray(orderPayments.orderId, orderId)),
      ] as const;
    },
    handler: async (input, { db, env, now, clientAddress, websiteKeyed }, [[order], [setting], counted, payments]) => {
      const store = forStore(db, input.application_key);
      const buckets = onlineOrderBuckets(input.application_key, { clientAddress, websiteKeyed });
      const hits = rateLimitHitStatements(db, buckets, now);
      // Refused before the files are stored, so a flood past the limit puts nothing in R2.
      if (isAnyFull(buckets, counted)) return refuseCountedAgainst(db, hits, rateLimitedError());
      if (!order || !setting) return refuseCountedAgainst(db, hits, new ActionError(404, "not-found"));
      if (order.status !== "awaiting_payment") {
        return refuseCountedAgainst(db, hits, new ActionError(409, "order-transition-not-allowed"));
      }
      const method = order.paymentMethod;
      if (!method || !isSettingPaymentMethod(method) || !paymentMethodsOf(setting)[method].requires_proof) {
        return refuseCountedAgainst(db, hits, new ActionError(400, "invalid-payment-method"));
      }
      const owed = owedCents(order, payments);
      const pending = payments.some((row) => row.status === "no_payment_record");
      if (!pending && owed <= 0) {
        return refuseCountedAgainst(db, hits, new ActionError(409, "order-transition-not-allowed"));
      }
      let stored: Awaited<ReturnType<typeof storeUpload>>[];
      try {
        stored = await Promise.all(input.proof_images.map((image) => storeUpload(env, store, image, "image")));
      } catch (error) {
        return refuseCountedAgainst(db, hits, error);
      }
      await store
        .batch([...orderProofStatements(store, order, { method, stored, payments }), ...hits])
        .catch((error: unknown) => {
          if (isRateLimitRefusal(error)) throw rateLimitedError();
          return rethrowOrderChanged(error);
        });
      return toCreated({ ...order, status: "unverified_payment", paymentStatus: "no_payment_record" });
    },
  }),
];

/**
 * A customer's proof of payment of an order awaiting it, for the caller's batch: the order moves to
 * `unverified_payment` by `method` over the version it was read at (rethrowOrderChanged reads a refusal), with a
 * history row without an actor. The payment waiting for its proof (a website order's) takes it; without one (an
 * order staff made to pay later, or one whose last proof was rejected: that payment `failed`) a new payment of
 * what is owed carries it.
 */
export function orderProofStatements(
  store: StoreScope,
  order: OrderRow,
  {
    method,
    stored,
    payments,
  }: {
    method: PaymentMethod;
    stored: Awaited<ReturnType<typeof storeUpload>>[];
    payments: Pick<typeof orderPayments.$inferSelect, "status" | "amountCents">[];
  },
) {
  const proofImageUrls = stored.map((upload) => upload.url);
  const pending = payments.some((row) => row.status === "no_payment_record");
  return [
    orderMoveStatement(store, order, {
      status: "unverified_payment",
      paymentStatus: "no_payment_record",
      paymentMethod: method,
    }),
    historyStatement(store, {
      orderId: order.id,
      from: "awaiting_payment",
      to: "unverified_payment",
      actorEmail: null,
      note: null,
    }),
    pending
      ? store.update(
          orderPayments,
          { method, proofImageUrls },
          eq(orderPayments.orderId, order.id),
          eq(orderPayments.status, "no_payment_record"),
        )
      : store.insert(orderPayments, [
          {
            orderId: order.id,
            method,
            amountCents: owedCents(order, payments),
            status: "no_payment_record",
            proofImageUrls,
          },
        ]),
    ...stored.map((upload) => upload.statement),
  ] as const;
}

/** What an order still owes: its total less its payments that succeeded. */
export const owedCents = (
  order: Pick<OrderRow, "totalCents">,
  payments: Pick<typeof orderPayments.$inferSelect, "status" | "amountCents">[],
) =>
  order.totalCents -
  payments.filter((row) => row.status === "succeeded").reduce((sum, row) => sum + row.amountCents, 0);

/** A website order before its payment: who orders (a member confirmed by e-mail, or a guest) and how it pays. */
function onlineOrder(
  input: Payload<"add_online_order_data">,
  contact: { email: string | null; phone: string | null } | undefined,
  priced: PricedOrder,
  storedValue: CheckedStoredValue<Payload<"add_online_order_data">["stored_value"][number]>[],
): NewOrder {
  const { member } = priced;
  if (member && contact?.email?.toLowerCase() !== input.customer_email) {
    throw new ActionError(404, "user-not-found-or-disabled");
  }
  const total = priced.amount.total_cents;
  const storedCents = storedValue.reduce((sum, payment) => sum + payment.amount_cents, 0);
  if (storedCents > total) {
    const last = storedValue.length - 1;
    throw new ActionError(400, "invalid-payload", {
      [`stored_value.${last}.amount_cents`]: [withValue("amount-above-owed", formatHkd(total))],
    });
  }
  const owed = total - storedCents;
  const method = input.payment_method;
  if (owed > 0 && (!method || (method === "credit_card" && !input.card_token))) {
    throw new ActionError(400, "missing-payment-data");
  }
  refuseChangedTotal(input.expected_total_cents, priced);
  const paid = owed === 0;
  const paidByStoredValue = storedValue.map((payment) => ({
    method: payment.method,
    amountCents: payment.amount_cents,
    status: "succeeded" as const,
    giftCardId: payment.gift_card_id,
  }));
  return {
    channel: "online",
    input,
    priced,
    status: paid ? "paid" : "awaiting_payment",
    paymentStatus: paid ? "succeeded" : "no_payment_record",
    paymentMethod: paid ? (storedValue[0]?.method ?? method ?? null) : (method ?? null),
    customer: {
      name: member?.name ?? input.customer_name!,
      email: input.customer_email,
      phone: input.customer_phone ?? contact?.phone ?? null,
    },
    payments: [
      ...paidByStoredValue,
      ...(paid ? [] : [{ method: method!, amountCents: owed, status: "no_payment_record" as const }]),
    ],
    actorEmail: null,
    customerLanguage: input.language,
  };
}
