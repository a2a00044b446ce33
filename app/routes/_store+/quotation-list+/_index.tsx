import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
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
import { titleMeta } from "~/utils/meta";
import { LIST_URL, STATUS_FILTERS, STATUS_TONES } from "./__quotation-list-filters";
import { quotationListPayload, quotationListQuery } from "./__quotation-list-query.server";

export const handle: RouteHandle = { i18n: ["quotations"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:read");
  const query = quotationListQuery(new URL(request.url));
  const { data, extra } = await client
    .get_quotation_data_and_total_number_by_sorting_and_limit(quotationListPayload(store.applicationKey, query))
    .catch(asRouteError);
  return {
    title: context.t("quotations:title.list"),
    quotations: data.map((quotation) => ({
      id: quotation.id,
      number: quotation.number,
      customer: [quotation.company_name, quotation.contact_name].filter(Boolean).join(" · "),
      status: quotation.status,
      validUntil: quotation.valid_until,
      total: formatHkd(quotation.total_cents),
      createdAt: hongKongTime(quotation.create_date),
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all" || query.date_from !== "" || query.date_to !== "",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "quotation:write"),
  };
}

export default function QuotationList() {
  const { t } = useTranslation(["quotations", "common"]);
  const { title, quotations, query, filtered, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-quotation"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
        <Card>
          <ListFilters>
            <QueryTextField
              name="q"
              label={t("common:list.search")}
              value={query.q}
              placeholder={t("search-placeholder")}
            />
            <QuerySelect
              name="status"
              label={t("filter.status")}
              value={query.status}
              options={STATUS_FILTERS.map((option) => ({
                value: option,
                label: option === "all" ? t("filter.any-status") : t(`status.${option}`),
              }))}
            />
            <QueryTextField
              name="date_from"
              label={t("filter.date-from")}
              value={query.date_from}
              placeholder="YYYY-MM-DD"
            />
            <QueryTextField name="date_to" label={t("filter.date-to")} value={query.date_to} placeholder="YYYY-MM-DD" />
          </ListFilters>
        </Card>
        <Card padding="0">
          <ListSort
            sort={query.sort}
            direction={query.direction}
            options={[
              { sort: "create_date", direction: "DESC", label: t("sort.newest") },
              { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
              { sort: "valid_until", direction: "ASC", label: t("sort.valid-soonest") },
              { sort: "valid_until", direction: "DESC", label: t("sort.valid-latest") },
              { sort: "total", direction: "DESC", label: t("sort.total-high") },
              { sort: "total", direction: "ASC", label: t("sort.total-low") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("quotation"), plural: t("quotations") }}
            primaryColumn={0}
            itemCount={quotations.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-quotations")}
            headings={[
              { title: t("column.number") },
              { title: t("column.customer") },
              { title: t("column.status") },
              { title: t("column.valid-until") },
              { title: t("column.total"), alignment: "end" },
              { title: t("column.create-date") },
            ]}
          >
            {quotations.map((quotation, index) => (
              <IndexTable.Row id={String(quotation.id)} key={quotation.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/detail/${quotation.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {quotation.number}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{quotation.customer}</IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={STATUS_TONES[quotation.status]}>{t(`status.${quotation.status}`)}</StatusBadge>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {quotation.validUntil}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {quotation.total}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {quotation.createdAt}
                  </Text>
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
