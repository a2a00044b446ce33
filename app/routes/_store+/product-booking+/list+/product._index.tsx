import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { KeywordSearchCard } from "~/components/search-form";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import { readSearch } from "~/utils/list-query.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, productUrl } from "./__product-booking";

export const handle: RouteHandle = { i18n: ["product-booking"], parent: LIST_URL };
export const meta = titleMeta;

/** Set up a product: find it (a GET of ?q=), then open its booking page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_booking:write");
  const q = readSearch(new URL(request.url));
  const { data } = await client
    .get_product_booking_option_data_list_by_application_key({
      application_key: store.applicationKey,
      keyword: q || undefined,
    })
    .catch(asRouteError);
  return {
    title: context.t("product-booking:title.setup"),
    q,
    products: data.products.map((product) => ({
      code: product.product_code,
      url: productUrl(product.product_code),
      name: localizedName(product, context.locale, "name"),
      stock: product.stock,
    })),
  };
}

export default function SetUpProductBooking() {
  const { t } = useTranslation(["product-booking", "common"]);
  const { title, q, products } = useLoaderData<typeof loader>();
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: LIST_URL }}>
      <BlockStack gap="400">
        <KeywordSearchCard
          id="product-search"
          name="q"
          label={t("field.product-search")}
          helpText={t("help.product-search")}
          value={q}
          button={t("search")}
        />
        {q && (
          <Card>
            {products.length === 0 ? (
              <Text as="p">{t("no-products")}</Text>
            ) : (
              <BlockStack gap="200" as="ul">
                {products.map((product) => (
                  <li key={product.code}>
                    <Link url={product.url}>{product.name}</Link>
                    <Text as="span" tone="subdued">
                      {` ${product.code} · ${t("column.stock")} ${product.stock}`}
                    </Text>
                  </li>
                ))}
              </BlockStack>
            )}
          </Card>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
