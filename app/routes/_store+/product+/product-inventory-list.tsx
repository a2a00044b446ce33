import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { localizedName } from "#contract/localized";
import { inventoryAdjustmentFields } from "#modules/product/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { FormErrors } from "~/components/form-errors";
import { ListPagination } from "~/components/list-pagination";
import { SearchFilter } from "~/components/list-filters";
import { ListFilters, ListTable } from "~/components/list-table";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/server/forms.server";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_OPTIONS = { sorts: ["stock"], filters: { stock: ["all", "shortage"] }, pageSizes: [50] } as const;
const adjustmentSchema = z.object({ product_code: z.string(), ...inventoryAdjustmentFields });

export const handle: RouteHandle = { i18n: ["product"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_inventory:read");
  const url = new URL(request.url);
  const query = readListQuery(url, LIST_OPTIONS);
  const historyCode = url.searchParams.get("history");
  const [list, history] = await Promise.all([
    client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      application_key: store.applicationKey,
      ...listPayload(query),
      // Lowest stock first: what needs restocking leads.
      direction: "ASC",
      filter_additional_product: true,
      merge_with_quantity: false,
      include_pos: true,
      stock_status: query.stock === "shortage" ? "shortage" : undefined,
    }),
    historyCode
      ? client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
          application_key: store.applicationKey,
          product_code: historyCode,
        })
      : null,
  ]).catch(asRouteError);
  return {
    title: context.t("product:title.inventory"),
    query,
    pageCount: pageCount(list.extra.total_number, query.pageSize),
    canWrite: can(user, "product_inventory:write"),
    products: list.data.map((product) => ({
      code: product.product_code,
      name: localizedName(product, context.locale, "name"),
      stock: product.unlimited_inventory ? null : product.stock,
      shortage: product.stock_status === "shortage",
    })),
    history: history && {
      code: historyCode,
      entries: history.data.map((entry) => ({ ...entry, time: hongKongTime(entry.create_date) })),
    },
  };
}

/** One product's stock changes by the amount typed, with its reason; the backend keeps it at 0 or more. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_inventory:write");
  const submission = parseWithZod(await request.formData(), { schema: adjustmentSchema });
  const productCode = String(submission.payload.product_code ?? "");
  if (submission.status !== "success") return { productCode, result: submission.reply() };
  try {
    await client.add_inventory_adjustment_data({
      application_key: store.applicationKey,
      ...submission.value,
    });
  } catch (error) {
    return { productCode, result: replyWithFailure(submission, error) };
  }
  const back = new URL(request.url);
  return redirectWithToast(
    back.pathname + back.search,
    { tone: "success", message: "product:stock-adjusted" },
    request,
    context,
  );
}

function AdjustForm({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation("product");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(adjustmentSchema, actionData?.productCode === code ? actionData.result : undefined);
  return (
    <Form method="post" {...getFormProps(form)} aria-label={t("adjust-named", { name })}>
      <input type="hidden" name="product_code" value={code} />
      <InlineStack gap="200" blockAlign="start" wrap={false}>
        <TextInput field={fields.change} label={t("field.change")} autoComplete="off" />
        <TextInput field={fields.reason} label={t("field.reason")} autoComplete="off" />
        <div className="adjust-submit">
          <Button submit>{t("adjust")}</Button>
        </div>
      </InlineStack>
      <FormErrors form={form} />
    </Form>
  );
}

export default function InventoryList() {
  const { t } = useTranslation(["product", "common"]);
  const { title, query, pageCount, canWrite, products, history } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <BlockStack gap="400">
        <Card>
          <ListFilters>
            <SearchFilter value={query.q} />
            <label className="inline-check">
              <input type="checkbox" name="stock" value="shortage" defaultChecked={query.stock === "shortage"} />
              <Text as="span">{t("filter-option.stock.shortage")}</Text>
            </label>
          </ListFilters>
        </Card>
        {history && (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("history-title", { code: history.code })}
              </Text>
              {history.entries.length === 0 && <Text as="p">{t("no-history")}</Text>}
              {history.entries.map((entry) => (
                <Text as="p" key={entry.id}>
                  {t("history-entry", { ...entry })}
                </Text>
              ))}
            </BlockStack>
          </Card>
        )}
        <Card padding="0">
          <ListTable
            resourceName={{ singular: t("product"), plural: t("products") }}
            itemCount={products.length}
            emptyText={t("common:list.no-results")}
            headings={[
              { title: t("column.name") },
              { title: t("column.stock"), alignment: "end" },
              { title: t("column.adjust") },
            ]}
          >
            {products.map((product, index) => (
              <IndexTable.Row id={product.code} key={product.code} position={index}>
                <IndexTable.Cell>
                  <BlockStack gap="050" inlineAlign="start">
                    <Text as="span" fontWeight="semibold">
                      {product.name}
                    </Text>
                    <Button variant="plain" url={`?history=${encodeURIComponent(product.code)}`}>
                      {t("history")}
                    </Button>
                  </BlockStack>
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
                  {product.stock === null || !canWrite ? null : <AdjustForm code={product.code} name={product.name} />}
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
