import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QuerySelect, QueryTextField } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { canManageStaff, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { LIST_URL } from "./__staff-form";
import { ROLE_FILTERS, STATUS_FILTERS } from "./__staff-list-filters";
import { staffListPayload, staffListQuery } from "./__staff-list-query.server";

export const handle: RouteHandle = { i18n: ["staff-accounts"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_account:read");
  const query = staffListQuery(new URL(request.url));
  const { data, extra } = await client
    .get_store_staff_data_and_total_number_by_sorting_and_limit(staffListPayload(store.applicationKey, query))
    .catch(asRouteError);
  return {
    title: context.t("staff-accounts:title.list"),
    staff: data.map((account) => ({
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      disabled: account.disabled,
      created: hongKongDate(new Date(account.create_date)),
    })),
    query,
    filtered: Boolean(query.q) || query.role !== "all" || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: canManageStaff(user),
  };
}

export default function StaffAccountList() {
  const { t } = useTranslation(["staff-accounts", "common"]);
  const { title, staff, query, filtered, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-staff"), url: `${LIST_URL}/add` } : undefined}>
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
              name="role"
              label={t("filter.role")}
              value={query.role}
              options={ROLE_FILTERS.map((role) => ({
                value: role,
                label: role === "all" ? t("filter.all-roles") : t(`role.${role}`),
              }))}
            />
            <QuerySelect
              name="status"
              label={t("filter.status")}
              value={query.status}
              options={STATUS_FILTERS.map((status) => ({
                value: status,
                label: status === "all" ? t("filter.all-statuses") : t(`status.${status}`),
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
              { sort: "name", direction: "ASC", label: t("sort.name-ascending") },
              { sort: "email", direction: "ASC", label: t("sort.email-ascending") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("staff"), plural: t("staffs") }}
            primaryColumn={0}
            itemCount={staff.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-staff")}
            headings={[
              { title: t("column.name") },
              { title: t("column.email") },
              { title: t("column.role") },
              { title: t("column.status") },
              { title: t("column.created") },
            ]}
          >
            {staff.map((account, index) => (
              <IndexTable.Row id={String(account.id)} key={account.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/${account.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {account.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{account.email}</IndexTable.Cell>
                <IndexTable.Cell>{t(`role.${account.role}`)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={account.disabled ? "critical" : "success"}>
                    {t(account.disabled ? "status.disabled" : "status.active")}
                  </StatusBadge>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {account.created}
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
