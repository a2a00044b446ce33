import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CUSTOM_PAGE_SORTS, CUSTOM_PAGE_STATUSES } from "#modules/custom-page/options";
import { hongKongTime } from "#contract/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { localizedName } from "#contract/localized";

const LIST_URL = "/layout/custom-page";

const STATUS_FILTERS = ["all", ...CUSTOM_PAGE_STATUSES] as const;

export const handle: RouteHandle = { i18n: ["custom-page"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const { list, rows } = await loadList(
    {
      action: "get_custom_page_data_and_total_number_by_sorting_and_limit",
      ns: "custom-page",
      sorts: CUSTOM_PAGE_SORTS,
      filters: { status: STATUS_FILTERS },
      payload: (query) => ({
        status: query.status === "all" ? undefined : query.status,
      }),
    },
    client,
    request,
    { application_key: store.applicationKey },
  );
  return {
    title: context.t("custom-page:title.list"),
    pages: rows.map((page) => ({
      id: page.id,
      title: localizedName(page, context.locale, "title"),
      link: `/${page.link}`,
      published: page.publish,
      updatedAt: hongKongTime(page.update_date),
    })),
    list,
    canWrite: can(user, "layout:write"),
  };
}

export default function CustomPageList() {
  const { t } = useTranslation(["custom-page", "common"]);
  const { title, pages, list, canWrite } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-custom-page"), url: `${LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <QuerySelect
            name="status"
            label={t("status.label")}
            value={query.status}
            options={STATUS_FILTERS.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        </>
      }
      resourceName={{ singular: t("custom-page"), plural: t("custom-pages") }}
      emptyText={t("no-custom-pages")}
      columns={[
        {
          title: t("column.title"),
          cell: (page) => <RowLink url={`${LIST_URL}/detail/${page.id}`}>{page.title}</RowLink>,
        },
        { title: t("column.link"), cell: (page) => page.link },
        {
          title: t("column.status"),
          cell: (page) => (
            <StatusBadge tone={page.published ? "success" : undefined}>
              {t(page.published ? "status.published" : "status.draft")}
            </StatusBadge>
          ),
        },
        { title: t("column.updated"), cell: (page) => page.updatedAt },
      ]}
      rows={pages}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
