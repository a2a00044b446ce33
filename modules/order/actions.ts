import type { BatchItem } from "drizzle-orm/batch";
import { storeContact, storeContactReads } from "../store/contact";
import { and, asc, count, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { emailTexts } from "../../backend/locales.generated";
import type { Payload } from "../../contract/actions";
import { ORDER_TRANSITIONS, type OrderStatus } from "../../contract/order-states";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import { TRACKED_DELIVERY_METHODS } from "../../contract/options";
import type { OrderDetail, OrderListRecord, OrderRecord, OrderRefundPreview } from "./contract";
import { allows, mayRefund, permissionFor } from "../../contract/permissions";
import type { Caller } from "../../backend/caller";
import { cashDollarSettingQuery, cashDollarStatements, cashDollarTakeBackStatements } from "../../backend/cash-dollar";
import { currentPlanQuery } from "../../backend/current-plan";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import {
  addOnProducts,
  members,
  orderLines,
  orderPayments,
  orderRefunds,
  orderStatusHistory,
  orders,
  productVariants,
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
import {
  isSoldGiftCardRefused,
  mailSoldGiftCards,
  orderGiftCardsQuery,
  paidOrderGiftCards,
  soldGiftCardRefundStatements,
  toOrderGiftCard,
} from "../gift-card/sold";

const { en, "zh-HK": zhHK } = emailTexts;

type LineRow = typeof orderLines.$inferSelect;

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
/** A refund returns what was paid. */
const REFUNDABLE: readonly OrderStatus[] = ["paid", "preparing", "delivering", "completed"];

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

const orderById = (store: StoreScope, id: number) => store.select(orders, eq(orders.id, id)).limit(1);
const paymentsOf = (store: StoreScope, id: number) =>
  store.select(orderPayments, eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id));

/** What the order still owes: its total less what its succeeded payments paid. */
const owedCents = (order: OrderRow, payments: PaymentRow[]) =>
  order.totalCents -
  payments.filter((payment) => payment.status === "succeeded").reduce((sum, payment) => sum + payment.amountCents, 0);
const linesOf = (store: StoreScope, id: number) =>
  store.select(orderLines, eq(orderLines.orderId, id)).orderBy(asc(orderLines.position));
/** The order's member's balance (no row for a guest's order). */
const memberOfOrder = (store: StoreScope, id: number) =>
  store
    .selectFields(
      members,
      {
        id: members.id,
        memberCode: members.memberCode,
        name: members.name,
        level: members.level,
        cashDollarCents: members.cashDollarCents,
      },
      eq(members.id, sql`(select ${orders.memberId} from ${orders} where ${store.where(orders, eq(orders.id, id))})`),
    )
    .limit(1);

/** `1001` or `#1001` is an order number; anything is also looked for in the customer's name, phone and member code. */
function keywordMatch(store: StoreScope, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const number = /^#?(\d{1,9})$/.exec(keyword)?.[1];
  return or(
    number === undefined ? undefined : eq(orders.orderNumber, Number(number)),
    contains([orders.customerName, orders.customerPhone], keyword.replace(/^#/, "")),
    inArray(orders.memberId, store.selectFields(members, { id: members.id }, contains([members.memberCode], keyword))),
  );
}

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

/**
 * What refunding these lines returns. Lines are valued at what was paid for them (their price less their
 * share of the coupon and cash-dollar discounts); the refund that leaves nothing unrefunded returns the
 * rest of the total, delivery and card fee included. The cash dollar the order earned is taken back and
 * the cash dollar it spent given back in the same proportion (all of it by the full refund); what the
 * member has already spent of the earned part (beyond the balance and what comes back) is unrecoverable,
 * and its HK$ value at the redeem rate is taken off the money returned.
 */
function refundPlan(
  order: OrderRow,
  lines: LineRow[],
  request: Payload<"add_order_refund_data">["lines"],
  balanceCents: number,
  redeemRate: number,
): OrderRefundPreview {
  if (!REFUNDABLE.includes(order.status)) throw new ActionError(409, "order-transition-not-allowed");
  const byId = new Map(lines.map((line) => [line.id, line]));
  const fields: Record<string, string[]> = {};
  const asked = new Map<number, number>();
  for (const [index, { line_id, quantity }] of request.entries()) {
    const line = byId.get(line_id);
    if (!line || asked.has(line_id)) fields[`lines.${index}.line_id`] = ["format-not-match"];
    else if (quantity > line.quantity - line.refundedQuantity)
      fields[`lines.${index}.quantity`] = ["refund-quantity-exceeded"];
    else asked.set(line_id, quantity);
  }
  if (Object.keys(fields).length > 0) throw new ActionError(400, "invalid-payload", fields);

  const value = (quantityOf: (line: LineRow) => number) =>
    lines.reduce((sum, line) => sum + line.unitPriceCents * quantityOf(line), 0);
  const subtotal = value((line) => line.quantity);
  const before = value((line) => line.refundedQuantity);
  const after = value((line) => line.refundedQuantity + (asked.get(line.id) ?? 0));
  const full = lines.every((line) => line.refundedQuantity + (asked.get(line.id) ?? 0) === line.quantity);
  const remaining = order.totalCents - order.refundedCents;
  const goodsPaid = Math.max(order.totalCents - order.deliveryChargeCents - order.cardFeeCents, 0);
  const linesAmount = full
    ? remaining
    : Math.min(subtotal === 0 ? 0 : Math.floor(((after - before) * goodsPaid) / subtotal), remaining);
  /** This refund's part of an order-wide amount: the share of the refunded value after it less the share before. */
  const shareOf = (amount: number, value: number) => (subtotal === 0 ? 0 : Math.floor((amount * value) / subtotal));
  const share = (amount: number) => (full ? amount : shareOf(amount, after)) - shareOf(amount, before);
  const reclaim = order.memberId === null ? 0 : share(order.cashDollarEarnedCents);
  const restored = order.memberId === null ? 0 : share(order.cashDollarSpentCents);
  const unrecoverable = Math.max(0, reclaim - (balanceCents + restored));
  const deduction = Math.min(linesAmount, Math.floor((unrecoverable * 100) / redeemRate));
  return {
    full,
    lines_amount_cents: linesAmount,
    cash_dollar_reclaim_cents: reclaim,
    unrecoverable_cash_dollar_cents: unrecoverable,
    deduction_cents: deduction,
    amount_cents: linesAmount - deduction,
    cash_dollar_restored_cents: restored,
  };
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
      ] as const,
    handler: async (
      _input,
      { caller, env, now },
      [rows, lines, payments, history, refunds, [member], [account], [website], [setting], giftCards],
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
        })),
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
          actor_email: row.actorEmail,
          note: row.note,
          create_date: row.createdAt,
        })),
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
    reads: ({ id }, { store }) =>
      [orderById(store, id), linesOf(store, id), memberOfOrder(store, id), cashDollarSettingQuery(store)] as const,
    handler: async ({ lines: request }, _context, [rows, lines, [member], [setting]]) =>
      refundPlan(found(rows), lines, request, member?.cashDollarCents ?? 0, setting?.redeemRate ?? 100),
  }),

  /**
   * A refund, one batch over the order's version: the lines' refunded quantities (and stock, line by line
   * as asked), the money (`refunded_cents`, with the refund row), the cash dollar spent given back and the
   * cash dollar earned taken back (never below 0). The unrecoverable part is worked out again from the
   * balance as the batch finds it, so a spend racing the refund is deducted too. The full refund makes the
   * order and its payments `refunded`.
   */
  defineAction("add_order_refund_data", "store:order:admin", {
    reads: ({ id }, { store }) =>
      [
        orderById(store, id),
        linesOf(store, id),
        memberOfOrder(store, id),
        cashDollarSettingQuery(store),
        orderGiftCardsQuery(store, id),
      ] as const,
    handler: async (input, { store, caller, now }, [rows, lines, [member], [setting], giftCards]) => {
      const order = found(rows);
      if (order.version !== input.version) throw new ActionError(409, "order-status-changed");
      const redeemRate = setting?.redeemRate ?? 100;
      const plan = refundPlan(order, lines, input.lines, member?.cashDollarCents ?? 0, redeemRate);
      const balance = member
        ? sql`(select ${members.cashDollarCents} from ${members} where ${store.where(members, eq(members.id, member.id))})`
        : sql`0`;
      const deduction = sql`min(${plan.lines_amount_cents}, max(0, ${plan.cash_dollar_reclaim_cents} - (${balance} + ${plan.cash_dollar_restored_cents})) * 100 / ${redeemRate})`;
      const changed: Partial<OrderRow> = plan.full ? { status: "refunded", paymentStatus: "refunded" } : {};
      const asked = new Map(input.lines.map((line) => [line.line_id, line]));
      const refunded = lines.filter((line) => asked.has(line.id));
      // A gift card sold is refunded only while unused, and the refund disables it.
      const giftCardRefund = soldGiftCardRefundStatements(store, caller.email, {
        orderId: order.id,
        cards: giftCards,
        refunds: refunded
          .filter((line) => line.giftCard)
          .map((line) => ({ lineId: line.id, quantity: asked.get(line.id)!.quantity })),
        reason: input.note || `#${order.orderNumber}`,
        now,
      });
      const restocks = refunded.flatMap((line): BatchItem<"sqlite">[] => {
        const { quantity, restock } = asked.get(line.id)!;
        if (!restock) return [];
        if (line.kind === "product") {
          return line.variantId === null
            ? []
            : [
                store.update(
                  productVariants,
                  { stock: sql`${productVariants.stock} + ${quantity}` },
                  eq(productVariants.id, line.variantId),
                  eq(productVariants.unlimitedInventory, false),
                ),
              ];
        }
        return line.addOnProductId === null
          ? []
          : [
              store.update(
                addOnProducts,
                { stock: sql`${addOnProducts.stock} + ${quantity}` },
                eq(addOnProducts.id, line.addOnProductId),
                eq(addOnProducts.unlimitedInventory, false),
              ),
            ];
      });
      const before: BatchItem<"sqlite">[] = [
        orderMoveStatement(store, order, {
          ...changed,
          refundedCents: sql<number>`${orders.refundedCents} + ${plan.lines_amount_cents} - ${deduction}`,
        }),
        ...refunded.map((line) =>
          store.update(
            orderLines,
            { refundedQuantity: sql`${orderLines.refundedQuantity} + ${asked.get(line.id)!.quantity}` },
            eq(orderLines.id, line.id),
          ),
        ),
        ...restocks,
      ];
      const refundRow = store
        .insertFrom(orderRefunds, (qb) =>
          qb
            .select({
              id: sql`null`.as("id"),
              applicationKey: orders.applicationKey,
              orderId: orders.id,
              amountCents: sql`${orders.refundedCents} - ${order.refundedCents}`.as("amount_cents"),
              feesCents: sql`${
                plan.full
                  ? sql`min(${order.deliveryChargeCents + order.cardFeeCents}, ${orders.refundedCents} - ${order.refundedCents})`
                  : sql`0`
              }`.as("fees_cents"),
              actorEmail: sql`${caller.email}`.as("actor_email"),
              note: sql`${input.note}`.as("note"),
              createdAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
            })
            .from(orders)
            .where(store.where(orders, eq(orders.id, order.id))),
        )
        .returning({ id: orderRefunds.id, amountCents: orderRefunds.amountCents });
      const after: BatchItem<"sqlite">[] = [
        ...(plan.full
          ? [
              store.update(
                orderPayments,
                { status: "refunded" },
                eq(orderPayments.orderId, order.id),
                eq(orderPayments.status, "succeeded"),
              ),
              historyStatement(store, {
                orderId: order.id,
                from: order.status,
                to: "refunded",
                actorEmail: caller.email,
                note: input.note,
              }),
            ]
          : []),
        ...(plan.cash_dollar_restored_cents > 0
          ? cashDollarStatements(store, caller, {
              memberId: order.memberId!,
              amountCents: plan.cash_dollar_restored_cents,
              action: "refund_order",
              orderId: order.id,
            })
          : []),
        ...(plan.cash_dollar_reclaim_cents > 0
          ? cashDollarTakeBackStatements(store, caller, {
              memberId: order.memberId!,
              amountCents: plan.cash_dollar_reclaim_cents,
              orderId: order.id,
            })
          : []),
        ...giftCardRefund,
        orderLog(store, caller, now, order, { ...changed, refundedCents: order.refundedCents + plan.amount_cents }),
      ];
      const results = await store
        .batch([...before, refundRow, ...after] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])
        .catch((error: unknown) => {
          if (isSoldGiftCardRefused(error)) throw new ActionError(409, "gift-card-sold-used");
          return rethrowOrderChanged(error);
        });
      const [refund] = results[before.length] as Awaited<typeof refundRow>;
      return { refund_id: refund.id, amount_cents: refund.amountCents };
    },
  }),
];
