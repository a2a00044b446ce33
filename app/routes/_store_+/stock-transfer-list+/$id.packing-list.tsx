import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { localizedName, withVariant } from "#contract/localized";
import type { StockTransferLocation } from "#modules/stock-transfer/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PrintBar, StoreContact } from "~/components/order-print";
import { requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import invoiceStyles from "~/styles/invoice.css";
import printStyles from "~/styles/print.css";

// In `_store_+`, outside the store layout: a print page has no drawer or top bar.
export const handle: RouteHandle = { i18n: ["stock-transfer", "order", "stores"] };
export const meta = titleMeta;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles },
  { rel: "stylesheet", href: invoiceStyles },
];

/** A location as the packing list prints it, in the page's language (the Chinese where it has no English). */
const printedLocation = (location: StockTransferLocation | null, locale: string) =>
  location && {
    name: localizedName(location, locale, "name"),
    address: localizedName(location, locale, "address"),
    phone: location.phone,
  };

/** The A4 packing list that travels with the goods: what leaves, from where to where, signed at both ends. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "stock_transfer:read");
  const { data: transfer } = await client
    .get_stock_transfer_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  return {
    title: context.t("stock-transfer:title.packing-list", { number: transfer.number }),
    transfer: {
      number: transfer.number,
      date: hongKongDate(new Date(transfer.sent_date ?? transfer.create_date)),
      note: transfer.note,
      store: transfer.store,
      from: printedLocation(transfer.from_location, context.locale),
      to: printedLocation(transfer.to_location, context.locale),
      lines: transfer.lines.map((line) => ({
        id: line.id,
        code: line.product_code,
        name: withVariant(
          localizedName(line, context.locale, "name"),
          localizedName(line, context.locale, "variant_name"),
        ),
        sku: [line.sku, line.barcode].filter(Boolean).join(" / "),
        quantity: line.quantity,
      })),
    },
  };
}

export default function StockTransferPackingList() {
  const { t } = useTranslation("stock-transfer");
  const { title, transfer } = useLoaderData<typeof loader>();
  const place = (heading: string, location: typeof transfer.from) => (
    <div>
      <h2>{heading}</h2>
      {location ? (
        <>
          <p>{location.name}</p>
          {location.address && <p>{location.address}</p>}
          {location.phone && <p>{`${t("print.phone")} ${location.phone}`}</p>}
        </>
      ) : (
        <p>{t("deleted-location")}</p>
      )}
    </div>
  );
  return (
    <main className="print-page print-invoice">
      <PrintBar />
      <header className="print-head">
        <StoreContact store={transfer.store} />
        <div className="print-title">
          <h1>{title}</h1>
          <p>{`${t("print.date")} ${transfer.date}`}</p>
        </div>
      </header>
      <section className="print-parties">
        {place(t("print.from"), transfer.from)}
        {place(t("print.to"), transfer.to)}
      </section>
      <div className="print-lines-box">
        <table className="print-lines">
          <thead>
            <tr>
              <th scope="col">{t("print.code")}</th>
              <th scope="col">{t("print.description")}</th>
              <th scope="col">{t("print.sku")}</th>
              <th scope="col">{t("print.quantity")}</th>
              <th scope="col">{t("print.checked")}</th>
            </tr>
          </thead>
          <tbody>
            {transfer.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.code}</td>
                <td>{line.name}</td>
                <td>{line.sku}</td>
                <td>{line.quantity}</td>
                <td />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {transfer.note && <p>{`${t("print.note")}: ${transfer.note}`}</p>}
      <section className="print-signatures">
        {[t("print.sent-by"), t("print.received-by")].map((label) => (
          <div key={label}>
            <div className="print-signature-line" />
            <p>{`${label} · ${t("print.signature")} / ${t("print.signature-date")}`}</p>
          </div>
        ))}
      </section>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
