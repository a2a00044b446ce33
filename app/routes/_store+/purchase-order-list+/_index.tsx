import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName, withVariant } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { ListBody, RowLink } from "~/components/list-page";
import { QuerySelect } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { STATUS_FILTERS, STATUS_TONES } from "./__purchase-order-list-filters";
import { purchaseOrderListPayload, purchaseOrderListQuery } from "./__purchase-order-list-query.server";
import { PURCHASE_ORDER_SORTS } from "#modules/purchase-order/options";

const LIST_URL = "/purchase-order-list";

export const handle: RouteHandle = { i18n: ["purchase-order"] };
export const meta = titleMeta;

const REORDER_URL = `${LIST_URL}?view=reorder`;

/**
 * Two tabs, each one backend request: the list with the suppliers to filter by, or (`?view=reorder`) the
 * suggested reorder.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "purchase_order:read");
  const url = new URL(request.url);
  const reorderView = url.searchParams.get("view") === "reorder";
  const query = purchaseOrderListQuery(url);
  const key = { application_key: store.applicationKey };
  const [{ data, extra }, { data: suppliers }, { data: suggestions }] = await Promise.all(
    reorderView
      ? [
          { data: [], extra: { total_number: 0 } },
          { data: [] },
          client.get_reorder_suggestion_data_list_by_application_key(key).catch(asRouteError),
        ]
      : [
          client
            .get_purchase_order_data_and_total_number_by_sorting_and_limit(
              purchaseOrderListPayload(store.applicationKey, query),
            )
            .catch(asRouteError),
          client.get_supplier_data_list_by_application_key(key).catch(asRouteError),
          { data: [] },
        ],
  );
  const canWrite = can(user, "purchase_order:write");
  return {
    title: context.t("purchase-order:title.list"),
    orders: data.map((order) => ({
      id: order.id,
      number: order.number,
      supplierName: order.supplier_name,
      status: order.status,
      expectedDate: order.expected_date,
      total: formatHkd(order.total_cents),
      received: context.t("purchase-order:of", { received: order.received_quantity, ordered: order.ordered_quantity }),
      createdAt: hongKongTime(order.create_date),
    })),
    suppliers: suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
    suggestions: suggestions.map((suggestion) => ({
      supplierId: suggestion.supplier_id,
      supplierName: suggestion.supplier_name,
      products: suggestion.products.map((product) => ({
        variantId: product.variant_id,
        code: product.product_code,
        name: withVariant(
          localizedName(product, context.locale, "name"),
          localizedName(product, context.locale, "label"),
        ),
        stock: product.stock,
        reorderPoint: product.reorder_point,
        quantity: product.minimum_order_quantity,
        cost: formatHkd(product.cost_cents),
      })),
    })),
    reorderView,
    list: {
      sortLabels: "purchase-order:sort",
      sorts: PURCHASE_ORDER_SORTS,
      query,
      pageCount: pageCount(extra.total_number, query.pageSize),
      filtered: Boolean(query.q) || query.status !== "all" || query.supplier !== "",
    },
    canWrite,
    canAdd: canWrite && can(user, "supplier:read"),
  };
}

/** Suggested reorder's one click: a draft for the supplier, opened at once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "purchase_order:write");
  const supplierId = Number((await request.formData()).get("supplier_id"));
  try {
    const { data } = await client.add_reorder_purchase_order_data({
      application_key: store.applicationKey,
      supplier_id: supplierId,
    });
    const created = { tone: "success", message: "purchase-order:reorder.created" } as const;
    return redirectWithToast(`${LIST_URL}/${data.id}`, created, request, context);
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    const message = error.status === 400 ? "message:not-found" : `message:${error.messageKey}`;
    return redirectWithToast(REORDER_URL, { tone: "error", message }, request, context);
  }
}

export default function PurchaseOrderList() {
  const { t } = useTranslation(["purchase-order", "common"]);
  const { title, reorderView, canAdd } = useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      primaryAction={canAdd ? { content: t("add-purchase-order"), url: `${LIST_URL}/add` } : undefined}
    >
      <BlockStack gap="400">
        <nav aria-label={t("title.list")}>
          <InlineStack gap="200">
            <Button url={LIST_URL} pressed={!reorderView}>
              {t("tab.all")}
            </Button>
            <Button url={REORDER_URL} pressed={reorderView}>
              {t("reorder.heading")}
            </Button>
          </InlineStack>
        </nav>
        {reorderView ? <Reorder /> : <List />}
      </BlockStack>
    </Page>
  );
}

function List() {
  const { t } = useTranslation(["purchase-order", "common"]);
  const { orders, suppliers, list } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListBody
      list={list}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={STATUS_FILTERS}
            all={t("filter.any-status")}
            choiceLabel={(option) => t(`status.${option}`)}
          />
          <QuerySelect
            name="supplier"
            label={t("filter.supplier")}
            value={query.supplier}
            options={[{ value: "", label: t("filter.any-supplier") }, ...suppliers]}
          />
        </>
      }
      resourceName={{ singular: t("purchase-order"), plural: t("purchase-orders") }}
      emptyText={t("no-purchase-orders")}
      columns={[
        {
          title: t("column.number"),
          cell: (order) => <RowLink url={`${LIST_URL}/${order.id}`}>{order.number}</RowLink>,
        },
        { title: t("column.supplier"), cell: (order) => order.supplierName },
        {
          title: t("column.status"),
          cell: (order) => <StatusBadge tone={STATUS_TONES[order.status]}>{t(`status.${order.status}`)}</StatusBadge>,
        },
        { title: t("column.expected-date"), figure: (order) => order.expectedDate ?? "—" },
        { title: t("column.received"), figure: (order) => order.received },
        { title: t("column.total"), amount: (order) => order.total },
        { title: t("column.create-date"), figure: (order) => order.createdAt },
      ]}
      rows={orders}
    />
  );
}

/** Products at or below their reorder point, by supplier, each supplier with its one-click draft. */
function Reorder() {
  const { t } = useTranslation("purchase-order");
  const { suggestions, canWrite } = useLoaderData<typeof loader>();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("reorder.heading")}
        </Text>
        <Text as="p" tone="subdued">
          {suggestions.length === 0 ? t("reorder.none") : t("reorder.help")}
        </Text>
        {suggestions.map((suggestion) => (
          <BlockStack gap="200" key={suggestion.supplierId}>
            <Text as="h3" variant="headingSm">
              {suggestion.supplierName}
            </Text>
            {suggestion.products.map((product) => (
              <InlineStack key={product.variantId} align="space-between" gap="200">
                <Text as="span">{`${product.name} (${product.code})`}</Text>
                <Text as="span" tone="subdued">
                  {t("reorder.stock", { stock: product.stock, point: product.reorderPoint })}
                </Text>
              </InlineStack>
            ))}
            {canWrite && (
              <Form method="post" noValidate>
                <input type="hidden" name="supplier_id" value={suggestion.supplierId} />
                <Button submit>{t("reorder.create", { supplier: suggestion.supplierName })}</Button>
              </Form>
            )}
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
