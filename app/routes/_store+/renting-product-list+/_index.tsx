import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { RENTING_PRODUCT_STATUSES } from "#contract/options";
import { RENTING_PRODUCT_SORTS } from "#contract/renting";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QuerySelect, QueryTextField } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { titleMeta } from "~/utils/meta";
import { PRODUCT_LIST_URL, productUrl } from "./__product-form";

export const handle: RouteHandle = { i18n: ["renting"] };
export const meta = titleMeta;

const STATUS_FILTERS = ["all", ...RENTING_PRODUCT_STATUSES] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:read");
  const query = readListQuery(new URL(request.url), {
    sorts: RENTING_PRODUCT_SORTS,
    filters: { status: STATUS_FILTERS },
  });
  const { data, extra } = await client
    .get_renting_product_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      ...listPayload(query),
      status: query.status === "all" ? undefined : query.status,
    })
    .catch(asRouteError);
  return {
    title: context.t("renting:title.products"),
    products: data.map((product) => ({
      id: product.id,
      name: localizedName(product, context.locale, "name"),
      imageUrl: product.images[0] ?? null,
      unitsOwned: product.units_owned,
      pricePerDay: formatHkd(product.price_per_day_cents),
      status: product.status,
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "renting:write"),
  };
}

export default function RentingProductList() {
  const { t } = useTranslation(["renting", "common"]);
  const { title, products, query, filtered, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      primaryAction={canWrite ? { content: t("add-product"), url: `${PRODUCT_LIST_URL}/add` } : undefined}
    >
      <BlockStack gap="400">
        <Card>
          <ListFilters>
            <QueryTextField
              name="q"
              label={t("common:list.search")}
              value={query.q}
              placeholder={t("product-search-placeholder")}
            />
            <QuerySelect
              name="status"
              label={t("filter.status")}
              value={query.status}
              options={STATUS_FILTERS.map((option) => ({
                value: option,
                label: option === "all" ? t("filter.all") : t(`product-status.${option}`),
              }))}
            />
          </ListFilters>
        </Card>
        <Card padding="0">
          <ListSort
            sort={query.sort}
            direction={query.direction}
            options={[
              { sort: "create_date", direction: "DESC", label: t("sort.newest") },
              { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
              { sort: "name", direction: "ASC", label: t("sort.name-ascending") },
              { sort: "name", direction: "DESC", label: t("sort.name-descending") },
              { sort: "price_per_day", direction: "ASC", label: t("sort.price-ascending") },
              { sort: "price_per_day", direction: "DESC", label: t("sort.price-descending") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("product"), plural: t("products") }}
            primaryColumn={1}
            itemCount={products.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-products")}
            headings={[
              { title: t("column.image") },
              { title: t("column.name") },
              { title: t("column.units-owned"), alignment: "end" },
              { title: t("column.price-per-day"), alignment: "end" },
              { title: t("column.status") },
            ]}
          >
            {products.map((product, index) => (
              <IndexTable.Row id={String(product.id)} key={product.id} position={index}>
                <IndexTable.Cell>
                  {product.imageUrl && (
                    <Thumbnail source={product.imageUrl} alt={t("image-of", { name: product.name })} size="small" />
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Link url={productUrl(product.id)} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {product.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {product.unitsOwned}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {product.pricePerDay}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={product.status === "rentable" ? "success" : undefined}>
                    {t(`product-status.${product.status}`)}
                  </StatusBadge>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <ListPagination page={query.page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
