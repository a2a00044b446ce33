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
import { ADD_ON_PRODUCT_SORTS } from "~/utils/list-sorts.server";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QueryTextField } from "~/components/list-table";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "#contract/money";
import { localizedName } from "#contract/localized";

const LIST_URL = "/product/add-on-product-list";

export const handle: RouteHandle = { i18n: ["addons"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "add_on_product:read");
  const query = readListQuery(new URL(request.url), { sorts: ADD_ON_PRODUCT_SORTS });
  const { data, extra } = await client
    .get_add_on_product_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      ...listPayload(query),
    })
    .catch(asRouteError);
  return {
    title: context.t("addons:title.list"),
    addOns: data.map((addOn) => ({
      id: addOn.id,
      name: localizedName(addOn, context.locale, "name"),
      imageUrl: addOn.image_url,
      price: formatHkd(addOn.price_cents),
      stock: addOn.unlimited_inventory ? null : addOn.stock,
      publish: addOn.publish,
    })),
    query,
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "add_on_product:write"),
  };
}

export default function AddOnProductList() {
  const { t } = useTranslation(["addons", "common"]);
  const { title, addOns, query, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-add-on"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
        <Card>
          <ListFilters>
            <QueryTextField
              name="q"
              label={t("common:list.search")}
              value={query.q}
              placeholder={t("search-placeholder")}
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
              { sort: "price", direction: "ASC", label: t("sort.price-ascending") },
              { sort: "price", direction: "DESC", label: t("sort.price-descending") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("add-on"), plural: t("add-ons") }}
            primaryColumn={1}
            itemCount={addOns.length}
            emptyText={query.q ? t("common:list.no-results") : t("no-add-ons")}
            headings={[
              { title: t("column.image") },
              { title: t("column.name") },
              { title: t("column.price"), alignment: "end" },
              { title: t("column.stock"), alignment: "end" },
              { title: t("column.status") },
            ]}
          >
            {addOns.map((addOn, index) => (
              <IndexTable.Row id={String(addOn.id)} key={addOn.id} position={index}>
                <IndexTable.Cell>
                  {addOn.imageUrl && (
                    <Thumbnail source={addOn.imageUrl} alt={t("image-of", { name: addOn.name })} size="small" />
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/${addOn.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {addOn.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {addOn.price}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {addOn.stock ?? t("unlimited")}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={addOn.publish ? "success" : undefined}>
                    {addOn.publish ? t("status.published") : t("status.unpublished")}
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
