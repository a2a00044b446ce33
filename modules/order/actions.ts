import type { BatchItem } from "drizzle-orm/batch";
import { storeContact, storeContactReads } from "../store/contact";
import { and, asc, count, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import { ORDER_TRANSITIONS, type OrderStatus } from "../../contract/order-states";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import { TRACKED_DELIVERY_METHODS } from "../../contract/options";
import type { OrderDetail, OrderListRecord, OrderRecord } from "./contract";
import { allows, mayRefund, permissionFor } from "../../contract/permissions";
import type { Caller } from "../../backend/caller";
import { cashDollarSettingQuery } from "../../backend/cash-dollar";
import { currentPlanQuery } from "../../backend/current-plan";
import type { StoreScope } from "../../backend/db/scope";
import {
  members,
  orderLines,
  orderPayments,
  orderRefunds,
  orderStatusHistory,
  orders,
  storeAccounts,
  storeSettings,
} from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { storeFpsQr } from "../../backend/fps-qr";
import { orderPaymentReference } from "../../backend/payment-reference";
import { oneName } from "../../backend/log";
import { payLinkFor } from "../../backend/pay-link";
import { sendPayLink } from "../../backend/pay-link-mail";
import { toOrderMember, vipSettingQuery } from "../../backend/member-checkout";
import {
  cancelStatements,
  historyStatement,
  orderMoveStatement,
  paidOrderRewards,
  rethrowOrderChanged,
  type OrderRow,
} from "../../backend/order-workflow";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { paymentMethodsOf } from "../setting/actions";
import { saleExchangeReads, toOrderExchange } from "./exchanges";
import { locationRead, locationsRead } from "../location/reads";
import { mailSoldGiftCards, orderGiftCardsQuery, paidOrderGiftCards, toOrderGiftCard } from "../gift-card/sold";
import {
  linesOf,
  memberOfOrder,
  orderById,
  paymentsOf,
  planOf,
  keywordMatch,
  REFUNDABLE,
  returnActions,
  rethrowReturnRefused,
  returnReads,
  returnStatements,
} from "./returns";

const { en, "zh-HK": zhHK } = emailTexts;

const DATA_TYPE = "order_data";

const SORT_COLUMNS = { create_date: orders.createdAt, total: orders.totalCents } as const;

/** Moves staff make with the status action: a customer's proof makes `unverified_payment`, a refund `refunded`. */
const STAFF_MOVES = (from: OrderStatus): OrderStatus[] =>
  ORDER_TRANSITIONS[from].filter((to) => to !== "unverified_payment" && to !== "refunded");

/** Statuses whose delivery data can still change. */
const DELIVERY_EDITABLE: readonly OrderStatus[] = [
  "awaiting_payment",
  "unverified_payment",
  "paid",
  "preparing",
  "delivering",
];
/** Statuses in which the order still waits for its money: its invoice carries the FPS QR code of what is owed. */
const AWAITING_MONEY: readonly OrderStatus[] = ["awaiting_payment", "unverified_payment"];

/** What the customer still owes by a pay link: the total of an order awaiting payment; null otherwise. */
export const orderOwedCents = (order: Pick<OrderRow, "status" | "totalCents">) =>
  order.status === "awaiting_payment" && order.totalCents > 0 ? order.totalCents : null;

const toRecord = (row: OrderRow): OrderRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "idempotencyKey", "couponId", "paidAt", "createdAt"],
    add: { create_date: row.createdAt },
  });

type PaymentRow = typeof orderPayments.$inferSelect;

/** The order's fields the log shows, and what staff found received when they verified its payment. */
const logged = (row: Partial<OrderRow> & { receivedCents?: number }) => ({
  status: row.status,
  payment_status: row.paymentStatus,
  received_cents: row.receivedCents,
  refunded_cents: row.refundedCents,
  cash_dollar_earned_cents: row.cashDollarEarnedCents,
  receiver_name: row.receiverName,
  receiver_phone: row.receiverPhone,
  delivery_address: row.deliveryAddress,
  delivery_district: row.deliveryDistrict,
  delivery_remark: row.deliveryRemark,
  delivery_number: row.deliveryNumber,
});

function orderLog(
  store: StoreScope,
  caller: Caller,
  now: Date,
  before: OrderRow,
  after: Partial<OrderRow> & { receivedCents?: number },
) {
  return store.log(caller, now, {
    action: "edit",
    dataType: DATA_TYPE,
    recordId: before.id,
    recordName: oneName(`#${before.orderNumber}`),
    before: logged(before),
    after: logged({ ...before, ...after }),
  });
}

/** A refund's log entry: the order's status and money refunded as the refund leaves them. */
export const refundLog = (
  store: StoreScope,
  caller: Caller,
  now: Date,
  { order, changed, plan }: Pick<ReturnType<typeof returnStatements>, "order" | "changed" | "plan">,
) => orderLog(store, caller, now, order, { ...changed, refundedCents: order.refundedCents + plan.amount_cents });

/** What the order still owes: its total less what its succeeded payments paid. */
const owedCents = (order: OrderRow, payments: PaymentRow[]) =>
  order.totalCents -
  payments.filter((payment) => payment.status === "succeeded").reduce((sum, payment) => sum + payment.amountCents, 0);
/** The start of a Hong Kong day as the UTC instant orders' times are kept in. */
const hongKongDayStart = (date: string, days = 0) =>
  new Date(Date.parse(`${date}T00:00:00+08:00`) + days * 86_400_000).toISOString();

/** The statuses this caller may move the order to now: none without write permission; `refunded` for who may refund. */
function allowedTransitions(caller: Caller, status: OrderStatus): OrderStatus[] {
  if (!allows(permissionFor(caller, "order"), "write")) return [];
  return ORDER_TRANSITIONS[status].filter(
    (to) => STAFF_MOVES(status).includes(to) || (to === "refunded" && mayRefund(caller)),
  );
}

/** The customer's e-mail about their payment, in Chinese then English (an order keeps no language of its own). */
function paymentEmail(order: OrderRow, storeName: string, verdict: "verified" | "rejected", reason: string | null) {
  const fill = (template: string) =>
    template
      .replaceAll("{{number}}", `#${order.orderNumber}`)
      .replaceAll("{{store}}", storeName)
      .replaceAll("{{reason}}", reason ?? "");
  const body = (texts: typeof en) =>
    fill(texts[verdict === "verified" ? "order-payment-verified-body" : "order-payment-rejected-body"]);
  return {
    to: order.customerEmail!,
    subject: `${fill(zhHK["order-payment-subject"])} / ${fill(en["order-payment-subject"])}`,
    text: `${body(zhHK)}\n\n----\n\n${body(en)}`,
  };
}

export const orderActions = [
  defineAction("get_order_data_and_total_number_by_sorting_and_limit", "store:order:read", async (input, { store }) => {
    const matching = and(
      keywordMatch(store, input.keyword),
      input.status === undefined ? undefined : eq(orders.status, input.status),
      input.payment_status === undefined ? undefined : eq(orders.paymentStatus, input.payment_status),
      input.channel === undefined ? undefined : eq(orders.channel, input.channel),
      input.delivery_method === undefined ? undefined : eq(orders.deliveryMethod, input.delivery_method),
      input.created_from === undefined ? undefined : gte(orders.createdAt, hongKongDayStart(input.created_from)),
      input.created_to === undefined ? undefined : lt(orders.createdAt, hongKongDayStart(input.created_to, 1)),
    );
    return pagedList(
      store,
      input,
      {
        rows: store.selectFields(
          orders,
          {
            ...getTableColumns(orders),
            // One member by its key and one order's few lines by (order_id, position): a lookup per row, no scan.
            memberCode: sql<
              string | null
            >`(select ${members.memberCode} from ${members} where ${store.where(members, eq(members.id, orders.memberId))})`,
            itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${store.where(orderLines, eq(orderLines.orderId, orders.id))})`,
          },
          matching,
        ),
        count: store.selectFields(orders, { total: count() }, matching),
        sortBy: SORT_COLUMNS[input.sorting],
        id: orders.id,
      },
      (row): OrderListRecord => ({ ...toRecord(row), member_code: row.memberCode, item_count: row.itemCount }),
    );
  }),

  defineAction("get_order_data_by_application_key_and_id", "store:order:read", {
    reads: ({ id }, { store }) =>
      [
        orderById(store, id),
        linesOf(store, id),
        paymentsOf(store, id),
        store
          .select(orderStatusHistory, eq(orderStatusHistory.orderId, id))
          .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
        store.select(orderRefunds, eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.id)),
        memberOfOrder(store, id),
        ...storeContactReads(store),
        store.select(storeSettings).limit(1),
        orderGiftCardsQuery(store, id),
        locationsRead(store),
        ...saleExchangeReads(store, id),
      ] as const,
    handler: async (
      _input,
      { caller, env, now },
      [
        rows,
        lines,
        payments,
        history,
        refunds,
        [member],
        [account],
        [website],
        [setting],
        giftCards,
        storeLocations,
        ...exchange
      ],
    ): Promise<OrderDetail> => {
      const order = found(rows);
      const owed = owedCents(order, payments);
      const payable = orderOwedCents(order);
      const owesByFps = order.paymentMethod === "fps" && AWAITING_MONEY.includes(order.status) && setting;
      return {
        ...toRecord(order),
        lines: lines.map((line) => ({
          id: line.id,
          kind: line.kind,
          product_id: line.productId,
          variant_id: line.variantId,
          add_on_product_id: line.addOnProductId,
          parent_position: line.parentPosition,
          position: line.position,
          name_zh_hk: line.nameZhHk,
          name_en: line.nameEn,
          variant_name_zh_hk: line.variantNameZhHk,
          variant_name_en: line.variantNameEn,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
          line_total_cents: line.lineTotalCents,
          refunded_quantity: line.refundedQuantity,
          gift_card: line.giftCard,
          location_id: line.locationId,
        })),
        locations: storeLocations,
        gift_cards: giftCards.map(toOrderGiftCard),
        payments: payments.map((payment) => ({
          id: payment.id,
          method: payment.method,
          gift_card_id: payment.giftCardId,
          amount_cents: payment.amountCents,
          tendered_cents: payment.tenderedCents,
          status: payment.status,
          proof_image_urls: payment.proofImageUrls,
          received_cents: payment.receivedCents,
          create_date: payment.createdAt,
        })),
        history: history.map((row) => ({
          id: row.id,
          from_status: row.fromStatus,
          to_status: row.toStatus,
          actor_email: row.actorEmail,
          note: row.note,
          create_date: row.createdAt,
        })),
        refunds: refunds.map((row) => ({
          id: row.id,
          amount_cents: row.amountCents,
          refund_to: row.refundTo,
          cash_cents: row.cashCents,
          gift_card_id: row.giftCardId,
          exchange_order_id: row.exchangeOrderId,
          actor_email: row.actorEmail,
          note: row.note,
          create_date: row.createdAt,
        })),
        exchange: toOrderExchange(exchange),
        member: member ? toOrderMember(member) : null,
        amount_owed_cents: owed,
        payment_reference: orderPaymentReference(order),
        allowed_transitions: allowedTransitions(caller, order.status),
        can_refund: REFUNDABLE.includes(order.status) && allowedTransitions(caller, order.status).includes("refunded"),
        store: storeContact(account, website),
        fps_qr: owesByFps
          ? storeFpsQr(paymentMethodsOf(setting).fps, account?.name ?? "", owed, orderPaymentReference(order))
          : null,
        pay_link:
          payable === null
            ? null
            : await payLinkFor(
                env.SESSION_SECRET,
                { applicationKey: order.applicationKey, kind: "order", id: order.id, amountCents: payable },
                now,
              ),
      };
    },
  }),

  defineAction("add_order_pay_link_email_data", "store:order:write", {
    reads: ({ id }, { store }) =>
      [orderById(store, id), store.selectFields(storeAccounts, { name: storeAccounts.storeName }).limit(1)] as const,
    handler: async ({ id, language }, context, [rows, [account]]) => {
      const order = found(rows);
      return sendPayLink(context, {
        kind: "order",
        id,
        amountCents: orderOwedCents(order),
        to: order.customerEmail,
        name: order.customerName,
        storeName: account?.name ?? "",
        purpose: { kind: "order", number: order.orderNumber },
        language,
        log: { dataType: DATA_TYPE, recordName: oneName(`#${order.orderNumber}`) },
      });
    },
  }),

  /**
   * A staff move: verify or mark paid (payment succeeded; cash dollar earned on the amount paid; the VIP
   * upgrade; an e-mail to the customer; verifying records the amount received), reject a payment (the payment
   * failed, the order back to awaiting payment for a new proof, e-mailed with the reason), prepare, deliver,
   * complete, cancel (stock, coupon and cash dollar back).
   */
  defineAction("update_order_status_data_by_application_key_and_id", "store:order:write", {
    reads: ({ id }, { store, now }) =>
      [
        orderById(store, id),
        paymentsOf(store, id),
        currentPlanQuery(store, now),
        cashDollarSettingQuery(store),
        vipSettingQuery(store),
        store.selectFields(storeAccounts, { storeName: storeAccounts.storeName }),
        linesOf(store, id),
      ] as const,
    handler: async (
      input,
      { store, caller, now, mailer, afterReply },
      [rows, payments, [plan], [cashDollar], [vip], [account], lines],
    ) => {
      const order = found(rows);
      if (order.version !== input.version) throw new ActionError(409, "order-status-changed");
      const from = order.status;
      const to = input.to;
      if (!STAFF_MOVES(from).includes(to)) throw new ActionError(409, "order-transition-not-allowed");
      const rejecting = from === "unverified_payment" && to === "awaiting_payment";
      if (rejecting && !input.note) throw new ActionError(400, "invalid-payload", { note: ["force-input"] });
      const verifying = from === "unverified_payment" && to === "paid";
      const owed = owedCents(order, payments);
      const receivedCents = input.received_cents ?? owed;
      if (verifying && receivedCents !== owed && !input.confirm_received) {
        throw new ActionError(400, "invalid-payload", {
          received_cents: [withValue("received-amount-differs", formatHkd(owed))],
        });
      }
      const deliveryNumber = input.delivery_number ?? order.deliveryNumber;
      const tracked = (TRACKED_DELIVERY_METHODS as readonly (string | null)[]).includes(order.deliveryMethod);
      if (to === "delivering" && tracked && !deliveryNumber) {
        throw new ActionError(400, "invalid-payload", { delivery_number: ["force-input"] });
      }
      const history = historyStatement(store, {
        orderId: order.id,
        from,
        to,
        actorEmail: caller.email,
        note: input.note,
      });

      let statements: BatchItem<"sqlite">[];
      let changed: Partial<OrderRow> = { status: to };
      let sold: Pick<ReturnType<typeof paidOrderGiftCards>, "cards" | "statements"> = { cards: [], statements: [] };
      if (to === "cancelled") {
        statements = cancelStatements(store, caller, order, { email: caller.email, note: input.note });
      } else if (to === "paid") {
        const paying = paidOrderGiftCards(store, caller.email, order, lines, now);
        sold = paying;
        const rewards = paidOrderRewards(store, caller, paying.earning, { plan, cashDollar, vip }, now);
        changed = { status: to, paymentStatus: "succeeded", cashDollarEarnedCents: rewards.earnedCents };
        statements = [
          orderMoveStatement(store, order, { ...changed, paidAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` }),
          history,
          store.update(
            orderPayments,
            { status: "succeeded", ...(verifying && { receivedCents }) },
            eq(orderPayments.orderId, order.id),
            eq(orderPayments.status, "no_payment_record"),
          ),
          ...rewards.statements,
          ...sold.statements,
        ];
      } else if (rejecting) {
        changed = { status: to, paymentStatus: "failed" };
        statements = [
          orderMoveStatement(store, order, changed),
          history,
          store.update(
            orderPayments,
            { status: "failed" },
            eq(orderPayments.orderId, order.id),
            eq(orderPayments.status, "no_payment_record"),
          ),
        ];
      } else {
        if (to === "delivering") changed = { status: to, deliveryNumber };
        statements = [orderMoveStatement(store, order, changed), history];
      }
      const log = orderLog(store, caller, now, order, verifying ? { ...changed, receivedCents } : changed);
      await store.batch([log, ...statements]).catch(rethrowOrderChanged);

      if (order.customerEmail && (to === "paid" || rejecting)) {
        const message = paymentEmail(order, account?.storeName ?? "", rejecting ? "rejected" : "verified", input.note);
        await afterReply(() => mailer.send(message));
      }
      await mailSoldGiftCards({ mailer, afterReply }, sold.cards, account?.storeName ?? "");
      return null;
    },
  }),

  defineAction("update_order_delivery_data_by_application_key_and_id", "store:order:write", {
    reads: ({ id }, { store }) => [orderById(store, id)] as const,
    handler: async ({ application_key: _key, id, version, ...input }, { store, caller, now }, [rows]) => {
      const order = found(rows);
      if (!DELIVERY_EDITABLE.includes(order.status)) throw new ActionError(409, "order-not-editable");
      const changed = {
        receiverName: input.receiver_name,
        receiverPhone: input.receiver_phone,
        deliveryAddress: input.delivery_address,
        deliveryDistrict: input.delivery_district,
        deliveryRemark: input.delivery_remark,
        deliveryNumber: input.delivery_number,
      };
      await store
        .batch([
          store.update(orders, { ...changed, version: nextVersion(orders.version, version) }, eq(orders.id, id)),
          orderLog(store, caller, now, order, changed),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  defineAction("get_order_refund_data_by_application_key_and_id", "store:order:admin", {
    reads: ({ id }, { store }) => returnReads(store, id),
    handler: async ({ lines }, _context, reads) => planOf(reads, lines),
  }),

  /** A refund of lines to where the customer chose (modules/order/returns.ts `returnStatements`). */
  defineAction("add_order_refund_data", "store:order:admin", {
    reads: ({ id, location_id }, { store }) => [locationRead(store, location_id), ...returnReads(store, id)] as const,
    handler: async (input, { store, caller, now }, [[restockAt], ...reads]) => {
      const order = found(reads[0]);
      if (order.version !== input.version) throw new ActionError(409, "order-status-changed");
      if (input.location_id !== undefined && !restockAt) throw new ActionError(404, "not-found");
      const refund = returnStatements(store, caller, reads, {
        lines: input.lines,
        note: input.note,
        refundTo: input.refund_to,
        restockLocationId: restockAt?.id,
      });
      const log = refundLog(store, caller, now, refund);
      const results = await store.batch([log, ...refund.statements]).catch(rethrowReturnRefused);
      const [row] = results[refund.refundRowAt + 1] as { id: number; amountCents: number }[];
      return { refund_id: row.id, amount_cents: row.amountCents, gift_card_code: refund.giftCardCode };
    },
  }),

  ...returnActions,
];
