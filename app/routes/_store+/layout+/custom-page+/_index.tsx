import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { CUSTOM_PAGE_SORTS, CUSTOM_PAGE_STATUSES } from "#contract/custom-pages";
import { hongKongTime } from "#contract/dates";
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
import { localizedName } from "#contract/localized";
import { LIST_URL } from "./__custom-page-form";

const STATUS_FILTERS = ["all", ...CUSTOM_PAGE_STATUSES] as const;

export const handle: RouteHandle = { i18n: ["custom-pages"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const query = readListQuery(new URL(request.url), { sorts: CUSTOM_PAGE_SORTS, filters: { status: STATUS_FILTERS } });
  const { data, extra } = await client
    .get_custom_page_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      ...listPayload(query),
      status: query.status === "all" ? undefined : query.status,
    })
    .catch(asRouteError);
  return {
    title: context.t("custom-pages:title.list"),
    pages: data.map((page) => ({
      id: page.id,
      title: localizedName(page, context.locale, "title"),
      link: `/${page.link}`,
      published: page.publish,
      updatedAt: hongKongTime(page.update_date),
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "layout:write"),
  };
}

export default function CustomPageList() {
  const { t } = useTranslation(["custom-pages", "common"]);
  const { title, pages, query, filtered, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      primaryAction={canWrite ? { content: t("add-custom-page"), url: `${LIST_URL}/add` } : undefined}
    >
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
              label={t("status.label")}
              value={query.status}
              options={STATUS_FILTERS.map((status) => ({ value: status, label: t(`status.${status}`) }))}
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
              { sort: "update_date", direction: "DESC", label: t("sort.updated") },
              { sort: "title", direction: "ASC", label: t("sort.title-ascending") },
              { sort: "title", direction: "DESC", label: t("sort.title-descending") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("custom-page"), plural: t("custom-pages") }}
            primaryColumn={0}
            itemCount={pages.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-custom-pages")}
            headings={[
              { title: t("column.title") },
              { title: t("column.link") },
              { title: t("column.status") },
              { title: t("column.updated") },
            ]}
          >
            {pages.map((page, index) => (
              <IndexTable.Row id={String(page.id)} key={page.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/detail/${page.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {page.title}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{page.link}</IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={page.published ? "success" : undefined}>
                    {t(page.published ? "status.published" : "status.draft")}
                  </StatusBadge>
                </IndexTable.Cell>
                <IndexTable.Cell>{page.updatedAt}</IndexTable.Cell>
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
