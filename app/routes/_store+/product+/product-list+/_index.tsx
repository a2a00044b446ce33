import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { IndexTableProps } from "@shopify/polaris";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BULK_OPERATIONS } from "#contract/product-options";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { ActionFailure } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { SearchFilter } from "~/components/list-filters";
import { ListFilters, ListTable, QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { BESTSELLER_FILTERS, PAGE_SIZES, PUBLISH_FILTERS, STOCK_FILTERS } from "./__product-list-filters";
import { productListPayload, productListQuery } from "./__product-list-query.server";
import { pageCount } from "~/utils/list-params";
import { translateKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "#contract/money";
import { PRODUCT_SORTS } from "#modules/product/options";
import { sortOptions } from "~/utils/sort-options";

const LIST_URL = "/product/product-list";

export const handle: RouteHandle = { i18n: ["product"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:read");
  const url = new URL(request.url);
  const query = productListQuery(url);
  const [{ data, extra }, categories] = await Promise.all([
    client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity(
      productListPayload(store.applicationKey, query),
    ),
    client.get_category_data_list_by_application_key({ application_key: store.applicationKey }),
  ]).catch(asRouteError);
  const search = url.search;
  return {
    title: context.t("product:title.list"),
    search,
    categories: categories.data.map((category) => ({
      value: String(category.id),
      label: localizedName(category, context.locale, "name"),
    })),
    locale: context.locale,
    query,
    sorts: PRODUCT_SORTS,
    filtered: Boolean(query.q) || [query.publish, query.stock, query.bestseller].some((value) => value !== "all"),
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "product:write"),
    products: data.map((product) => ({
      code: product.product_code,
      name: localizedName(product, context.locale, "name"),
      image: product.images[0] ?? null,
      // A product of several variants has a SKU per variant: the list names it by its code.
      sku: product.variant_count > 1 ? null : product.sku,
      price:
        product.price_max_cents > product.price_cents
          ? context.t("product:price-range", {
              lowest: formatHkd(product.price_cents),
              highest: formatHkd(product.price_max_cents),
            })
          : formatHkd(product.price_cents),
      variantCount: product.variant_count,
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
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product:write");
  const form = await request.formData();
  const codes = form.getAll("product_codes").map(String);
  const operation = String(form.get("operation"));
  const categoryId = Number(form.get("category_id")) || undefined;
  if (codes.length === 0) return { error: "product:bulk.none-selected" as const, confirmDelete: null };
  if (!(BULK_OPERATIONS as readonly string[]).includes(operation)) {
    return { error: "product:bulk.none-chosen" as const, confirmDelete: null };
  }
  if (operation === "delete" && form.get("confirmed") !== "yes") return { error: null, confirmDelete: codes };
  try {
    await client.update_product_data_in_bulk_by_application_key_and_product_codes({
      application_key: store.applicationKey,
      product_codes: codes,
      operation: operation as (typeof BULK_OPERATIONS)[number],
      category_id: categoryId,
    });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return { error: `message:${error.messageKey}`, confirmDelete: null };
  }
  const back = new URL(request.url);
  return redirectWithToast(
    back.pathname + back.search,
    { tone: "success", message: `product:bulk.done-${operation}` },
    request,
    context,
  );
}

export default function ProductList() {
  const { t } = useTranslation(["product", "common"]);
  const { title, search, categories, query, sorts, filtered, pageCount, canWrite, products } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [operation, setOperation] = useState<string>("");
  const columns: IndexTableProps["headings"] = [
    { title: t("column.image") },
    { title: t("column.name") },
    { title: t("column.code") },
    { title: t("column.price"), alignment: "end" },
    { title: t("column.stock"), alignment: "end" },
    { title: t("column.sold"), alignment: "end" },
    { title: t("column.status") },
  ];
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-product"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
        <PageLinks
          links={[
            ...(canWrite ? [{ content: t("common:sheet.import"), url: `${LIST_URL}/import` }] : []),
            { content: t("common:sheet.export-xlsx"), url: `${LIST_URL}/export.xlsx${search}`, external: true },
            { content: t("common:sheet.export-csv"), url: `${LIST_URL}/export.csv${search}`, external: true },
          ]}
        />
        <Card>
          <ListFilters>
            <SearchFilter value={query.q} placeholder={t("search-placeholder")} />
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
              value={String(query.pageSize)}
              options={PAGE_SIZES.map((option) => ({
                value: String(option),
                label: t(`filter-option.limit.${option}`),
              }))}
            />
          </ListFilters>
        </Card>
        {actionData?.confirmDelete && (
          <Banner tone="critical" title={t("bulk.confirm-delete-title", { count: actionData.confirmDelete.length })}>
            <Form noValidate method="post">
              <input type="hidden" name="operation" value="delete" />
              <input type="hidden" name="confirmed" value="yes" />
              {actionData.confirmDelete.map((code) => (
                <input key={code} type="hidden" name="product_codes" value={code} />
              ))}
              <InlineStack gap="200">
                <Button submit tone="critical" variant="primary">
                  {t("bulk.confirm-delete")}
                </Button>
                <Button url={LIST_URL} variant="plain">
                  {t("common:form.cancel")}
                </Button>
              </InlineStack>
            </Form>
          </Banner>
        )}
        {actionData?.error && <Banner tone="warning">{translateKey(t, actionData.error)}</Banner>}
        <Card padding="0">
          <ListSort sort={query.sort} direction={query.direction} options={sortOptions(t, "product:sort", sorts)} />
          {/* The sort is a form of its own, so it sits outside the bulk actions' form. */}
          <Form noValidate method="post">
            {canWrite && (
              <div className="bulk-bar">
                <InlineStack gap="200" blockAlign="end">
                  <Select
                    name="operation"
                    label={t("bulk.operation")}
                    labelInline
                    options={[
                      { value: "", label: t("bulk.choose") },
                      ...BULK_OPERATIONS.map((option) => ({ value: option, label: t(`bulk.${option}`) })),
                    ]}
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
            )}
            <ListTable
              resourceName={{ singular: t("product"), plural: t("products") }}
              itemCount={products.length}
              emptyText={filtered ? t("common:list.no-results") : t("no-products")}
              primaryColumn={canWrite ? 2 : 1}
              headings={canWrite ? [{ title: t("column.select") }, ...columns] : columns}
            >
              {products.map((product, index) => (
                <IndexTable.Row id={product.code} key={product.code} position={index}>
                  {canWrite && (
                    <IndexTable.Cell>
                      <input
                        type="checkbox"
                        name="product_codes"
                        value={product.code}
                        aria-label={t("bulk.select-named", { name: product.name })}
                      />
                    </IndexTable.Cell>
                  )}
                  <IndexTable.Cell>
                    {product.image ? <Thumbnail source={product.image} alt="" size="small" /> : null}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <BlockStack>
                      <Link to={`${LIST_URL}/detail/${encodeURIComponent(product.code)}`}>{product.name}</Link>
                      {product.variantCount > 1 && (
                        <Text as="span" tone="subdued">
                          {t("variant-count", { count: product.variantCount })}
                        </Text>
                      )}
                    </BlockStack>
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
                      {product.shortage && <StatusBadge tone="critical">{t("stock-status.shortage")}</StatusBadge>}
                    </InlineStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric>
                      {product.sold}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="100">
                      <StatusBadge tone={product.publish ? "success" : undefined}>
                        {product.publish ? t("published") : t("unpublished")}
                      </StatusBadge>
                      {product.bestseller && <StatusBadge tone="info">{t("bestseller")}</StatusBadge>}
                    </InlineStack>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </ListTable>
          </Form>
        </Card>
        <ListPagination page={query.page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
