import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LOG_ACTIONS } from "#contract/options";
import { requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LogChanges } from "~/components/log-changes";
import { StatusBadge } from "~/components/status-badge";
import { ListPagination } from "~/components/list-pagination";
import { PageLinks } from "~/components/page-links";
import { QueryInput } from "~/components/query-input";
import { ListFilters, ListTable } from "~/components/list-table";
import { hongKongTime } from "#contract/dates";
import { asRouteError } from "~/server/errors.server";
import { pageCount } from "~/utils/list-params";
import { describeChanges, describeRecord } from "~/server/log-entry.server";
import { logPayload, logQuery } from "./__log-query.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const ACTION_TONE = { add: "success", edit: "info", delete: "critical" } as const;

export const handle: RouteHandle = { i18n: ["console"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const filters = logQuery(new URL(request.url));
  const { data, extra } = await client
    .get_log_data_and_total_number_by_sorting_and_limit({
      ...logPayload(filters),
      limit: filters.pageSize,
      page: filters.page,
    })
    .catch(asRouteError);
  return {
    title: context.t("console:title.log"),
    filters,
    pageCount: pageCount(extra.total_number, filters.pageSize),
    entries: data.map((entry) => ({
      id: entry.id,
      time: hongKongTime(entry.create_date),
      actor: entry.actor_email,
      store: entry.store_name ?? entry.application_key,
      action: entry.action,
      record: describeRecord(entry, context.t, context.locale),
      changes: describeChanges(entry, context.t, context.locale),
    })),
  };
}

/** Every add, edit and delete, newest first, filtered through GET parameters (works without JS). */
export default function Log() {
  const { t } = useTranslation(["console", "common"]);
  const { title, filters, entries, pageCount } = useLoaderData<typeof loader>();
  const location = useLocation();
  const [action, setAction] = useState(filters.action);
  return (
    <Page title={title}>
      <BlockStack gap="400">
        <PageLinks links={[{ content: t("export-csv"), url: `/log/export.csv${location.search}`, external: true }]} />
        <Card>
          <ListFilters>
            <QueryInput name="application_key" label={t("filter.store")} value={filters.application_key} />
            <QueryInput name="actor_email" label={t("filter.person")} value={filters.actor_email} type="email" />
            <Select
              name="action"
              label={t("filter.action")}
              options={(["all", ...LOG_ACTIONS] as const).map((value) => ({ value, label: t(`action.${value}`) }))}
              value={action}
              onChange={(value) => setAction(value as typeof action)}
            />
            <QueryInput name="date_from" label={t("filter.date-from")} value={filters.date_from} type="date" />
            <QueryInput name="date_to" label={t("filter.date-to")} value={filters.date_to} type="date" />
          </ListFilters>
        </Card>
        <Card padding="0">
          <ListTable
            resourceName={{ singular: t("entry"), plural: t("entries") }}
            itemCount={entries.length}
            emptyText={t("common:list.no-results")}
            headings={[
              { title: t("column.time") },
              { title: t("column.person") },
              { title: t("column.store") },
              { title: t("column.action") },
              { title: t("column.record") },
              { title: t("column.changes") },
            ]}
          >
            {entries.map((entry, index) => (
              <IndexTable.Row id={String(entry.id)} key={entry.id} position={index}>
                <IndexTable.Cell>{entry.time}</IndexTable.Cell>
                <IndexTable.Cell>{entry.actor}</IndexTable.Cell>
                <IndexTable.Cell>{entry.store ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={ACTION_TONE[entry.action]}>{t(`action.${entry.action}`)}</StatusBadge>
                </IndexTable.Cell>
                <IndexTable.Cell>{entry.record}</IndexTable.Cell>
                <IndexTable.Cell>
                  <LogChanges changes={entry.changes} />
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <ListPagination page={filters.page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
