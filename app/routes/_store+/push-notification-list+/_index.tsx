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
import { localizedName } from "#contract/localized";
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
import { LIST_URL } from "./__push-form";
import { pushListPayload, pushListQuery } from "./__push-list-query.server";
import { STATUS_FILTERS, STATUS_TONES } from "./__push-status";

export const handle: RouteHandle = { i18n: ["push-notifications"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "push_notification:read");
  const query = pushListQuery(new URL(request.url));
  const { data, extra } = await client
    .get_push_notification_data_and_total_number_by_sorting_and_limit(pushListPayload(store.applicationKey, query))
    .catch(asRouteError);
  return {
    title: context.t("push-notifications:title.list"),
    pushes: data.map((push) => ({
      id: push.id,
      title: localizedName(push, context.locale, "title"),
      audience: push.audience,
      status: push.status,
      sendAt: push.send_at && push.status !== "draft" ? hongKongTime(push.send_at) : null,
      results:
        push.status === "sent" || push.status === "failed" || push.status === "sending"
          ? context.t("push-notifications:results.summary", { sent: push.sent_count, recipients: push.recipient_count })
          : null,
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "push_notification:write"),
  };
}

export default function PushNotificationList() {
  const { t } = useTranslation(["push-notifications", "common"]);
  const { title, pushes, query, filtered, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-push"), url: `${LIST_URL}/add` } : undefined}>
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
                label: option === "all" ? t("filter.all-statuses") : t(`status.${option}`),
              }))}
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
              { sort: "send_at", direction: "DESC", label: t("sort.send-latest") },
              { sort: "send_at", direction: "ASC", label: t("sort.send-earliest") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("push"), plural: t("pushes") }}
            primaryColumn={0}
            itemCount={pushes.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-pushes")}
            headings={[
              { title: t("column.title") },
              { title: t("column.audience") },
              { title: t("column.send-at") },
              { title: t("column.results") },
              { title: t("column.status") },
            ]}
          >
            {pushes.map((push, index) => (
              <IndexTable.Row id={String(push.id)} key={push.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/${push.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {push.title}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{t(`audience.${push.audience}`)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {push.sendAt ?? t("not-scheduled")}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {push.results ?? t("not-scheduled")}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={STATUS_TONES[push.status]}>{t(`status.${push.status}`)}</StatusBadge>
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
