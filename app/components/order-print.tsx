import { useTranslation } from "react-i18next";
import type { PrintableOrder } from "~/server/order-print.server";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The printed receipt (80 mm roll) and invoice (A4) of an order, plain HTML for the print stylesheets
 * (`~/styles/print.css` with `receipt.css` or `invoice.css`). The POS prints the same receipt after a sale.
 */

/** How to print: the browser's own command (JS off), and with JS a button, added after hydration so both renders agree. */
export function PrintBar() {
  const { t } = useTranslation("order");
  const hydrated = useHydrated();
  return (
    <div className="print-bar">
      <p>{t("print.hint")}</p>
      {hydrated && (
        <button type="button" onClick={() => window.print()}>
          {t("print.print")}
        </button>
      )}
    </div>
  );
}

export function StoreContact({ store }: { store: PrintableOrder["store"] }) {
  const { t } = useTranslation("order");
  return (
    <div className="print-store">
      {store.logo_img_url && <img className="print-logo" src={store.logo_img_url} alt="" />}
      <p className="print-store-name">{store.name}</p>
      {store.address && <p>{store.address}</p>}
      {store.phone && <p>{`${t("print.phone")} ${store.phone}`}</p>}
      {store.email && <p>{`${t("print.email")} ${store.email}`}</p>}
    </div>
  );
}

function Totals({ order }: { order: PrintableOrder }) {
  const { t } = useTranslation("order");
  const row = (label: string, amount: string, className?: string) => (
    <div className={className} key={label}>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  );
  return (
    <dl className="print-totals">
      {order.totals.map((total) => row(t(`total.${total.key}`), total.amount))}
      {row(t("total.total"), order.total, "print-grand-total")}
      {order.refunded && row(t("total.refunded"), order.refunded)}
    </dl>
  );
}

function Payments({ order }: { order: PrintableOrder }) {
  const { t } = useTranslation(["order", "stores"]);
  return (
    <div className="print-payments">
      <p>{`${t("section.payment")}: ${t(`payment-status.${order.paymentStatus}`)}`}</p>
      {order.payments.length > 0
        ? order.payments.map((payment) => (
            <div key={payment.id}>
              <p>{`${t(`stores:payment.${payment.method}`)} ${payment.amount}`}</p>
              {payment.cash && (
                <>
                  <p>{`${t("print.tendered")} ${payment.cash.tendered}`}</p>
                  <p>{`${t("print.change")} ${payment.cash.change}`}</p>
                </>
              )}
            </div>
          ))
        : order.paymentMethod && <p>{t(`stores:payment.${order.paymentMethod}`)}</p>}
    </div>
  );
}

type PrintableExchange = NonNullable<PrintableOrder["exchange"]>;

/**
 * The goods an exchange's sale took back (from the sale named), at what that sale sold them for, and what they were
 * worth; `wide` lists them in the invoice's four columns.
 */
function ReturnedGoods({ exchange, wide }: { exchange: PrintableExchange; wide: boolean }) {
  const { t } = useTranslation("order");
  return (
    <section className="print-returned">
      <h2>{t("print.returned-title", { number: exchange.number })}</h2>
      <table className="print-lines">
        <thead>
          <tr>
            <th scope="col">{t("column.item")}</th>
            {wide && <th scope="col">{t("column.unit-price")}</th>}
            {wide && <th scope="col">{t("column.quantity")}</th>}
            <th scope="col">{t("column.line-total")}</th>
          </tr>
        </thead>
        <tbody>
          {exchange.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.addOn ? `+ ${line.name}` : line.name}
                {!wide && (
                  <>
                    <br />
                    <span className="print-detail">{`${line.quantity} × ${line.unitPrice}`}</span>
                  </>
                )}
              </td>
              {wide && <td>{line.unitPrice}</td>}
              {wide && <td>{line.quantity}</td>}
              <td>{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="print-totals">
        <div>
          <dt>{t("print.returned-value")}</dt>
          <dd>{exchange.returned}</dd>
        </div>
      </dl>
      <h2>{t("print.new-items")}</h2>
    </section>
  );
}

/** How an exchange's sale was settled: what the returned goods paid, then the difference paid or given back and how. */
function ExchangeDifference({ exchange }: { exchange: PrintableExchange }) {
  const { t } = useTranslation("order");
  return (
    <div className="print-exchange">
      <p>{t("print.exchange-paid", { amount: exchange.paid })}</p>
      {exchange.difference && <p>{t("print.difference-paid", { amount: exchange.difference })}</p>}
      {exchange.givenBack && (
        <p>
          {t("print.difference-given-back", {
            amount: exchange.givenBack.amount,
            to: t(`refund.to.${exchange.givenBack.to}`),
          })}
        </p>
      )}
    </div>
  );
}

/** Where the order goes, when it is delivered or picked up: the method, the receiver and the address. */
function Delivery({ delivery }: { delivery: PrintableOrder["delivery"] }) {
  const { t } = useTranslation(["order", "stores"]);
  if (!delivery.method) return null;
  return (
    <div className="print-delivery">
      <h2>{t("section.delivery")}</h2>
      <p>{t(`stores:delivery.${delivery.method}`)}</p>
      {delivery.receiver && <p>{[delivery.receiver, delivery.phone].filter(Boolean).join(" ")}</p>}
      {delivery.address && <p>{delivery.address}</p>}
      {delivery.district && <p>{delivery.district}</p>}
      {delivery.number && <p>{`${t("field.delivery-number")} ${delivery.number}`}</p>}
    </div>
  );
}

const Qr = ({ svg }: { svg: string }) => <div className="print-qr-box" dangerouslySetInnerHTML={{ __html: svg }} />;

/**
 * The FPS QR code of what an order awaiting payment still owes (or a quotation's total), for the customer to scan
 * off the printed sheet; `hint` says which reference goes with the payment (the order number by default).
 */
export function FpsPayment({ fps, hint }: { fps: PrintableOrder["fps"]; hint?: string }) {
  const { t } = useTranslation("order");
  if (!fps) return null;
  return (
    <section className="print-fps">
      <h2>{t("print.fps-title", { amount: fps.amount })}</h2>
      <div className="print-fps-qr" dangerouslySetInnerHTML={{ __html: fps.svg }} />
      <p>{hint ?? t("print.fps-hint")}</p>
    </section>
  );
}

export function Receipt({ order, copy }: { order: PrintableOrder; copy: boolean }) {
  const { t } = useTranslation("order");
  return (
    <main className="print-page print-receipt">
      <PrintBar />
      <StoreContact store={order.store} />
      {copy && <p className="print-copy">{t("print.copy")}</p>}
      <h1>{t("print.receipt-title", { number: order.number })}</h1>
      <p>{order.createdAt}</p>
      {order.customer.memberCode && <p>{`${t("print.member")} ${order.customer.memberCode} ${order.customer.name}`}</p>}
      {order.exchange && <ReturnedGoods exchange={order.exchange} wide={false} />}
      <table className="print-lines">
        <thead>
          <tr>
            <th scope="col">{t("column.item")}</th>
            <th scope="col">{t("column.line-total")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.addOn ? `+ ${line.name}` : line.name}
                <br />
                <span className="print-detail">{`${line.quantity} × ${line.unitPrice}`}</span>
              </td>
              <td>{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals order={order} />
      {order.exchange && <ExchangeDifference exchange={order.exchange} />}
      <Payments order={order} />
      <Delivery delivery={order.delivery} />
      <Qr svg={order.qr} />
      <p className="print-thanks">{t("print.thanks")}</p>
    </main>
  );
}

export function Invoice({ order }: { order: PrintableOrder }) {
  const { t } = useTranslation(["order", "stores"]);
  const { customer } = order;
  return (
    <main className="print-page print-invoice">
      <PrintBar />
      <header className="print-head">
        <StoreContact store={order.store} />
        <div className="print-title">
          <h1>{t("print.invoice-title", { number: order.number })}</h1>
          <p>{`${t("print.date")} ${order.createdAt}`}</p>
          <Qr svg={order.qr} />
        </div>
      </header>
      <section className="print-parties">
        <div>
          <h2>{t("print.bill-to")}</h2>
          <p>{customer.name}</p>
          {customer.phone && <p>{customer.phone}</p>}
          {customer.email && <p>{customer.email}</p>}
          {customer.memberCode && <p>{`${t("print.member")} ${customer.memberCode}`}</p>}
        </div>
        <Delivery delivery={order.delivery} />
      </section>
      {order.exchange && <ReturnedGoods exchange={order.exchange} wide />}
      <table className="print-lines">
        <thead>
          <tr>
            <th scope="col">{t("column.item")}</th>
            <th scope="col">{t("column.unit-price")}</th>
            <th scope="col">{t("column.quantity")}</th>
            <th scope="col">{t("column.line-total")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.addOn ? `+ ${line.name}` : line.name}</td>
              <td>{line.unitPrice}</td>
              <td>{line.quantity}</td>
              <td>{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals order={order} />
      {order.exchange && <ExchangeDifference exchange={order.exchange} />}
      <Payments order={order} />
      <FpsPayment fps={order.fps} />
    </main>
  );
}
