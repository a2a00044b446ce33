import { eq, sql } from "drizzle-orm";
import type { CreatedOrder, Payload, PosSale } from "../../../contract/actions";
import { EXCHANGE_PAYMENT_METHOD, isSettingPaymentMethod, type OrderPaymentMethod } from "../../../contract/options";
import { CHECKOUT_READ, checkoutReads, paymentMethodRefusal, type CheckoutReads } from "../../../backend/checkout";
import { tenderOf } from "../tender";
import { toStoreModules } from "../../../backend/current-plan";
import { orders } from "../../../backend/db/schema";
import type { StoreScope } from "../../../backend/db/scope";
import { ActionError, found } from "../../../backend/errors";
import { defineAction } from "../../../backend/registry";
import { soldCartStatement } from "../../pos/actions/cart";
import { cartStoredValueOf } from "../../pos/contract";
import { refundLog } from "../../order/actions";
import { planOf, rethrowReturnRefused, returnReads, returnStatements, type ReturnReads } from "../../order/returns";
import { mailSoldGiftCards } from "../../gift-card/sold";
import { counterLocationsRead, counterFor } from "../../pos/counter-location";
import { checkedStoredValue, storedValueReads } from "../stored-value";
import { saleExchangeFields, toSaleExchange } from "../../order/exchanges";
import {
  counterSaleLog,
  createdFields,
  createOrder,
  paidOrderRules,
  priceOrThrow,
  refuseChangedTotal,
  toCreated,
  type OrderStatus,
} from "../orders";

/** A sale by its submission, for a replay: with the return it was exchanged for, which its answer repeats. */
const saleOfSubmission = (store: StoreScope, idempotencyKey: string) =>
  store
    .selectFields(
      orders,
      { ...createdFields, ...saleExchangeFields(store, orders.id) },
      eq(orders.idempotencyKey, idempotencyKey),
    )
    .limit(1);

/**
 * POS payments as applied: cash beyond the total is the customer's change, taken off the cash paid; the cash
 * handed over stays beside it (`tendered_cents`) for the receipt.
 */
export function appliedPayments<T extends Payload<"add_pos_order_data">["payments"][number]>(
  payments: T[],
  totalCents: number,
) {
  const { paid_cents, remaining_cents, change_cents } = tenderOf(payments, totalCents);
  const cashAt = payments.findIndex((payment) => payment.method === "cash");
  if (remaining_cents > 0 && cashAt >= 0) {
    throw new ActionError(400, "cash-not-enough", { [`payments.${cashAt}.amount_cents`]: ["cash-not-enough"] });
  }
  // Short of the total, or another method paying beyond it (only cash gives change).
  if (remaining_cents > 0 || paid_cents - totalCents > change_cents) {
    throw new ActionError(400, "invalid-payment-amount");
  }
  let left = change_cents;
  return payments
    .map((payment) => {
      const taken = payment.method === "cash" ? Math.min(left, payment.amount_cents) : 0;
      left -= taken;
      const tendered_cents = taken > 0 ? payment.amount_cents : undefined;
      return { ...payment, amount_cents: payment.amount_cents - taken, tendered_cents };
    })
    .filter((payment) => payment.amount_cents > 0);
}

/** What the returned lines of an exchange give back, over the version of the sold order the counter showed. */
function exchangeOf(returned: ReturnReads, exchange: NonNullable<Payload<"add_pos_order_data">["exchange"]>) {
  if (found(returned[0]).version !== exchange.version) throw new ActionError(409, "order-status-changed");
  return planOf(returned, exchange.lines);
}

/** The counter sale's payment: what the card pays beside the others, and each method allowed. */
function posPaymentOptions(input: Payload<"add_pos_order_data">, setting: CheckoutReads[7][number] | undefined) {
  const card = input.payments.some((payment) => payment.method === "credit_card");
  if (setting) {
    for (const { method } of input.payments) {
      const refusal = isSettingPaymentMethod(method) && paymentMethodRefusal(setting, method, "pos");
      if (refusal) throw new ActionError(refusal.status, refusal.message);
    }
  }
  const nonCardPaidCents = input.payments
    .filter((payment) => payment.method !== "credit_card")
    .reduce((sum, payment) => sum + payment.amount_cents, 0);
  const paymentMethod: OrderPaymentMethod | undefined = card
    ? "credit_card"
    : (input.payments[0]?.method ?? input.payment_method);
  return { paymentMethod, nonCardPaidCents };
}

export const posSaleActions = [
  defineAction("get_order_amount_data_by_application_key", "store:order:read", {
    reads: (input, { store, now }) => checkoutReads(store, input, now),
    handler: async (input, { now }, reads) => priceOrThrow(reads, input, now, { channel: "pos" }).amount,
  }),

  /**
   * A counter sale: paid in full at once, so it is `completed` when taken away and `preparing` when it is
   * to be delivered; its payments succeeded. It is the POS's checkout, so it asks for POS write permission:
   * a plan with the POS but not the orders module sells too, and its orders are the order list's all the same.
   */
  defineAction("add_pos_order_data", "store:pos:write", {
    reads: (input, { store, now }) =>
      [
        saleOfSubmission(store, input.idempotency_key),
        counterLocationsRead(store),
        ...storedValueReads(store, input.payments, input.member_id),
        ...returnReads(store, input.exchange?.order_id ?? 0),
        ...checkoutReads(store, input, now, undefined, input.location_id),
      ] as const,
    handler: async (
      input,
      { store, caller, now, mailer, afterReply },
      [
        [existing],
        counters,
        cards,
        credit,
        returnedOrder,
        returnedLines,
        returnedMember,
        returnedPayments,
        returnedSetting,
        returnedGiftCards,
        returnedClosedCards,
        ...reads
      ],
    ): Promise<PosSale> => {
      const returned: ReturnReads = [
        returnedOrder,
        returnedLines,
        returnedMember,
        returnedPayments,
        returnedSetting,
        returnedGiftCards,
        returnedClosedCards,
      ];
      // The cash handed over and the change, from the total the sale was (or, replayed, had been) made at.
      const sale = (order: CreatedOrder, exchange: PosSale["exchange"] = null) => {
        const { cash_cents, change_cents } = tenderOf(input.payments, order.total_cents - (exchange?.paid_cents ?? 0));
        return { ...order, cash_tendered_cents: cash_cents, change_cents, exchange };
      };
      if (existing) return sale(toCreated(existing), toSaleExchange(existing));
      const counterLocationId = counterFor(caller, counters, input.location_id);
      const exchange = input.exchange && exchangeOf(returned, input.exchange);
      const { paymentMethod, nonCardPaidCents } = posPaymentOptions(input, reads[CHECKOUT_READ.setting][0]);
      const cardFeeMethod = paymentMethod && isSettingPaymentMethod(paymentMethod) ? paymentMethod : undefined;
      const priced = priceOrThrow(reads, { ...input, payment_method: cardFeeMethod }, now, {
        channel: "pos",
        nonCardPaidCents: nonCardPaidCents + (exchange?.amount_cents ?? 0),
      });
      const checked = checkedStoredValue(input.payments, [cards, credit], {
        giftCards: toStoreModules(reads[CHECKOUT_READ.account], reads[CHECKOUT_READ.plan]).has("gift_card"),
        buysGiftCards: priced.giftCardLines.size > 0,
        memberId: priced.member?.id,
        now,
      });
      refuseChangedTotal(input.expected_total_cents, priced);
      const total = priced.amount.total_cents;
      // The returned goods pay what they can of the sale; the usual methods pay the rest.
      const exchangePaid = Math.min(exchange?.amount_cents ?? 0, total);
      const owed = total - exchangePaid;
      if (input.payments.length === 0 && owed > 0) throw new ActionError(400, "missing-payment-data");
      const cardPaid = input.payments
        .filter((payment) => payment.method === "credit_card")
        .reduce((sum, payment) => sum + payment.amount_cents, 0);
      // A card pays exactly what the other methods leave, with its fee: only cash gives change.
      if (paymentMethod === "credit_card" && cardPaid !== owed - nonCardPaidCents) {
        throw new ActionError(400, "invalid-payment-amount");
      }
      const payments = [
        ...(exchangePaid > 0
          ? [
              {
                method: EXCHANGE_PAYMENT_METHOD,
                amount_cents: exchangePaid,
                tendered_cents: undefined,
                gift_card_id: undefined,
              },
            ]
          : []),
        ...appliedPayments(checked, owed),
      ];
      const refund =
        input.exchange &&
        returnStatements(
          store,
          caller,
          returned,
          {
            lines: input.exchange.lines,
            note: null,
            refundTo: input.exchange.refund_to,
            restockLocationId: counterLocationId,
          },
          {
            orderId: sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.idempotencyKey, input.idempotency_key))})`,
            cents: exchangePaid,
          },
        );
      const status: OrderStatus = input.delivery ? "preparing" : "completed";
      const member = priced.member;
      const made = await createOrder(
        store,
        {
          channel: "pos",
          input,
          priced,
          status,
          paymentStatus: "succeeded",
          paymentMethod: paymentMethod ?? (exchangePaid > 0 ? EXCHANGE_PAYMENT_METHOD : null),
          customer: {
            name: member?.name ?? input.delivery?.receiver_name ?? "",
            email: null,
            phone: input.delivery?.receiver_phone ?? null,
          },
          payments: payments.map((payment) => ({
            method: payment.method,
            amountCents: payment.amount_cents,
            tenderedCents: payment.tendered_cents,
            status: "succeeded",
            giftCardId: payment.gift_card_id,
          })),
          actorEmail: caller.email,
          counterLocationId,
          giftCardRecipient: {
            name: member?.name ?? input.delivery?.receiver_name ?? "",
            email: member?.email ?? "",
            language: "zh-HK",
          },
        },
        { cashDollarActor: caller, rules: paidOrderRules(reads), now },
        [
          ...(input.pos_cart_version === undefined
            ? []
            : [
                soldCartStatement(store, caller, input.pos_cart_version, {
                  ...input,
                  ...cartStoredValueOf(input.payments),
                }),
              ]),
          counterSaleLog(store, caller, now, input.idempotency_key),
          ...(refund ? [refundLog(store, caller, now, refund), ...refund.statements] : []),
        ],
        saleOfSubmission,
      ).catch(rethrowReturnRefused);
      await mailSoldGiftCards({ mailer, afterReply }, made.giftCards, reads[CHECKOUT_READ.account][0]?.storeName ?? "");
      if (made.replayed) return sale(made.order, toSaleExchange(made.replayed));
      return sale(
        made.order,
        refund
          ? {
              returned_cents: refund.plan.amount_cents,
              paid_cents: exchangePaid,
              refund_to: input.exchange!.refund_to,
              refunded_cents: refund.plan.amount_cents - exchangePaid,
              gift_card_code: refund.giftCardCode,
            }
          : null,
      );
    },
  }),
];
