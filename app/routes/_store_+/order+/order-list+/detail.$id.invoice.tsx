import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Invoice } from "~/components/order-print";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import invoiceStyles from "~/styles/invoice.css";
import printStyles from "~/styles/print.css";
import { orderForPrint } from "./__order-print-loader.server";

// In `_store_+`, outside the store layout: a print page has no drawer or top bar.
export const handle: RouteHandle = { i18n: ["order", "stores"] };
export const meta = titleMeta;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles },
  { rel: "stylesheet", href: invoiceStyles },
];

/** The A4 invoice. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const order = await orderForPrint(client, store.applicationKey, params.id, context);
  return { title: context.t("order:print.invoice-title", { number: order.number }), order };
}

export default function OrderInvoice() {
  const { order } = useLoaderData<typeof loader>();
  return <Invoice order={order} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
