import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ListPagination } from "~/components/list-pagination";
import { ListTable } from "~/components/list-table";
import { ListSort } from "~/components/list-sort";
import { INTERNAL_ACCOUNT_SORTS } from "~/utils/list-sorts.server";
import { asRouteError } from "~/server/errors.server";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["provider-staff"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, client } = await requireConsole(request, context);
  const query = readListQuery(new URL(request.url), { sorts: INTERNAL_ACCOUNT_SORTS });
  const { data, extra } = await client
    .get_internal_account_data_and_total_number_by_sorting_and_limit(listPayload(query))
    .catch(asRouteError);
  return {
    title: context.t("provider-staff:title.list"),
    workers: data.map((worker) => ({ ...worker, isSelf: worker.id === user.accountId })),
    query,
    pageCount: pageCount(extra.total_number, query.pageSize),
  };
}

export default function WorkerAccountList() {
  const { t } = useTranslation(["provider-staff", "common"]);
  const { title, workers, query, pageCount } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={{ content: t("add-worker"), url: "/worker-account-list/add" }}>
      <Card padding="0">
        <ListSort
          sort={query.sort}
          direction={query.direction}
          options={[
            { sort: "create_date", direction: "DESC", label: t("sort.newest") },
            { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
            { sort: "email", direction: "ASC", label: t("sort.email-ascending") },
            { sort: "email", direction: "DESC", label: t("sort.email-descending") },
          ]}
        />
        <ListTable
          resourceName={{ singular: t("worker"), plural: t("workers") }}
          itemCount={workers.length}
          emptyText={t("no-workers")}
          headings={[{ title: t("column.name") }, { title: t("column.email") }, { title: t("column.status") }]}
        >
          {workers.map((worker, index) => (
            <IndexTable.Row id={String(worker.id)} key={worker.id} position={index}>
              <IndexTable.Cell>
                <InlineStack gap="200" blockAlign="center">
                  <Link url={`/worker-account-list/${worker.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {worker.name}
                    </Text>
                  </Link>
                  {worker.isSelf && <StatusBadge>{t("you")}</StatusBadge>}
                </InlineStack>
              </IndexTable.Cell>
              <IndexTable.Cell>{worker.email}</IndexTable.Cell>
              <IndexTable.Cell>
                {worker.disabled ? (
                  <StatusBadge tone="critical">{t("common:form.disabled")}</StatusBadge>
                ) : (
                  <StatusBadge tone="success">{t("common:form.enabled")}</StatusBadge>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
      <ListPagination page={query.page} pageCount={pageCount} />
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
