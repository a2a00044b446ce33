import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatHkd } from "#contract/money";
import { groupedGiftCardCode } from "#modules/gift-card/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PrintBar } from "~/components/order-print";
import { requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import { qrSvg } from "~/server/qr.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import giftCardStyles from "~/styles/gift-card.css";
import printStyles from "~/styles/print.css";

// In `_store_+`, outside the store layout: a print page has no drawer or top bar.
export const handle: RouteHandle = { i18n: ["gift-card", "order", "stores"] };
export const meta = titleMeta;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles },
  { rel: "stylesheet", href: giftCardStyles },
];

/** The card to hand over: the store, the balance, the expiry and the code in full with its QR code (admin only). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "gift_card:write");
  const { data: card } = await client
    .get_gift_card_print_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id: recordId(params.id),
    })
    .catch(asRouteError);
  const code = groupedGiftCardCode(card.code);
  return {
    title: context.t("gift-card:title.print"),
    card: {
      store: card.store,
      balance: formatHkd(card.balance_cents),
      expiry: card.expiry_date,
      recipient: card.recipient_name,
      code,
      qr: qrSvg(card.code, context.t("gift-card:print-page.qr", { code }), "gift-card-qr"),
    },
  };
}

export default function GiftCardPrint() {
  const { t } = useTranslation("gift-card");
  const { card } = useLoaderData<typeof loader>();
  return (
    <main className="print-page print-gift-card">
      <PrintBar />
      <div className="print-store">
        {card.store.logo_img_url && <img className="print-logo" src={card.store.logo_img_url} alt="" />}
        <p className="print-store-name">{card.store.name}</p>
      </div>
      <h1>{t("title.print")}</h1>
      {card.recipient && <p>{card.recipient}</p>}
      <p className="gift-card-value">{card.balance}</p>
      <p>{card.expiry ? t("print-page.valid-until", { date: card.expiry }) : t("print-page.no-expiry")}</p>
      {/* Drawn on the server (uqr) from the code alone. */}
      <div dangerouslySetInnerHTML={{ __html: card.qr }} />
      <p>{t("print-page.code")}</p>
      <p className="gift-card-code">{card.code}</p>
      <p className="gift-card-small">{t("print-page.keep-safe")}</p>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
