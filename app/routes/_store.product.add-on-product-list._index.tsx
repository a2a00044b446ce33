import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Card, IndexTable, Link, Page, Text, Thumbnail } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { ADD_ON_PRODUCT_SORTS } from "../../contract/add-ons";
import { requireStore } from "~/auth.server";
import { localizedName } from "../../contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QueryTextField } from "~/components/list-table";
import { pageCount, readChoice, readPage } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "~/utils/money";
import { canWrite } from "~/utils/permissions.server";

const LIST_URL = "/product/add-on-product-list";
const PAGE_SIZE = 20;
const DIRECTIONS = ["DESC", "ASC"] as const;

export const handle = { i18n: ["addons"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context, "add_on_product");
  const url = new URL(request.url);
  const query = {
    q: url.searchParams.get("q")?.trim() ?? "",
    sort: readChoice(url, "sort", ADD_ON_PRODUCT_SORTS),
    direction: readChoice(url, "direction", DIRECTIONS),
  };
  const page = readPage(url);
  const { data, extra } = await client.get_add_on_product_data_and_total_number_by_sorting_and_limit({
    application_key: store.applicationKey,
    sorting: query.sort,
    direction: query.direction,
    limit: PAGE_SIZE,
    page,
    keyword: query.q || undefined,
  });
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
    page,
    pageCount: pageCount(extra.total_number, PAGE_SIZE),
    canWrite: canWrite(user, "add_on_product"),
  };
}

export default function AddOnProductList() {
  const { t } = useTranslation("addons");
  const { title, addOns, query, page, pageCount, canWrite } = useLoaderData<typeof loader>();
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
                  <Badge tone={addOn.publish ? "success" : undefined}>
                    {addOn.publish ? t("status.published") : t("status.unpublished")}
                  </Badge>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <ListPagination page={page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
