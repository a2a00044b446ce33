import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { localizedLineName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import type { QuotationForCustomer } from "#modules/quotation/contract";

/** What the sheet shows: the store's quotation and the customer's view of it have it alike. */
type Shown = Omit<QuotationForCustomer, "expired">;
import { FpsPayment, PrintBar, StoreContact } from "./order-print";

/** A quotation as its A4 sheet shows it, in the reader's language. */
export function printableQuotation(quotation: Shown, locale: string) {
  return {
    number: quotation.number,
    date: hongKongDate(new Date(quotation.create_date)),
    validUntil: quotation.valid_until,
    revision: quotation.revision,
    store: quotation.store,
    customer: {
      company: quotation.company_name,
      contact: quotation.contact_name,
      email: quotation.email,
      phone: quotation.phone,
      address: quotation.address,
    },
    lines: quotation.lines.map((line) => ({
      id: line.id,
      code: line.product_code,
      name: localizedLineName(line, locale),
      quantity: line.quantity,
      unitPrice: formatHkd(line.unit_price_cents),
      total: formatHkd(line.line_total_cents),
    })),
    subtotal: formatHkd(quotation.subtotal_cents),
    discount: quotation.discount_cents > 0 ? formatHkd(quotation.discount_cents) : null,
    delivery: quotation.delivery_cents > 0 ? formatHkd(quotation.delivery_cents) : null,
    total: formatHkd(quotation.total_cents),
    terms: quotation.terms,
  };
}

export type PrintableQuotation = ReturnType<typeof printableQuotation>;
type PrintableFps = Parameters<typeof FpsPayment>[0]["fps"];

/**
 * The quotation sheet: plain HTML for the A4 print stylesheets (`print.css` with `invoice.css`), printed
 * by the store and shown to the customer on their link's page.
 */
export function QuotationSheet({
  quotation,
  printable = false,
  fps = null,
}: {
  quotation: PrintableQuotation;
  printable?: boolean;
  /** The FPS QR code of the total, on the printed quotation of a store with an FPS identifier. */
  fps?: PrintableFps;
}) {
  const { t } = useTranslation("quotation");
  const { customer } = quotation;
  const total = (label: string, amount: string | null, className?: string) =>
    amount && (
      <div className={className} key={label}>
        <dt>{label}</dt>
        <dd>{amount}</dd>
      </div>
    );
  return (
    <main className="print-page print-invoice">
      {printable && <PrintBar />}
      <header className="print-head">
        <StoreContact store={quotation.store} />
        <div className="print-title">
          <h1>{t("title.print", { number: quotation.number })}</h1>
          <p>{`${t("sheet.date")} ${quotation.date}`}</p>
          <p>{`${t("sheet.valid-until")} ${quotation.validUntil}`}</p>
          {quotation.revision > 1 && <p>{t("revision", { revision: quotation.revision })}</p>}
        </div>
      </header>
      <section className="print-parties">
        <div>
          <h2>{t("sheet.to")}</h2>
          {customer.company && <p>{customer.company}</p>}
          <p>{customer.contact}</p>
          {customer.address && <p>{customer.address}</p>}
          {customer.phone && <p>{`${t("field.phone")} ${customer.phone}`}</p>}
          {customer.email && <p>{`${t("field.email")} ${customer.email}`}</p>}
        </div>
      </section>
      <div className="print-lines-box">
        <table className="print-lines">
          <thead>
            <tr>
              <th scope="col">{t("sheet.description")}</th>
              <th scope="col">{t("field.quantity")}</th>
              <th scope="col">{t("field.unit-price")}</th>
              <th scope="col">{t("field.line-total")}</th>
            </tr>
          </thead>
          <tbody>
            {quotation.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.code ? `${line.name} (${line.code})` : line.name}</td>
                <td>{line.quantity}</td>
                <td>{line.unitPrice}</td>
                <td>{line.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="print-totals">
        {total(t("field.subtotal"), quotation.subtotal)}
        {total(t("field.discount"), quotation.discount && `−${quotation.discount}`)}
        {total(t("field.delivery"), quotation.delivery)}
        {total(t("field.total"), quotation.total, "print-grand-total")}
      </dl>
      <FpsPayment fps={fps} hint={t("sheet.fps-hint")} />
      {quotation.terms && (
        <section>
          <h2>{t("field.terms")}</h2>
          <p className="quotation-terms">{quotation.terms}</p>
        </section>
      )}
    </main>
  );
}
