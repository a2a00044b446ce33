import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Page,
  Select,
  Text,
  Thumbnail,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BULK_OPERATIONS } from "../../contract/product-options";
import { redirectWithToast, requireStore } from "~/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QuerySelect, QueryTextField } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import {
  BESTSELLER_FILTERS,
  PAGE_SIZES,
  productListPayload,
  productListQuery,
  PUBLISH_FILTERS,
  STOCK_FILTERS,
} from "~/product-list-query";
import { pageCount, readPage } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "~/utils/money";
import { localizedName } from "../../contract/localized";

export const handle = { i18n: ["products"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  const url = new URL(request.url);
  const query = productListQuery(url);
  const page = readPage(url);
  const [{ data, extra }, categories] = await Promise.all([
    client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      application_key: store.applicationKey,
      ...productListPayload(query),
      limit: Number(query.limit),
      page,
    }),
    client.get_category_data_list_by_application_key({ application_key: store.applicationKey }),
  ]);
  const search = url.search;
  return {
    title: context.t("products:title.list"),
    search,
    categories: categories.data.map((category) => ({
      value: String(category.id),
      label: localizedName(category, context.locale, "name"),
    })),
    locale: context.locale,
    query,
    filtered: Boolean(query.q) || [query.publish, query.stock, query.bestseller].some((value) => value !== "all"),
    page,
    pageCount: pageCount(extra.total_number, Number(query.limit)),
    products: data.map((product) => ({
      code: product.product_code,
      name: context.locale === "en" && product.name_en ? product.name_en : product.name_zh_hk,
      image: product.images[0] ?? null,
      sku: product.sku,
      price: formatHkd(product.price_cents),
      stock: product.unlimited_inventory ? null : product.stock,
      shortage: product.stock_status === "shortage",
      sold: product.sold_quantity ?? 0,
      publish: product.publish,
      bestseller: product.bestseller,
    })),
  };
}

/** Bulk actions on the ticked rows; deleting asks for a confirmation first (a second post). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { store, client } = await requireStore(request, context, "product");
  const form = await request.formData();
  const codes = form.getAll("product_codes").map(String);
  const operation = String(form.get("operation"));
  const categoryId = Number(form.get("category_id")) || undefined;
  if (codes.length === 0) return { error: "products:bulk.none-selected", confirmDelete: null };
  if (!(BULK_OPERATIONS as readonly string[]).includes(operation)) throw new Response("Bad Request", { status: 400 });
  if (operation === "delete" && form.get("confirmed") !== "yes") return { error: null, confirmDelete: codes };
  await client.update_product_data_in_bulk_by_application_key_and_product_codes({
    application_key: store.applicationKey,
    product_codes: codes,
    operation: operation as (typeof BULK_OPERATIONS)[number],
    category_id: categoryId,
  });
  const back = new URL(request.url);
  return redirectWithToast(
    back.pathname + back.search,
    { tone: "success", message: `products:bulk.done-${operation}` },
    request,
    context,
  );
}

export default function ProductList() {
  const { t } = useTranslation(["products", "common"]);
  const { title, search, categories, query, filtered, page, pageCount, products } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [operation, setOperation] = useState<string>("unpublish");
  return (
    <Page title={title} primaryAction={{ content: t("add-product"), url: "/product/product-list/add" }}>
      <BlockStack gap="400">
        <PageLinks
          links={[
            { content: t("import"), url: "/product/product-list/import" },
            { content: t("export-xlsx"), url: `/product/product-list/export.xlsx${search}`, external: true },
            { content: t("export-csv"), url: `/product/product-list/export.csv${search}`, external: true },
          ]}
        />
        <Card>
          <ListFilters>
            <QueryTextField
              name="q"
              label={t("common:list.search")}
              value={query.q}
              placeholder={t("search-placeholder")}
            />
            <QuerySelect
              name="category"
              label={t("filter.category")}
              value={query.category}
              options={[{ value: "", label: t("all-categories") }, ...categories]}
            />
            <QuerySelect
              name="publish"
              label={t("filter.publish")}
              value={query.publish}
              options={PUBLISH_FILTERS.map((option) => ({
                value: option,
                label: t(`filter-option.publish.${option}`),
              }))}
            />
            <QuerySelect
              name="stock"
              label={t("filter.stock")}
              value={query.stock}
              options={STOCK_FILTERS.map((option) => ({ value: option, label: t(`filter-option.stock.${option}`) }))}
            />
            <QuerySelect
              name="bestseller"
              label={t("filter.bestseller")}
              value={query.bestseller}
              options={BESTSELLER_FILTERS.map((option) => ({
                value: option,
                label: t(`filter-option.bestseller.${option}`),
              }))}
            />
            <QuerySelect
              name="limit"
              label={t("filter.limit")}
              value={query.limit}
              options={PAGE_SIZES.map((option) => ({ value: option, label: t(`filter-option.limit.${option}`) }))}
            />
          </ListFilters>
        </Card>
        {actionData?.confirmDelete && (
          <Banner tone="critical" title={t("bulk.confirm-delete-title", { count: actionData.confirmDelete.length })}>
            <Form method="post">
              <input type="hidden" name="operation" value="delete" />
              <input type="hidden" name="confirmed" value="yes" />
              {actionData.confirmDelete.map((code) => (
                <input key={code} type="hidden" name="product_codes" value={code} />
              ))}
              <InlineStack gap="200">
                <Button submit tone="critical" variant="primary">
                  {t("bulk.confirm-delete")}
                </Button>
                <Button url="/product/product-list" variant="plain">
                  {t("common:form.cancel")}
                </Button>
              </InlineStack>
            </Form>
          </Banner>
        )}
        {actionData?.error && <Banner tone="warning">{t(actionData.error)}</Banner>}
        <Form method="post">
          <Card padding="0">
            <InlineStack align="space-between" blockAlign="center" wrap>
              <ListSort
                sort={query.sort}
                direction={query.direction}
                options={[
                  { sort: "create_date", direction: "DESC", label: t("sort.newest") },
                  { sort: "name", direction: "ASC", label: t("sort.name") },
                  { sort: "price", direction: "ASC", label: t("sort.price-low") },
                  { sort: "price", direction: "DESC", label: t("sort.price-high") },
                  { sort: "stock", direction: "ASC", label: t("sort.stock-low") },
                  { sort: "sold_quantity", direction: "DESC", label: t("sort.best-selling") },
                ]}
              />
              <div className="bulk-bar">
                <InlineStack gap="200" blockAlign="end">
                  <Select
                    name="operation"
                    label={t("bulk.operation")}
                    labelInline
                    options={BULK_OPERATIONS.map((option) => ({ value: option, label: t(`bulk.${option}`) }))}
                    value={operation}
                    onChange={setOperation}
                  />
                  {categories.length > 0 && (
                    <QuerySelect
                      name="category_id"
                      label={t("field.category")}
                      value=""
                      options={[{ value: "", label: t("all-categories") }, ...categories]}
                    />
                  )}
                  <Button submit>{t("bulk.apply")}</Button>
                </InlineStack>
              </div>
            </InlineStack>
            <ListTable
              resourceName={{ singular: t("product"), plural: t("products") }}
              itemCount={products.length}
              emptyText={filtered ? t("common:list.no-results") : t("no-products")}
              headings={[
                { title: t("column.select") },
                { title: t("column.image") },
                { title: t("column.name") },
                { title: t("column.code") },
                { title: t("column.price"), alignment: "end" },
                { title: t("column.stock"), alignment: "end" },
                { title: t("column.sold"), alignment: "end" },
                { title: t("column.status") },
              ]}
            >
              {products.map((product, index) => (
                <IndexTable.Row id={product.code} key={product.code} position={index}>
                  <IndexTable.Cell>
                    <input
                      type="checkbox"
                      name="product_codes"
                      value={product.code}
                      aria-label={t("bulk.select-named", { name: product.name })}
                    />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {product.image ? <Thumbnail source={product.image} alt="" size="small" /> : null}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Link to={`/product/product-list/detail/${encodeURIComponent(product.code)}`}>{product.name}</Link>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" tone="subdued">
                      {product.sku ?? product.code}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric>
                      {product.price}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack align="end" gap="100">
                      {product.stock === null ? (
                        <Text as="span">{t("unlimited")}</Text>
                      ) : (
                        <Text as="span" numeric tone={product.shortage ? "critical" : undefined}>
                          {product.stock}
                        </Text>
                      )}
                      {product.shortage && <Badge tone="critical">{t("stock-status.shortage")}</Badge>}
                    </InlineStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric>
                      {product.sold}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="100">
                      <Badge tone={product.publish ? "success" : undefined}>
                        {product.publish ? t("published") : t("unpublished")}
                      </Badge>
                      {product.bestseller && <Badge tone="info">{t("bestseller")}</Badge>}
                    </InlineStack>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </ListTable>
          </Card>
        </Form>
        <ListPagination page={page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
