import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Badge } from "@shopify/polaris/build/esm/components/Badge/Badge.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedLineName, localizedName } from "#contract/localized";
import { centsToDollars, formatCashDollarAmount, formatHkd } from "#contract/money";
import { REFUND_DESTINATIONS } from "#modules/order/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { usePosOfflineWorker } from "~/components/pos-offline-worker";
import { requireStore } from "~/server/auth.server";
import { rememberedPosLocation } from "~/server/cookies.server";
import { asRouteError } from "~/server/errors.server";
import { fpsQrSvg } from "~/server/fps-qr.server";
import { can, canRefundOrders, canReviewOfflineSales, canSellOffline, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import posStyles from "~/styles/pos.css";
import { choosingUrl, keptSearch, posAction, POS_URL, typedPayments } from "./__pos-actions.server";
import { PosCart } from "./__pos-cart";
import { PosExchange } from "./__pos-exchange";
import { PosCheckout, PosHeldCarts } from "./__pos-checkout";
import { PosCounterLocation } from "./__pos-counter";
import { PosProducts, PosScan } from "./__pos-products";
import { PosOfflineCounter, PosOfflineStatus } from "./__pos-offline";
import { useOfflineCounter } from "./__pos-offline-sync";
import { SHIFT_URL } from "./pos_.shift+/__shift-parts";

// Literals: POS_URL comes from a `.server` module, which is not in the browser's bundle, where the page hydrates.
const BARCODES_URL = "/product/pos/barcodes";
const RETURN_URL = "/product/pos/return";
const OFFLINE_REVIEW_URL = "/product/pos/offline-review";

export const handle: RouteHandle = { i18n: ["pos", "order", "stores", "member"], withoutSetupPanel: true };
export const meta = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: posStyles }];

const positiveId = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** HK$ cents from the URL (the sale's cash and change), or nothing. */
const centsIn = (value: string | null) => {
  const cents = Number(value ?? "");
  return value && Number.isSafeInteger(cents) && cents >= 0 ? cents : null;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:read");
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const category = positiveId(url.searchParams.get("category"));
  const payments = typedPayments(url);
  const choose = url.searchParams.get("choose")?.trim() || undefined;
  const { data } = await client
    .get_pos_data_by_application_key({
      application_key: store.applicationKey,
      keyword: q,
      category_id: category,
      choose,
      sold_order_id: positiveId(url.searchParams.get("sold")),
      payments,
      location_id: await rememberedPosLocation(request),
    })
    .catch(asRouteError);
  const name = (record: { name_zh_hk: string; name_en: string }) => localizedName(record, context.locale, "name");
  const priceRange = (from: number, to: number) =>
    to > from ? context.t("pos:products.price-range", { from: formatHkd(from), to: formatHkd(to) }) : formatHkd(from);
  const { amount, cart, tender } = data;
  const productLines = amount?.lines.filter((line) => line.kind === "product") ?? [];
  const sold = positiveId(url.searchParams.get("sold"));
  const tendered = centsIn(url.searchParams.get("tendered"));
  const change = centsIn(url.searchParams.get("change"));
  const givenBack = centsIn(url.searchParams.get("given_back"));
  const givenTo = REFUND_DESTINATIONS.find((to) => to === url.searchParams.get("given_to"));
  return {
    title: context.t("pos:title"),
    actionUrl: `${POS_URL}${keptSearch(url)}`,
    query: { q, category: category ?? null },
    sold: sold
      ? {
          id: sold,
          number: url.searchParams.get("number") ?? "",
          cash:
            tendered !== null && change !== null ? { tendered: formatHkd(tendered), change: formatHkd(change) } : null,
          giftCards: data.sold_gift_cards.map((card) => ({
            id: card.id,
            code: card.masked_code,
            amount: formatHkd(card.initial_cents),
          })),
          exchange: data.sold_exchange && {
            number: data.sold_exchange.order_number,
            lines: data.sold_exchange.lines.map((line) => ({
              id: line.line_id,
              name: localizedLineName(line, context.locale),
              quantity: line.quantity,
              amount: formatHkd(-line.unit_price_cents * line.quantity),
            })),
          },
          givenBack:
            givenBack !== null && givenTo
              ? context.t("order:pos-return.given-back", {
                  amount: formatHkd(givenBack),
                  to: context.t(`order:refund.to.${givenTo}`),
                })
              : null,
        }
      : null,
    canPrintGiftCards: can(user, "gift_card:write"),
    canSeeGiftCards: can(user, "gift_card:read"),
    openShift: data.open_shift && {
      id: data.open_shift.id,
      time: hongKongTime(data.open_shift.opened_at),
      by: data.open_shift.opened_by,
    },
    counter: {
      id: data.location_id,
      name: data.counter_locations.filter((location) => location.id === data.location_id).map(name)[0] ?? null,
      choices: data.counter_locations.map((location) => ({ value: String(location.id), label: name(location) })),
    },
    canPrint: can(user, "order:read"),
    canWrite: can(user, "pos:write"),
    canSellOffline: canSellOffline(user),
    /** Names the store's records in the browser's offline storage, which a device signed in elsewhere keeps apart. */
    storeKey: store.applicationKey,
    storeName: store.storeName,
    canReviewOffline: canReviewOfflineSales(user),
    // A return gives money back: the refund's permission (order write, and not a sales-role staff account).
    canReturn: canRefundOrders(user),
    version: data.version,
    idempotencyKey: data.idempotency_key,
    cart,
    lines: data.lines.map((line, index) => ({
      position: line.position,
      name: localizedLineName(line, context.locale),
      code: line.product_code,
      quantity: line.quantity,
      addOnIds: line.add_on_product_ids,
      offered: line.offered_add_ons.map((addOn) => ({
        id: addOn.id,
        name: name(addOn),
        price: formatHkd(addOn.price_cents),
      })),
      unitPrice: productLines[index] ? formatHkd(productLines[index].unit_price_cents) : null,
      total: productLines[index] ? formatHkd(productLines[index].line_total_cents) : null,
    })),
    amount: amount && {
      subtotal: formatHkd(amount.subtotal_cents),
      coupon: amount.coupon_discount_cents > 0 ? formatHkd(-amount.coupon_discount_cents) : null,
      cashDollar: amount.cash_dollar_discount_cents > 0 ? formatHkd(-amount.cash_dollar_discount_cents) : null,
      delivery: cart.delivery ? formatHkd(amount.free_delivery ? 0 : amount.delivery_charge_cents) : null,
      cardFee: amount.card_fee_cents > 0 ? formatHkd(amount.card_fee_cents) : null,
      total: formatHkd(amount.total_cents),
      totalCents: amount.total_cents,
      freeDelivery: amount.free_delivery_amount_cents !== null && {
        over: formatHkd(amount.free_delivery_amount_cents),
        left: amount.free_delivery_left_cents > 0 ? formatHkd(amount.free_delivery_left_cents) : null,
      },
    },
    refusal: data.refusal,
    /** The amounts typed for each method (HK$), kept in their fields. */
    typedAmounts: Object.fromEntries(payments.map((payment) => [payment.method, centsToDollars(payment.amount_cents)])),
    tender: tender && {
      card:
        tender.card_cents > 0
          ? { amount: formatHkd(tender.card_cents), dollars: centsToDollars(tender.card_cents) }
          : null,
      paid: formatHkd(tender.paid_cents),
      remaining: formatHkd(tender.remaining_cents),
      change: formatHkd(tender.change_cents),
    },
    fps: data.fps_qr && {
      amount: formatHkd(data.fps_qr.amount_cents),
      reference: data.fps_qr.reference,
      svg: fpsQrSvg(
        data.fps_qr.payload,
        context.t("pos:checkout.fps-qr-label", { amount: formatHkd(data.fps_qr.amount_cents) }),
      ),
    },
    member: data.member && {
      code: data.member.member_code,
      name: data.member.name,
      level: data.member.level,
      cashDollar: formatCashDollarAmount(data.member.cash_dollar_cents),
    },
    products: data.products.map((product) => ({
      code: product.product_code,
      name: name(product),
      price: priceRange(product.price_cents, product.price_max_cents),
      stock: product.stock,
      chooseUrl: product.variant_count > 1 ? choosingUrl(url, product.product_code) : null,
      imageUrl: product.image_url,
      giftCardRange: product.gift_card_range && {
        min: centsToDollars(product.gift_card_range.min_cents),
        max: centsToDollars(product.gift_card_range.max_cents),
        text: `${formatHkd(product.gift_card_range.min_cents)} – ${formatHkd(product.gift_card_range.max_cents)}`,
      },
    })),
    choosing: data.choosing && {
      code: data.choosing.product_code,
      name: name(data.choosing),
      closeUrl: `${POS_URL}${keptSearch(url)}`,
      variants: data.choosing.variants.map((variant) => ({
        id: variant.id,
        name: name(variant),
        price: formatHkd(variant.price_cents),
        stock: variant.stock,
        available: variant.sellable && (variant.stock === null || variant.stock > 0),
      })),
    },
    categories: data.categories.map((row) => ({ id: row.id, name: name(row) })),
    orderAddOns: data.order_add_ons.map((addOn) => ({
      id: addOn.id,
      name: name(addOn),
      price: formatHkd(addOn.price_cents),
      quantity: cart.order_add_ons.find((line) => line.add_on_product_id === addOn.id)?.quantity ?? 0,
    })),
    paymentMethods: data.payment_methods,
    giftCards: can(user, "gift_card:read"),
    giftCard: data.gift_card && {
      code: data.gift_card.masked_code,
      balance: formatHkd(data.gift_card.balance_cents),
      amount: formatHkd(data.gift_card.amount_cents),
    },
    storeCredit:
      data.store_credit && data.store_credit.balance_cents > 0
        ? {
            balance: formatHkd(data.store_credit.balance_cents),
            amount: data.store_credit.amount_cents === null ? "" : centsToDollars(data.store_credit.amount_cents),
          }
        : null,
    deliveryMethods: data.delivery_methods,
    pickupAddresses: data.pickup_addresses,
    heldCarts: data.held_carts.map((held) => ({
      id: held.id,
      note: held.note,
      heldBy: held.held_by,
      lines: held.lines,
    })),
  };
}

export type PosLoader = typeof loader;

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:write");
  return posAction(request, client, store.applicationKey, await rememberedPosLocation(request));
}

export type PosAction = typeof action;

/** Whether a cash shift is open at the counter: its cash sales count in a drawer only then. */
function ShiftStatus({ shift }: { shift: { id: number; time: string; by: string } | null }) {
  const { t } = useTranslation("pos");
  return (
    <div className="page-inline">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Badge tone={shift ? "success" : "attention"}>{shift ? t("shift.badge-open") : t("shift.badge-none")}</Badge>
        <Text as="p">{shift ? t("shift.open", shift) : t("shift.none")}</Text>
      </InlineStack>
    </div>
  );
}

export default function Pos() {
  const { t } = useTranslation(["pos", "order"]);
  const {
    title,
    sold,
    canPrint,
    canWrite,
    canReturn,
    canReviewOffline,
    openShift,
    counter,
    canPrintGiftCards,
    canSeeGiftCards,
    canSellOffline,
    storeKey,
    storeName,
    lines,
  } = useLoaderData<typeof loader>();
  const offlineCounter = useOfflineCounter(storeKey, canSellOffline);
  const onlineCartUnits = lines.reduce((sum, line) => sum + line.quantity, 0);
  usePosOfflineWorker(canSellOffline);
  const links = (
    <BlockStack gap="200">
      <PageLinks
        links={[
          { content: t("link.shift"), url: SHIFT_URL },
          { content: t("link.barcodes"), url: BARCODES_URL },
          ...(canReturn ? [{ content: t("order:pos-return.link"), url: RETURN_URL }] : []),
          ...(canReviewOffline ? [{ content: t("link.offline-review"), url: OFFLINE_REVIEW_URL }] : []),
        ]}
      />
      <PosCounterLocation key={counter.id} {...counter} />
      <ShiftStatus shift={openShift} />
      {canSellOffline && <PosOfflineStatus state={offlineCounter} />}
      {canSellOffline && <p className="page-inline pos-needs-js">{t("offline.needs-js")}</p>}
    </BlockStack>
  );
  if (!canWrite) {
    return (
      <Page title={title} fullWidth>
        <BlockStack gap="400">
          {links}
          <Banner tone="info">{t("read-only")}</Banner>
          <PosProducts />
        </BlockStack>
      </Page>
    );
  }
  return (
    <Page title={title} fullWidth>
      <BlockStack gap="400">
        {links}
        {sold && (
          <Banner tone="success" title={t("sold", { number: sold.number })}>
            <BlockStack gap="200">
              {sold.exchange && (
                <BlockStack gap="100">
                  <Text as="h3" variant="headingSm">
                    {t("order:print.returned-title", { number: sold.exchange.number })}
                  </Text>
                  <ul>
                    {sold.exchange.lines.map((line) => (
                      <li key={line.id}>
                        <InlineStack gap="200" blockAlign="center">
                          <Text as="span">{t("order:pos-return.returned-line", line)}</Text>
                          <Text as="span" numeric>
                            {line.amount}
                          </Text>
                        </InlineStack>
                      </li>
                    ))}
                  </ul>
                </BlockStack>
              )}
              {sold.cash && <p>{t("sold-change", sold.cash)}</p>}
              {sold.givenBack && <p>{sold.givenBack}</p>}
              {sold.giftCards.length > 0 && (
                <BlockStack gap="100">
                  <Text as="h3" variant="headingSm">
                    {t("sold-gift-cards")}
                  </Text>
                  <ul className="pos-sold-gift-cards">
                    {sold.giftCards.map((card) => (
                      <li key={card.id}>
                        <InlineStack gap="200" blockAlign="center">
                          {canSeeGiftCards ? (
                            <Link url={`/gift-card-list/${card.id}`}>{card.code}</Link>
                          ) : (
                            <Text as="span">{card.code}</Text>
                          )}
                          <Text as="span" numeric>
                            {card.amount}
                          </Text>
                          {canPrintGiftCards && (
                            <Link url={`/gift-card-list/${card.id}/print`} target="_blank">
                              {t("sold-gift-card-print", { code: card.code })}
                            </Link>
                          )}
                        </InlineStack>
                      </li>
                    ))}
                  </ul>
                </BlockStack>
              )}
              {canPrint && (
                <PageLinks
                  links={[
                    {
                      content: t("order:print.receipt"),
                      url: `/order/order-list/detail/${sold.id}/receipt`,
                      external: true,
                    },
                    {
                      content: t("order:print.invoice"),
                      url: `/order/order-list/detail/${sold.id}/invoice`,
                      external: true,
                    },
                  ]}
                />
              )}
            </BlockStack>
          </Banner>
        )}
        {offlineCounter.offline ? (
          <PosOfflineCounter
            store={storeKey}
            storeName={storeName}
            catalogue={offlineCounter.catalogue}
            onlineCartUnits={onlineCartUnits}
            onSold={offlineCounter.reload}
          />
        ) : (
          <>
            <PosScan />
            <div className="pos-layout">
              <div className="pos-layout__products">
                <PosProducts />
              </div>
              <div className="pos-layout__cart">
                <BlockStack gap="400">
                  <PosExchange />
                  <PosCart />
                  <PosCheckout />
                  <PosHeldCarts />
                </BlockStack>
              </div>
            </div>
          </>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
