import { Form, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MAX_SCAN_LENGTH } from "#modules/pos/contract";
import { BLOCKS_ENTER } from "~/utils/block-enter";
import { useTypedValue } from "~/utils/hydration";
import { translateErrors } from "~/utils/messages";
import type { PosLoader } from "./pos";
import { errorsOf, FormRefusal, PlainTextField, PosForm, usePosForm, type PosPageData } from "./__pos-form";

/**
 * The scan box: what a USB barcode scanner types, then Enter (the one field of the page where Enter
 * submits). With JS it is empty and focused again after each scan, ready for the next.
 */
export function PosScan() {
  const { t } = useTranslation("pos");
  const { fetcher, reply } = usePosForm("scan");
  const [code, setCode] = useTypedValue("", "pos-scan");
  const [fetcherState, setFetcherState] = useState(fetcher.state);
  if (fetcher.state !== fetcherState) {
    setFetcherState(fetcher.state);
    // Sent: a render may see "loading" without having seen "submitting" when the reply is quick.
    if (fetcherState === "idle") setCode("");
  }
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle") box.current?.querySelector("input")?.focus();
  }, [fetcher.state]);
  return (
    <Card>
      <BlockStack gap="300">
        <FormRefusal errors={errorsOf(reply, "")} />
        <PosForm fetcher={fetcher} intent="scan">
          <div ref={box}>
            <InlineStack gap="200" blockAlign="end" wrap={false}>
              <div className="pos-grow">
                <TextField
                  id="pos-scan"
                  name="code"
                  label={t("scan.label")}
                  helpText={t("scan.help")}
                  value={code}
                  onChange={setCode}
                  autoComplete="off"
                  autoFocus
                  maxLength={MAX_SCAN_LENGTH}
                  error={translateErrors(t, errorsOf(reply, "code"))}
                />
              </div>
              <div className="pos-scan-submit">
                <Button submit variant="primary">
                  {t("scan.submit")}
                </Button>
              </div>
            </InlineStack>
          </div>
        </PosForm>
      </BlockStack>
    </Card>
  );
}

/** Products to tap: a search (name, SKU, barcode, code), category buttons, and a tile per product. */
export function PosProducts() {
  const { t } = useTranslation("pos");
  const { products, categories, query, canWrite, choosing } = useLoaderData<PosLoader>();
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("products.title")}
        </Text>
        {choosing && canWrite && <PosChoosing choosing={choosing} />}
        <Form method="get" action="/product/pos" noValidate>
          <InlineStack gap="200" blockAlign="end" wrap={false}>
            <div className="pos-grow" {...{ [BLOCKS_ENTER]: "" }}>
              <PlainTextField
                key={query.q}
                name="q"
                label={t("products.search")}
                initial={query.q}
                autoComplete="off"
                placeholder={t("products.search-placeholder")}
              />
            </div>
            <Button submit>{t("products.search-submit")}</Button>
          </InlineStack>
        </Form>
        {categories.length > 0 && (
          <nav aria-label={t("products.categories")}>
            <InlineStack gap="200">
              <Button url="/product/pos" pressed={!query.category && !query.q}>
                {t("products.all")}
              </Button>
              {categories.map((category) => (
                <Button
                  key={category.id}
                  url={`/product/pos?category=${category.id}`}
                  pressed={query.category === category.id}
                >
                  {category.name}
                </Button>
              ))}
            </InlineStack>
          </nav>
        )}
        {products.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("products.none")}
          </Text>
        ) : (
          <ul className="pos-products">
            {products.map((product) => (
              <li key={product.code}>
                {canWrite ? <ProductTile product={product} /> : <ProductDetails product={product} />}
              </li>
            ))}
          </ul>
        )}
      </BlockStack>
    </Card>
  );
}

type PosProduct = PosPageData["products"][number];

function ProductTile({ product }: { product: PosProduct }) {
  const { t } = useTranslation("pos");
  const { fetcher, reply } = usePosForm("add", product.code);
  if (product.giftCardRange) {
    return (
      <PosForm fetcher={fetcher} intent="add" target={product.code}>
        <input type="hidden" name="product_code" value={product.code} />
        <ProductDetails product={product}>
          <FormRefusal errors={errorsOf(reply, "")} />
          <PlainTextField
            id={`pos-gift-card-amount-${product.code}`}
            name="amount"
            type="number"
            inputMode="decimal"
            min={product.giftCardRange.min}
            max={product.giftCardRange.max}
            step={0.01}
            prefix="HK$"
            label={t("products.gift-card-amount")}
            helpText={product.giftCardRange.text}
            autoComplete="off"
            error={translateErrors(t, errorsOf(reply, "amount"))}
          />
          <Button submit accessibilityLabel={t("products.add-named", { name: product.name })}>
            {t("products.add")}
          </Button>
        </ProductDetails>
      </PosForm>
    );
  }
  if (product.chooseUrl) {
    return (
      <ProductDetails product={product}>
        <Button url={product.chooseUrl} accessibilityLabel={t("products.choose-named", { name: product.name })}>
          {t("products.choose")}
        </Button>
      </ProductDetails>
    );
  }
  if (product.stock !== null && product.stock <= 0) {
    return (
      <ProductDetails product={product} soldOut>
        <Button disabled accessibilityLabel={t("products.sold-out-named", { name: product.name })}>
          {t("products.sold-out")}
        </Button>
      </ProductDetails>
    );
  }
  return (
    <PosForm fetcher={fetcher} intent="add" target={product.code}>
      <input type="hidden" name="product_code" value={product.code} />
      <ProductDetails product={product}>
        <Button submit accessibilityLabel={t("products.add-named", { name: product.name })}>
          {t("products.add")}
        </Button>
      </ProductDetails>
    </PosForm>
  );
}

type PosChoosingProduct = NonNullable<PosPageData["choosing"]>;

/** The variants of a product with options, a button each that adds it (a sold-out one disabled). */
function PosChoosing({ choosing }: { choosing: PosChoosingProduct }) {
  const { t } = useTranslation("pos");
  return (
    <section className="pos-choosing" aria-labelledby="pos-choosing-title">
      <BlockStack gap="300">
        <InlineStack gap="200" align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm" id="pos-choosing-title">
            {t("choosing.title", { name: choosing.name })}
          </Text>
          <Button url={choosing.closeUrl} variant="plain">
            {t("choosing.close")}
          </Button>
        </InlineStack>
        <ul className="pos-variants">
          {choosing.variants.map((variant) => (
            <li key={variant.id}>
              <VariantButton code={choosing.code} variant={variant} />
            </li>
          ))}
        </ul>
      </BlockStack>
    </section>
  );
}

function VariantButton({ code, variant }: { code: string; variant: PosChoosingProduct["variants"][number] }) {
  const { t } = useTranslation("pos");
  const { fetcher } = usePosForm("add", `${code}:${variant.id}`);
  const label = t("choosing.variant", { name: variant.name, price: variant.price });
  const stock = (
    <Text as="p" tone="subdued" variant="bodySm">
      {!variant.available
        ? t("products.sold-out")
        : variant.stock === null
          ? t("products.unlimited")
          : t("products.stock", { stock: variant.stock })}
    </Text>
  );
  if (!variant.available) {
    return (
      <BlockStack gap="100">
        <Button disabled fullWidth>
          {label}
        </Button>
        {stock}
      </BlockStack>
    );
  }
  return (
    <PosForm fetcher={fetcher} intent="add" target={`${code}:${variant.id}`}>
      <input type="hidden" name="product_code" value={code} />
      <input type="hidden" name="variant_id" value={variant.id} />
      <BlockStack gap="100">
        <Button submit fullWidth accessibilityLabel={t("choosing.add-named", { name: variant.name })}>
          {label}
        </Button>
        {stock}
      </BlockStack>
    </PosForm>
  );
}

/** A product's picture, name, price and stock; the tile's Add button, for those who may sell. */
function ProductDetails({
  product,
  soldOut = false,
  children,
}: {
  product: PosProduct;
  soldOut?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("pos");
  return (
    <div className={soldOut ? "pos-product pos-product--sold-out" : "pos-product"}>
      {product.imageUrl && <Thumbnail source={product.imageUrl} alt="" size="small" />}
      <BlockStack gap="100">
        <Text as="h3" fontWeight="semibold">
          {product.name}
        </Text>
        <Text as="p" numeric>
          {product.price}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {product.stock === null ? t("products.unlimited") : t("products.stock", { stock: product.stock })}
        </Text>
      </BlockStack>
      {children}
    </div>
  );
}
