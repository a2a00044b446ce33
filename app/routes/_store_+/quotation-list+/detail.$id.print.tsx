import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatHkd } from "#contract/money";
import { requireStore } from "~/server/auth.server";
import { fpsQrSvg } from "~/server/fps-qr.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import invoiceStyles from "~/styles/invoice.css";
import printStyles from "~/styles/print.css";
import { printableQuotation, QuotationSheet } from "~/components/quotation-sheet";

// In `_store_+`, outside the store layout: a print page has no drawer or top bar.
export const handle: RouteHandle = { i18n: ["quotation", "order", "stores"] };
export const meta = titleMeta;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles },
  { rel: "stylesheet", href: invoiceStyles },
];

/** The A4 quotation, to print or save as PDF. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:read");
  const { data } = await client
    .get_quotation_data_by_application_key_and_id({ application_key: store.applicationKey, id: recordId(params.id) })
    .catch(asRouteError);
  return {
    title: context.t("quotation:title.print", { number: data.number }),
    quotation: printableQuotation(data, context.locale),
    fps: data.fps_qr && {
      amount: formatHkd(data.fps_qr.amount_cents),
      svg: fpsQrSvg(
        data.fps_qr.payload,
        context.t("order:print.fps-qr-label", { amount: formatHkd(data.fps_qr.amount_cents) }),
      ),
    },
  };
}

export default function QuotationPrint() {
  const { quotation, fps } = useLoaderData<typeof loader>();
  return <QuotationSheet quotation={quotation} fps={fps} printable />;
}

export const ErrorBoundary = GeneralErrorBoundary;
