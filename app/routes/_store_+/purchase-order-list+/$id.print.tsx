import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { localizedName, withVariant } from "#contract/localized";
import { formatHkd } from "#contract/money";
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
export const handle: RouteHandle = { i18n: ["purchase-order", "order", "stores"] };
export const meta = titleMeta;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles },
  { rel: "stylesheet", href: invoiceStyles },
];

/** The A4 purchase order to send to the supplier. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "purchase_order:read");
  const { data: order } = await client
    .get_purchase_order_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  return {
    title: context.t("purchase-order:title.print", { number: order.number }),
    order: {
      number: order.number,
      date: hongKongDate(new Date(order.create_date)),
      expectedDate: order.expected_date,
      note: order.note,
      supplierName: order.supplier_name,
      supplier: order.supplier,
      store: order.store,
      total: formatHkd(order.total_cents),
      lines: order.lines.map((line) => ({
        id: line.id,
        code: line.supplier_code ?? line.product_code,
        // The product's name with the variant's option values, as ordered.
        name: withVariant(
          localizedName(line, context.locale, "name"),
          localizedName(line, context.locale, "variant_name"),
        ),
        quantity: line.quantity,
        unitCost: formatHkd(line.unit_cost_cents),
        total: formatHkd(line.line_total_cents),
      })),
    },
  };
}

export default function PurchaseOrderPrint() {
  const { t } = useTranslation("purchase-order");
  const { order } = useLoaderData<typeof loader>();
  const { supplier } = order;
  return (
    <main className="print-page print-invoice">
      <PrintBar />
      <header className="print-head">
        <StoreContact store={order.store} />
        <div className="print-title">
          <h1>{t("title.print", { number: order.number })}</h1>
          <p>{`${t("print-page.date")} ${order.date}`}</p>
          {order.expectedDate && <p>{`${t("print-page.expected")} ${order.expectedDate}`}</p>}
        </div>
      </header>
      <section className="print-parties">
        <div>
          <h2>{t("print-page.to")}</h2>
          <p>{order.supplierName}</p>
          {supplier?.contact_person && <p>{supplier.contact_person}</p>}
          {supplier?.address && <p>{supplier.address}</p>}
          {supplier?.phone && <p>{`${t("print-page.phone")} ${supplier.phone}`}</p>}
          {supplier?.email && <p>{`${t("print-page.email")} ${supplier.email}`}</p>}
        </div>
      </section>
      <table className="print-lines">
        <thead>
          <tr>
            <th scope="col">{t("print-page.code")}</th>
            <th scope="col">{t("print-page.description")}</th>
            <th scope="col">{t("field.quantity")}</th>
            <th scope="col">{t("field.unit-cost")}</th>
            <th scope="col">{t("field.line-total")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.code}</td>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              <td>{line.unitCost}</td>
              <td>{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="print-totals">
        <div className="print-grand-total">
          <dt>{t("field.total")}</dt>
          <dd>{order.total}</dd>
        </div>
      </dl>
      {order.note && <p>{order.note}</p>}
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
