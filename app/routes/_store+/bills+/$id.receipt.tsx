import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStoreAccount } from "~/server/auth.server";
import { httpError, recordId } from "~/server/errors.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { purchasesOf, receiptNumber } from "../__purchases.server";
import { useHydrated } from "~/utils/use-hydrated";
import sheetStyles from "~/styles/sheets.css";

export const handle: RouteHandle = { i18n: ["plan-order"], parent: "/bills" };
export const meta = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: sheetStyles }];

/** One purchase as an A4 receipt: a plain page, printed by the browser (print CSS hides the shell). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client, store } = await requireStoreAccount(request, context);
  const id = recordId(params.id);
  const bill = (await purchasesOf(client, store.applicationKey, context)).find((purchase) => purchase.id === id);
  if (!bill) throw httpError(404, "not-found");
  const number = receiptNumber(bill.id);
  return { title: context.t("plan-order:title.receipt", { number }), number, storeName: store.storeName, bill };
}

/** Printing needs the browser's own dialog: the button appears once scripts run; without them, the menu prints. */
function PrintButton() {
  const { t } = useTranslation("plan-order");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="receipt__button" onClick={() => window.print()}>
      {t("receipt.print")}
    </button>
  );
}

export default function Receipt() {
  const { t } = useTranslation("plan-order");
  const { number, storeName, bill } = useLoaderData<typeof loader>();
  return (
    <div className="receipt-page">
      <nav className="receipt__actions">
        <Link to="/bills">{t("receipt.back")}</Link>
        <PrintButton />
      </nav>
      <article className="receipt">
        <header className="receipt__header">
          <h1>{t("receipt.heading")}</h1>
          <dl>
            <dt>{t("receipt.number")}</dt>
            <dd>{number}</dd>
            <dt>{t("receipt.issued")}</dt>
            <dd>{bill.issued}</dd>
            <dt>{t("receipt.billed-to")}</dt>
            <dd>{storeName}</dd>
            {bill.paymentReference && (
              <>
                <dt>{t("receipt.payment-reference")}</dt>
                <dd>{bill.paymentReference}</dd>
              </>
            )}
          </dl>
        </header>
        <table className="receipt__lines">
          <thead>
            <tr>
              <th scope="col">{t("receipt.description")}</th>
              <th scope="col" className="receipt__money">
                {t("column.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                {t("receipt.plan-period", { plan: bill.plan, start: bill.startDate, end: bill.expiryDate })}
                {bill.planType === "trial" && <div>{t("receipt.trial")}</div>}
              </td>
              <td className="receipt__money">{bill.priceBefore}</td>
            </tr>
            {bill.discounted && (
              <tr>
                <td>{t("receipt.discount", { code: bill.promotionCode ?? "" })}</td>
                <td className="receipt__money">{bill.discount}</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("receipt.total")}</th>
              <td className="receipt__money receipt__total">{bill.amount}</td>
            </tr>
          </tfoot>
        </table>
        <p>{t("receipt.note")}</p>
      </article>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
