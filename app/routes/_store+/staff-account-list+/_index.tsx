import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { canManageStaff, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { ROLE_FILTERS, STATUS_FILTERS } from "./__staff-list-filters";
import { staffList } from "./__staff-list-query.server";

const LIST_URL = "/staff-account-list";

export const handle: RouteHandle = { i18n: ["staff-account"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_account:read");
  const { list, rows } = await staffList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("staff-account:title.list"),
    staff: rows.map((account) => ({
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      disabled: account.disabled,
      created: hongKongDate(new Date(account.create_date)),
    })),
    list,
    canWrite: canManageStaff(user),
  };
}

export default function StaffAccountList() {
  const { t } = useTranslation(["staff-account", "common"]);
  const { title, staff, list, canWrite } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-staff"), url: `${LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
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
        </>
      }
      resourceName={{ singular: t("staff"), plural: t("staffs") }}
      emptyText={t("no-staff")}
      columns={[
        {
          title: t("column.name"),
          cell: (account) => <RowLink url={`${LIST_URL}/${account.id}`}>{account.name}</RowLink>,
        },
        { title: t("column.email"), cell: (account) => account.email },
        { title: t("column.role"), cell: (account) => t(`role.${account.role}`) },
        {
          title: t("column.status"),
          cell: (account) => (
            <StatusBadge tone={account.disabled ? "critical" : "success"}>
              {t(account.disabled ? "status.disabled" : "status.active")}
            </StatusBadge>
          ),
        },
        { title: t("column.created"), figure: (account) => account.created },
      ]}
      rows={staff}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
