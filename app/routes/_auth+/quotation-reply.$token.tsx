import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { QUOTATION_DECISIONS } from "#modules/quotation/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { printableQuotation, QuotationSheet } from "~/components/quotation-sheet";
import { ActionFailure } from "~/server/action-client.server";
import type { RouteHandle } from "~/utils/handle";
import invoiceStyles from "~/styles/invoice.css";
import printStyles from "~/styles/print.css";

/**
 * The customer's page of a quotation (the signed link e-mailed to them): no sign-in, the blank layout
 * (widened for the sheet) with its language switch, the quotation with Approve and Decline while it waits
 * for their answer. The signed token is the only key, and unlike the sign-in pages it does not send a
 * signed-in user away: the merchant opens it from the quotation's page.
 */
export const handle: RouteHandle = { i18n: ["quotation", "order", "stores"], scriptless: true };
/** The customer's page is the store's, not the back office's: its title names the store, not "- CMS". */
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles },
  { rel: "stylesheet", href: invoiceStyles },
];

const isLinkRefusal = (error: unknown) =>
  error instanceof ActionFailure && (error.status === 400 || error.status === 404);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const title = context.t("quotation:title.reply");
  try {
    const { data } = await context.actions().get_quotation_data_by_token({ token: params.token ?? "" });
    return {
      title: `${context.t("quotation:title.print", { number: data.number })} · ${data.store.name}`,
      quotation: printableQuotation(data, context.locale),
      status: data.status,
      expired: data.expired,
    };
  } catch (error) {
    if (!isLinkRefusal(error)) throw error;
    return json({ title, quotation: null, status: null, expired: false }, { status: 404 });
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const decision = (await request.formData()).get("decision");
  const chosen = QUOTATION_DECISIONS.find((value) => value === decision);
  if (!chosen) return { message: "message:invalid-payload" as const };
  try {
    await context.actions().update_quotation_decision_data_by_token({ token: params.token ?? "", decision: chosen });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return { message: `message:${error.messageKey}` as const };
  }
  return redirect(new URL(request.url).pathname);
}

export default function QuotationReply() {
  const { t } = useTranslation(["quotation", "message"]);
  const { quotation, status, expired } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="quotation-reply">
      {quotation === null ? (
        <>
          <h1>{t("title.reply")}</h1>
          <p role="alert">{t("message:quotation-link-invalid")}</p>
        </>
      ) : (
        <>
          {refusal && <p role="alert">{t(refusal.message as "message:quotation-link-invalid")}</p>}
          {status === "pending" ? (
            expired ? (
              <p role="status">{t("message:quotation-expired")}</p>
            ) : (
              <Form method="post" className="print-bar" noValidate>
                <p>{t("reply.ask")}</p>
                <button type="submit" name="decision" value="approved">
                  {t("reply.approve")}
                </button>{" "}
                <button type="submit" name="decision" value="not_approved">
                  {t("reply.decline")}
                </button>
              </Form>
            )
          ) : (
            <p role="status">{t(`reply.answered.${status ?? "pending"}`)}</p>
          )}
          <QuotationSheet quotation={quotation} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
