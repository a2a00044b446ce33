// The offline counter (issue 39): when the browser is offline, the POS sells from the catalogue it kept, for
// cash and the manual payment methods, queues each sale with its own key and time, and prints its receipt.
// Everything typed is kept in the browser (IndexedDB), so closing the tab loses nothing.
import { Badge } from "@shopify/polaris/build/esm/components/Badge/Badge.js";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Checkbox } from "@shopify/polaris/build/esm/components/Checkbox/Checkbox.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedLineName, localizedName } from "#contract/localized";
import { dollarsToCents, formatHkd, isWholeCents } from "#contract/money";
import { tenderOf } from "#modules/checkout/tender";
import { MAX_SCAN_LENGTH } from "#modules/pos/contract";
import {
  addOrderAddOn,
  addVariant,
  EMPTY_OFFLINE_CART,
  offlineSale,
  priceOfflineCart,
  scanCatalogue,
  searchCatalogue,
  setQuantity,
  toggleLineAddOn,
  type OfflineCart,
  type OfflineCatalogue,
  type PricedOfflineCart,
} from "#modules/pos/offline-cart";
import { translateMessage } from "~/utils/messages";
import { queueSale, readCart, saveCart, type OfflineReceipt } from "./__pos-offline-store";
import type { OfflineCounterState } from "./__pos-offline-sync";
import { Total } from "./__pos-checkout";

/** How many products a search shows at once. */
const SEARCH_LIMIT = 24;

type CatalogueProduct = OfflineCatalogue["products"][number];

/** The queue and the catalogue's age, above the POS whether online or not. */
export function PosOfflineStatus({ state }: { state: OfflineCounterState }) {
  const { t } = useTranslation("pos");
  const { ready, catalogue, queue, sent, sending, offline } = state;
  if (!ready) return null;
  const waiting = queue.filter((sale) => !sale.refused);
  const refused = queue.filter((sale) => sale.refused);
  return (
    <div className="page-inline">
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="center" wrap>
          <Badge tone={offline ? "warning" : "success"}>
            {t(offline ? "offline.badge-offline" : "offline.badge-online")}
          </Badge>
          <span data-testid="pos-offline-catalogue" data-refreshed-at={catalogue?.refreshed_at}>
            <Text as="span" tone="subdued">
              {catalogue
                ? t("offline.catalogue-refreshed", { time: hongKongTime(catalogue.refreshed_at) })
                : t("offline.catalogue-none")}
            </Text>
          </span>
          {waiting.length > 0 && (
            <Badge tone="attention">
              {t(sending ? "offline.sending" : "offline.waiting", { count: waiting.length })}
            </Badge>
          )}
        </InlineStack>
        {sent.length > 0 && (
          <Banner tone={sent.some((sale) => sale.flagged) ? "warning" : "success"}>
            <ul className="pos-plain-list">
              {sent.map((sale) => (
                <li key={sale.idempotency_key} data-testid="pos-offline-sent" data-order-number={sale.order_number}>
                  {t(sale.flagged ? "offline.sent-flagged" : "offline.sent", { number: sale.order_number })}
                </li>
              ))}
            </ul>
          </Banner>
        )}
        {refused.length > 0 && (
          <Banner tone="critical" title={t("offline.refused-title", { count: refused.length })}>
            <ul className="pos-plain-list">
              {refused.map((sale) => (
                <li key={sale.sale.idempotency_key}>
                  {t("offline.refused", {
                    time: hongKongTime(sale.sale.made_at),
                    total: formatHkd(sale.sale.total_cents),
                    reason: translateMessage(t, sale.refused!),
                  })}
                </li>
              ))}
            </ul>
          </Banner>
        )}
      </BlockStack>
    </div>
  );
}

/** A typed HK$ amount in cents, or null when it is not one (blank is 0). */
function typedCents(typed: string | undefined): number | null {
  const text = (typed ?? "").trim();
  if (!text) return 0;
  const dollars = Number(text);
  return Number.isFinite(dollars) && dollars >= 0 && isWholeCents(dollars) ? dollarsToCents(dollars) : null;
}

/** The counter while offline: scan or search, the cart, the payments and the receipt of the last sale. */
export function PosOfflineCounter({
  store,
  storeName,
  catalogue,
  onlineCartUnits,
  onSold,
}: {
  store: string;
  /** Printed on the receipt. */
  storeName: string;
  catalogue: OfflineCatalogue | null;
  /** The units in the cart rung up online, which stays on the server. */
  onlineCartUnits: number;
  onSold: () => void;
}) {
  const { t } = useTranslation(["pos", "order", "stores"]);
  const [cart, setCart] = useState<OfflineCart | null>(null);
  const [receipt, setReceipt] = useState<OfflineReceipt | null>(null);
  const [choosing, setChoosing] = useState<CatalogueProduct | null>(null);
  useEffect(() => {
    void readCart(store).then((kept) => setCart({ ...EMPTY_OFFLINE_CART, ...kept }));
  }, [store]);
  const change = (next: OfflineCart) => {
    setCart(next);
    void saveCart(store, next);
  };

  if (!catalogue) {
    return (
      <Banner tone="warning" title={t("offline.no-catalogue-title")}>
        <p>{t("offline.no-catalogue")}</p>
      </Banner>
    );
  }
  return (
    <BlockStack gap="400">
      <Banner tone="warning" title={t("offline.title")}>
        <BlockStack gap="200">
          <p>{t("offline.intro")}</p>
          {onlineCartUnits > 0 && <p>{t("offline.online-cart", { count: onlineCartUnits })}</p>}
        </BlockStack>
      </Banner>
      {receipt ? (
        <OfflineReceiptCard storeName={storeName} receipt={receipt} onNext={() => setReceipt(null)} />
      ) : (
        cart && (
          <>
            <OfflineScan catalogue={catalogue} cart={cart} onChange={change} onChoose={setChoosing} />
            <div className="pos-layout">
              <div className="pos-layout__products">
                <OfflineProducts
                  catalogue={catalogue}
                  cart={cart}
                  onChange={change}
                  choosing={choosing}
                  onChoose={setChoosing}
                />
              </div>
              <div className="pos-layout__cart">
                <OfflineCartCard
                  store={store}
                  catalogue={catalogue}
                  cart={cart}
                  onChange={change}
                  onSold={(made) => {
                    setCart(EMPTY_OFFLINE_CART);
                    setReceipt(made);
                    onSold();
                  }}
                />
              </div>
            </div>
          </>
        )
      )}
    </BlockStack>
  );
}

/** The scan box: a code scanned or typed, then Enter; focused again after each scan. */
function OfflineScan({
  catalogue,
  cart,
  onChange,
  onChoose,
}: {
  catalogue: OfflineCatalogue;
  cart: OfflineCart;
  onChange: (cart: OfflineCart) => void;
  onChoose: (product: CatalogueProduct) => void;
}) {
  const { t } = useTranslation("pos");
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const scanBox = useRef<HTMLDivElement>(null);

  const scan = (event: FormEvent) => {
    event.preventDefault();
    const match = scanCatalogue(catalogue, code);
    setMessage(null);
    if (match.kind === "variant") onChange(addVariant(cart, match.product, match.variant));
    else if (match.kind === "add_on") onChange(addOrderAddOn(cart, match.addOn));
    else if (match.kind === "choose") onChoose(match.product);
    else setMessage(t("offline.scan-none", { code }));
    setCode("");
    scanBox.current?.querySelector("input")?.focus();
  };

  return (
    <Card>
      <form onSubmit={scan} noValidate>
        <div ref={scanBox}>
          <InlineStack gap="200" blockAlign="end" wrap={false}>
            <div className="pos-grow">
              <TextField
                label={t("scan.label")}
                helpText={t("scan.help")}
                value={code}
                onChange={setCode}
                autoComplete="off"
                autoFocus
                maxLength={MAX_SCAN_LENGTH}
                error={message ?? undefined}
              />
            </div>
            <div className="pos-scan-submit">
              <Button submit variant="primary">
                {t("scan.submit")}
              </Button>
            </div>
          </InlineStack>
        </div>
      </form>
    </Card>
  );
}

/** The kept catalogue to tap: a search, a tile per product, and the variants of the one being chosen. */
function OfflineProducts({
  catalogue,
  cart,
  onChange,
  choosing,
  onChoose,
}: {
  catalogue: OfflineCatalogue;
  cart: OfflineCart;
  onChange: (cart: OfflineCart) => void;
  choosing: CatalogueProduct | null;
  onChoose: (product: CatalogueProduct | null) => void;
}) {
  const { t, i18n } = useTranslation("pos");
  const [search, setSearch] = useState("");
  const name = (record: { name_zh_hk: string; name_en: string }) => localizedName(record, i18n.language, "name");
  const found = useMemo(() => searchCatalogue(catalogue, search, SEARCH_LIMIT), [catalogue, search]);

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {t("products.title")}
          </Text>
          {choosing && (
            <div className="pos-choosing">
              <BlockStack gap="200">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {t("choosing.title", { name: name(choosing) })}
                  </Text>
                  <Button variant="plain" onClick={() => onChoose(null)}>
                    {t("choosing.close")}
                  </Button>
                </InlineStack>
                <ul className="pos-variants">
                  {choosing.variants.map((variant) => (
                    <li key={variant.id}>
                      <Button
                        fullWidth
                        disabled={!variant.sellable}
                        onClick={() => {
                          onChange(addVariant(cart, choosing, variant));
                          onChoose(null);
                        }}
                      >
                        {`${localizedName(
                          { name_zh_hk: variant.name_zh_hk ?? "", name_en: variant.name_en ?? "" },
                          i18n.language,
                          "name",
                        )} · ${formatHkd(variant.price_cents)}`}
                      </Button>
                    </li>
                  ))}
                </ul>
              </BlockStack>
            </div>
          )}
          <TextField
            label={t("products.search")}
            placeholder={t("products.search-placeholder")}
            value={search}
            onChange={setSearch}
            autoComplete="off"
          />
          {found.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("products.none")}
            </Text>
          ) : (
            <ul className="pos-products">
              {found.map((product) => {
                const prices = product.variants.map((variant) => variant.price_cents);
                const sellable = product.variants.filter((variant) => variant.sellable);
                return (
                  <li key={product.id} className="pos-product">
                    <Text as="h3" variant="headingSm">
                      {name(product)}
                    </Text>
                    <Text as="p" tone="subdued">
                      {formatHkd(Math.min(...prices))}
                    </Text>
                    <Button
                      disabled={sellable.length === 0}
                      accessibilityLabel={t("products.add-named", { name: name(product) })}
                      onClick={() =>
                        product.variants.length === 1
                          ? onChange(addVariant(cart, product, product.variants[0]))
                          : onChoose(product)
                      }
                    >
                      {t("products.add")}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

function OfflineCartCard({
  store,
  catalogue,
  cart,
  onChange,
  onSold,
}: {
  store: string;
  catalogue: OfflineCatalogue;
  cart: OfflineCart;
  onChange: (cart: OfflineCart) => void;
  onSold: (receipt: OfflineReceipt) => void;
}) {
  const { t, i18n } = useTranslation(["pos", "order", "stores"]);
  const [selling, setSelling] = useState(false);
  const priced = priceOfflineCart(cart, catalogue, new Date());
  const products = new Map(catalogue.products.map((product) => [product.product_code, product]));
  const addOns = new Map(catalogue.add_ons.map((addOn) => [addOn.id, addOn]));
  const amounts = catalogue.payment_methods.map((method) => ({ method, cents: typedCents(cart.tendered[method]) }));
  const payments = amounts.flatMap(({ method, cents }) => (cents ? [{ method, amount_cents: cents }] : []));
  const tender = tenderOf(payments, priced.total_cents);
  const typedWrong = amounts.some(({ cents }) => cents === null);
  const canSell =
    priced.lines.length > 0 && !priced.coupon_refusal && !typedWrong && tender.remaining_cents === 0 && !selling;

  const sell = async () => {
    setSelling(true);
    const madeAt = new Date();
    const sale = offlineSale(cart, priced, payments, crypto.randomUUID(), madeAt, catalogue.location_id);
    const receipt: OfflineReceipt = {
      priced,
      payments,
      change_cents: tender.change_cents,
      made_at: madeAt.toISOString(),
    };
    await queueSale({ store, sale, receipt, refused: null }, EMPTY_OFFLINE_CART);
    setSelling(false);
    onSold(receipt);
  };

  if (priced.lines.length === 0) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("cart.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("cart.empty")}
          </Text>
        </BlockStack>
      </Card>
    );
  }
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("cart.title")}
        </Text>
        <ul className="pos-lines">
          {priced.lines.map((line) => {
            const lineName = localizedLineName(line, i18n.language);
            const offered =
              line.index === null ? [] : (products.get(cart.lines[line.index].product_code)?.add_on_ids ?? []);
            const setTo = (quantity: number) =>
              line.index === null
                ? onChange({
                    ...cart,
                    order_add_ons: cart.order_add_ons
                      .map((addOn) => (addOn.id === line.add_on_id ? { ...addOn, quantity } : addOn))
                      .filter((addOn) => addOn.quantity > 0),
                  })
                : onChange(setQuantity(cart, line.index, quantity));
            return (
              <li key={line.index ?? `add-on-${line.add_on_id}`} className="pos-line">
                <BlockStack gap="200">
                  <InlineStack align="space-between" blockAlign="center" gap="200">
                    <Text as="span" fontWeight="semibold">
                      {lineName}
                    </Text>
                    <Text as="span" numeric>
                      {formatHkd(line.line_total_cents)}
                    </Text>
                  </InlineStack>
                  <InlineStack gap="200" blockAlign="center">
                    <Button
                      accessibilityLabel={t("cart.decrease", { name: lineName })}
                      onClick={() => setTo(line.quantity - 1)}
                    >
                      {t("cart.minus")}
                    </Button>
                    <Text as="span" numeric>
                      {t("offline.quantity", { quantity: line.quantity, price: formatHkd(line.unit_price_cents) })}
                    </Text>
                    <Button
                      accessibilityLabel={t("cart.increase", { name: lineName })}
                      onClick={() => setTo(line.quantity + 1)}
                    >
                      {t("cart.plus")}
                    </Button>
                    <Button variant="plain" tone="critical" onClick={() => setTo(0)}>
                      {t("offline.remove")}
                    </Button>
                  </InlineStack>
                  {line.stock !== null && line.quantity > line.stock && (
                    <Text as="p" tone="caution">
                      {t("offline.stock-short", { stock: line.stock })}
                    </Text>
                  )}
                  {offered.map((id) => {
                    const addOn = addOns.get(id);
                    if (!addOn || line.index === null) return null;
                    return (
                      <Checkbox
                        key={id}
                        label={t("cart.add-on-choice", {
                          name: localizedName(addOn, i18n.language, "name"),
                          price: formatHkd(addOn.price_cents),
                        })}
                        checked={cart.lines[line.index].add_on_ids.includes(id)}
                        onChange={() => onChange(toggleLineAddOn(cart, line.index!, id))}
                      />
                    );
                  })}
                </BlockStack>
              </li>
            );
          })}
        </ul>
        <TextField
          label={t("offline.coupon")}
          value={cart.coupon_code}
          onChange={(coupon_code) => onChange({ ...cart, coupon_code })}
          autoComplete="off"
          error={priced.coupon_refusal ? translateMessage(t, priced.coupon_refusal) : undefined}
        />
        <OfflineTotals priced={priced} />
        <BlockStack gap="200">
          {amounts.map(({ method, cents }) => (
            <TextField
              key={method}
              label={
                method === "cash"
                  ? t("checkout.cash-tendered")
                  : t("checkout.received", { method: t(`stores:payment.${method}`) })
              }
              type="text"
              inputMode="decimal"
              prefix="HK$"
              value={cart.tendered[method] ?? ""}
              onChange={(typed) => onChange({ ...cart, tendered: { ...cart.tendered, [method]: typed } })}
              autoComplete="off"
              error={cents === null ? t("offline.amount-invalid") : undefined}
            />
          ))}
        </BlockStack>
        <dl className="pos-totals">
          <Total label={t("checkout.paid")} value={formatHkd(tender.paid_cents)} />
          <Total label={t("checkout.remaining")} value={formatHkd(tender.remaining_cents)} />
          <Total label={t("checkout.change")} value={formatHkd(tender.change_cents)} strong />
        </dl>
        <Button variant="primary" size="large" disabled={!canSell} loading={selling} onClick={() => void sell()}>
          {t("offline.sell", { total: formatHkd(priced.total_cents) })}
        </Button>
      </BlockStack>
    </Card>
  );
}

function OfflineTotals({ priced }: { priced: PricedOfflineCart }) {
  const { t } = useTranslation("order");
  return (
    <dl className="pos-totals">
      <Total label={t("total.subtotal")} value={formatHkd(priced.subtotal_cents)} />
      {priced.coupon && <Total label={t("total.coupon")} value={formatHkd(-priced.coupon.discount_cents)} />}
      <Total label={t("total.total")} value={formatHkd(priced.total_cents)} strong />
    </dl>
  );
}

/** The last sale's receipt, printed from the browser: the order number comes when the sale is sent. */
function OfflineReceiptCard({
  storeName,
  receipt,
  onNext,
}: {
  storeName: string;
  receipt: OfflineReceipt;
  onNext: () => void;
}) {
  const { t, i18n } = useTranslation(["pos", "order", "stores"]);
  return (
    <Card>
      <BlockStack gap="400">
        <div className="pos-offline-receipt">
          <BlockStack gap="300">
            <Text as="p" variant="headingLg">
              {storeName}
            </Text>
            <Text as="h2" variant="headingMd">
              {t("offline.receipt-title")}
            </Text>
            <p data-testid="pos-offline-sold-at" data-time={hongKongTime(receipt.made_at)}>
              {t("offline.receipt-time", { time: hongKongTime(receipt.made_at) })}
            </p>
            <ul className="pos-plain-list">
              {receipt.priced.lines.map((line) => (
                <li key={line.index ?? `add-on-${line.add_on_id}`}>
                  <InlineStack align="space-between" gap="200">
                    <Text as="span">
                      {t("offline.receipt-line", {
                        name: localizedLineName(line, i18n.language),
                        quantity: line.quantity,
                      })}
                    </Text>
                    <Text as="span" numeric>
                      {formatHkd(line.line_total_cents)}
                    </Text>
                  </InlineStack>
                  {line.add_ons.map((addOn) => (
                    <Text key={addOn.id} as="p" tone="subdued">
                      {t("cart.add-on-choice", {
                        name: localizedName(addOn, i18n.language, "name"),
                        price: formatHkd(addOn.unit_price_cents),
                      })}
                    </Text>
                  ))}
                </li>
              ))}
            </ul>
            <OfflineTotals priced={receipt.priced} />
            <dl className="pos-totals">
              {receipt.payments.map((payment) => (
                <Total
                  key={payment.method}
                  label={t(`stores:payment.${payment.method}`)}
                  value={formatHkd(payment.amount_cents)}
                />
              ))}
              <Total label={t("checkout.change")} value={formatHkd(receipt.change_cents)} />
            </dl>
            <Text as="p" tone="subdued">
              {t("offline.receipt-note")}
            </Text>
          </BlockStack>
        </div>
        <InlineStack gap="200">
          <Button variant="primary" onClick={() => window.print()}>
            {t("offline.print")}
          </Button>
          <Button onClick={onNext}>{t("offline.next-sale")}</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
