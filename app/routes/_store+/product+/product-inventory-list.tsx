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
import { localizedName, withVariant } from "#contract/localized";
import { inventoryAdjustmentFields } from "#modules/product/contract";
import { PRODUCT_VARIANT_SORTS } from "#modules/product/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { FormErrors } from "~/components/form-errors";
import { ListPagination } from "~/components/list-pagination";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { ListFilters, ListTable } from "~/components/list-table";
import { TextInput } from "~/components/text-input";
import { SelectInput } from "~/components/choice-inputs";
import { locationChoices, usableLocations } from "~/server/locations.server";
import { useZodForm } from "~/utils/forms";
import { replyWithFailure } from "~/server/forms.server";
import { pageCount } from "~/utils/list-params";
import { listPayload, readId, readListQuery } from "~/utils/list-query.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_OPTIONS = {
  sorts: PRODUCT_VARIANT_SORTS,
  filters: { stock: ["all", "shortage"] },
  pageSizes: [50],
} as const;
/** A row's form: its variant (posted beside its product) and the change. */
const adjustmentSchema = z.object({
  product_code: z.string(),
  variant_id: z.coerce.number(),
  location_id: z.coerce.number().optional(),
  ...inventoryAdjustmentFields,
});

export const handle: RouteHandle = { i18n: ["product"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_inventory:read");
  const url = new URL(request.url);
  const query = readListQuery(url, LIST_OPTIONS);
  const historyCode = url.searchParams.get("history");
  const historyVariant = readId(url, "variant");
  const location = readId(url, "location");
  const key = { application_key: store.applicationKey };
  const [list, history, variants] = await Promise.all([
    client.get_product_variant_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...listPayload(query),
      // Lowest stock first: what needs restocking leads.
      direction: "ASC",
      stock_status: query.stock === "shortage" ? "shortage" : undefined,
      location_id: location ? Number(location) : undefined,
    }),
    historyCode
      ? client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
          ...key,
          product_code: historyCode,
          variant_id: historyVariant ? Number(historyVariant) : undefined,
        })
      : null,
    // The history's product, named with its variant's label.
    historyCode
      ? client.get_product_variant_data_list_by_application_key_and_product_codes({
          ...key,
          product_codes: [historyCode],
        })
      : null,
  ]).catch(asRouteError);
  const locations = locationChoices(user, list.data.locations, context.locale);
  const locale = context.locale;
  const named = variants?.data.find((variant) => String(variant.id) === historyVariant) ?? variants?.data[0];
  return {
    title: context.t("product:title.inventory"),
    query,
    pageCount: pageCount(list.extra.total_number, query.pageSize),
    canWrite: can(user, "product_inventory:write"),
    locations,
    // Where the user may adjust: every location, or those their account is limited to.
    adjustable: usableLocations(user, locations),
    // The location the list shows and adjusts at; none: the totals, adjusted at the first location.
    location: locations.find((choice) => choice.value === location) ?? null,
    variants: list.data.variants.map((variant) => ({
      id: variant.id,
      code: variant.product_code,
      name: localizedName(variant, locale, "name"),
      label: localizedName(variant, locale, "label"),
      sku: variant.sku,
      stock: variant.unlimited_inventory ? null : variant.stock,
      shortage: variant.stock_status === "shortage",
      sellable: variant.sellable,
      // A product's one variant is its product: its history is the product's.
      historyUrl: `?history=${encodeURIComponent(variant.product_code)}${
        variant.variant_count > 1 ? `&variant=${variant.id}` : ""
      }${location ? `&location=${location}` : ""}`,
    })),
    history: history && {
      code: historyCode,
      name: named ? localizedName(named, locale, "name") : historyCode,
      label: historyVariant && named ? localizedName(named, locale, "label") : "",
      allUrl: historyVariant
        ? `?history=${encodeURIComponent(historyCode ?? "")}${location ? `&location=${location}` : ""}`
        : null,
      entries: history.data.map((entry) => ({
        ...entry,
        label: historyVariant ? "" : localizedName(entry, locale, "label"),
        place:
          entry.location_name_zh_hk === null
            ? ""
            : localizedName(
                { name_zh_hk: entry.location_name_zh_hk, name_en: entry.location_name_en ?? "" },
                locale,
                "name",
              ),
        time: hongKongTime(entry.create_date),
      })),
    },
  };
}

/** One variant's stock changes by the amount typed, with its reason; the backend keeps it at 0 or more. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "product_inventory:write");
  const submission = parseWithZod(await request.formData(), { schema: adjustmentSchema });
  const variantId = String(submission.payload.variant_id ?? "");
  if (submission.status !== "success") return { variantId, result: submission.reply() };
  try {
    await client.add_inventory_adjustment_data({
      application_key: store.applicationKey,
      ...submission.value,
    });
  } catch (error) {
    return { variantId, result: replyWithFailure(submission, error) };
  }
  const back = new URL(request.url);
  return redirectWithToast(
    back.pathname + back.search,
    { tone: "success", message: "product:stock-adjusted" },
    request,
    context,
  );
}

function AdjustForm({ id, code, name }: { id: number; code: string; name: string }) {
  const { t } = useTranslation("product");
  const { locations, adjustable, location } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = adjustable.find((choice) => choice.value === location?.value);
  const [form, fields] = useZodForm(
    adjustmentSchema,
    actionData?.variantId === String(id) ? actionData.result : undefined,
    { location_id: here?.value ?? adjustable[0]?.value },
  );
  return (
    <Form method="post" {...getFormProps(form)} aria-label={t("adjust-named", { name })}>
      <input type="hidden" name="product_code" value={code} />
      <input type="hidden" name="variant_id" value={id} />
      <InlineStack gap="200" blockAlign="start" wrap={locations.length > 1}>
        {locations.length > 1 && (
          <SelectInput field={fields.location_id} label={t("field.location")} choices={adjustable} />
        )}
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

function StockHistory() {
  const { t } = useTranslation("product");
  const { history } = useLoaderData<typeof loader>();
  if (!history) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("history-title", { name: withVariant(history.name ?? "", history.label) })}
        </Text>
        {history.allUrl && (
          <InlineStack>
            <Button variant="plain" url={history.allUrl}>
              {t("history-all-variants")}
            </Button>
          </InlineStack>
        )}
        {history.entries.length === 0 && <Text as="p">{t("no-history")}</Text>}
        {history.entries.map((entry) => (
          <Text as="p" key={entry.id}>
            {entry.label ? `${entry.label} · ` : ""}
            {entry.place ? `${entry.place} · ` : ""}
            {t("history-entry", { ...entry })}
          </Text>
        ))}
      </BlockStack>
    </Card>
  );
}

export default function InventoryList() {
  const { t } = useTranslation(["product", "common"]);
  const { title, query, pageCount, canWrite, variants, locations, location } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <BlockStack gap="400">
        <Card>
          <ListFilters>
            <SearchFilter value={query.q} />
            {locations.length > 1 && (
              <ChoiceFilter
                name="location"
                label={t("field.location")}
                value={location?.value}
                choices={["all", ...locations.map((choice) => choice.value)]}
                all={t("all-locations")}
                choiceLabel={(id) => locations.find((choice) => choice.value === id)?.label ?? id}
              />
            )}
            <label className="inline-check">
              <input type="checkbox" name="stock" value="shortage" defaultChecked={query.stock === "shortage"} />
              <Text as="span">{t("filter-option.stock.shortage")}</Text>
            </label>
          </ListFilters>
        </Card>
        <StockHistory />
        <Card padding="0">
          <ListTable
            resourceName={{ singular: t("product"), plural: t("products") }}
            itemCount={variants.length}
            emptyText={t("common:list.no-results")}
            headings={[
              { title: t("column.name") },
              {
                title: location ? t("column.stock-at", { location: location.label }) : t("column.stock"),
                alignment: "end",
              },
              { title: t("column.adjust") },
            ]}
          >
            {variants.map((variant, index) => (
              <IndexTable.Row id={String(variant.id)} key={variant.id} position={index}>
                <IndexTable.Cell>
                  <BlockStack gap="050" inlineAlign="start">
                    <Text as="span" fontWeight="semibold">
                      {variant.name}
                    </Text>
                    {(variant.label || variant.sku) && (
                      <Text as="span" tone="subdued">
                        {[variant.label, variant.sku && t("sku-named", { sku: variant.sku })]
                          .filter(Boolean)
                          .join(" · ")}
                      </Text>
                    )}
                    <Button variant="plain" url={variant.historyUrl}>
                      {t("history")}
                    </Button>
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <InlineStack align="end" gap="100">
                    {variant.stock === null ? (
                      <Text as="span">{t("unlimited")}</Text>
                    ) : (
                      <Text as="span" numeric tone={variant.shortage ? "critical" : undefined}>
                        {variant.stock}
                      </Text>
                    )}
                    {variant.shortage && <StatusBadge tone="critical">{t("stock-status.shortage")}</StatusBadge>}
                    {!variant.sellable && <StatusBadge>{t("not-sellable")}</StatusBadge>}
                  </InlineStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {variant.stock === null || !canWrite ? null : (
                    <AdjustForm id={variant.id} code={variant.code} name={withVariant(variant.name, variant.label)} />
                  )}
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
