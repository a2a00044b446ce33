/**
 * An order as the printed receipt and invoice show it: every figure formatted, names in the page's
 * language, the QR codes (the order number's, and the FPS one of what an order awaiting payment owes) drawn here as
 * SVG (uqr, pure JS), so the page ships no QR code library.
 */
import { hongKongTime } from "#contract/dates";
import { localizedLineName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import type { OrderDetail, OrderExchange } from "#modules/order/contract";
import type { Locale } from "~/i18n";
import { fpsQrSvg } from "./fps-qr.server";
import { qrSvg } from "./qr.server";

/** The order's totals as the detail page and the prints list them: the subtotal, then each charge or discount it has. */
export function orderTotals(order: OrderDetail) {
  return (
    [
      ["subtotal", order.subtotal_cents],
      ["coupon", -order.coupon_discount_cents],
      ["cash-dollar", -order.cash_dollar_discount_cents],
      ["delivery", order.delivery_charge_cents],
      ["card-fee", order.card_fee_cents],
    ] as const
  )
    .filter(([key, cents]) => key === "subtotal" || cents !== 0)
    .map(([key, cents]) => ({ key, amount: formatHkd(cents) }));
}

/**
 * The texts a printed order needs from the page's translations: the QR codes' labels (the FPS one's when the order
 * has an FPS QR code), the delivery district's name.
 */
interface PrintLabels {
  qr: string;
  fpsQr: string | null;
  district: string | null;
}

export function printableOrder(order: OrderDetail, locale: Locale, labels: PrintLabels) {
  return {
    id: order.id,
    number: order.order_number,
    createdAt: hongKongTime(order.create_date),
    status: order.status,
    paymentStatus: order.payment_status,
    store: order.store,
    customer: {
      name: order.customer_name,
      phone: order.customer_phone,
      email: order.customer_email,
      memberCode: order.member?.member_code ?? null,
    },
    delivery: {
      method: order.delivery_method,
      receiver: order.receiver_name,
      phone: order.receiver_phone,
      address: order.delivery_address,
      district: labels.district,
      number: order.delivery_number,
    },
    lines: order.lines.map((line) => ({
      id: line.id,
      name: localizedLineName(line, locale),
      addOn: line.kind !== "product",
      quantity: line.quantity,
      unitPrice: formatHkd(line.unit_price_cents),
      total: formatHkd(line.line_total_cents),
    })),
    totals: orderTotals(order),
    total: formatHkd(order.total_cents),
    refunded: order.refunded_cents > 0 ? formatHkd(order.refunded_cents) : null,
    payments: order.payments
      .filter((payment) => payment.status !== "failed")
      .map((payment) => ({
        id: payment.id,
        method: payment.method,
        amount: formatHkd(payment.amount_cents),
        cash:
          payment.tendered_cents === null
            ? null
            : {
                tendered: formatHkd(payment.tendered_cents),
                change: formatHkd(payment.tendered_cents - payment.amount_cents),
              },
      })),
    paymentMethod: order.payment_method,
    exchange: order.exchange && printableExchange(order.exchange, order.total_cents, locale),
    qr: qrSvg(`#${order.order_number}`, labels.qr),
    fps:
      order.fps_qr && labels.fpsQr
        ? { amount: formatHkd(order.fps_qr.amount_cents), svg: fpsQrSvg(order.fps_qr.payload, labels.fpsQr) }
        : null,
  };
}

/**
 * The return an exchange's sale was paid by, for its receipt: the goods that came back (at what the first sale sold
 * them for, as negative amounts), what they were worth, then what the customer paid beyond them or got back and how.
 */
function printableExchange(exchange: OrderExchange, totalCents: number, locale: Locale) {
  return {
    number: exchange.order_number,
    lines: exchange.lines.map((line) => ({
      id: line.line_id,
      name: localizedLineName(line, locale),
      addOn: line.kind !== "product",
      quantity: line.quantity,
      unitPrice: formatHkd(line.unit_price_cents),
      total: formatHkd(-line.unit_price_cents * line.quantity),
    })),
    returned: formatHkd(-exchange.returned_cents),
    paid: formatHkd(exchange.paid_cents),
    difference: totalCents > exchange.paid_cents ? formatHkd(totalCents - exchange.paid_cents) : null,
    givenBack:
      exchange.refunded_cents > 0 ? { amount: formatHkd(exchange.refunded_cents), to: exchange.refund_to } : null,
  };
}

export type PrintableOrder = ReturnType<typeof printableOrder>;
