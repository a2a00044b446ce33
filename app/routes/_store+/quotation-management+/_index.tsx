import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { EmptyState } from "@shopify/polaris/build/esm/components/EmptyState/EmptyState.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, STATUS_FILTERS, STATUS_TONES } from "./__quotation-requests";
import { requestListPage } from "./__quotation-requests.server";

export const handle: RouteHandle = { i18n: ["quotation-request"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:read");
  return {
    title: context.t("quotation-request:title.list"),
    ...(await requestListPage(client, store.applicationKey, request)),
  };
}

/** The website's requests: search, status, days received, order and paging. */
export default function QuotationRequestList() {
  const { t } = useTranslation(["quotation-request", "common"]);
  const { title, list, requests, filtered } = useLoaderData<typeof loader>();
  const { query } = list;
  if (requests.length === 0 && !filtered && query.page === 1) {
    return (
      <Page title={title}>
        <Card>
          <EmptyState heading={t("no-requests")} image="">
            <p>{t("no-requests-help")}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }
  return (
    <ListPage
      list={list}
      title={title}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <QuerySelect
            name="status"
            label={t("filter.status")}
            value={query.status}
            options={STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === "all" ? t("filter.all") : t(`status.${status}`),
            }))}
          />
          <DayRangeFilter
            from={{ name: "created_from", label: t("filter.created_from") }}
            to={{ name: "created_to", label: t("filter.created_to") }}
          />
        </>
      }
      resourceName={{ singular: t("request"), plural: t("requests") }}
      emptyText={t("common:list.no-results")}
      columns={[
        {
          title: t("column.contact"),
          cell: (request) => (
            <BlockStack gap="050">
              <Link url={`${LIST_URL}/detail/${request.id}`} dataPrimaryLink removeUnderline>
                <Text as="span" fontWeight="semibold">
                  {request.contactName}
                </Text>
              </Link>
              <Text as="span" tone="subdued">
                {[request.email, request.phone].filter(Boolean).join(" · ")}
              </Text>
            </BlockStack>
          ),
        },
        { title: t("column.company"), cell: (request) => request.companyName || t("empty") },
        {
          title: t("column.status"),
          cell: (request) => (
            <StatusBadge tone={STATUS_TONES[request.status]}>{t(`status.${request.status}`)}</StatusBadge>
          ),
        },
        { title: t("column.received"), figure: (request) => request.receivedAt },
      ]}
      rows={requests}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
