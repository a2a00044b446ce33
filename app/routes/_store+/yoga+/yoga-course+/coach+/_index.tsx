import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { COACH_SORTS, COACH_STATUSES } from "#modules/course-setup/options";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { PageLinks } from "~/components/page-links";
import { SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/yoga/yoga-course/coach";

const STATUS_FILTERS = ["all", ...COACH_STATUSES] as const;

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/timetable" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const { list, rows } = await loadList(
    {
      action: "get_yoga_coach_data_and_total_number_by_sorting_and_limit",
      ns: "course-setup",
      sorts: COACH_SORTS,
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
    title: context.t("course-setup:title.coaches"),
    coaches: rows.map((coach) => ({
      id: coach.id,
      name: localizedName(coach, context.locale, "name"),
      photoUrl: coach.photo_url,
      active: coach.active,
    })),
    list,
    canWrite: can(user, "yoga_course:write"),
  };
}

export default function CoachList() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, coaches, list, canWrite } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-coach"), url: `${LIST_URL}/add` } : undefined}
      before={
        <>
          <PageLinks links={[{ content: t("title.course-types"), url: "/yoga/yoga-course/course-type" }]} />
        </>
      }
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
        </>
      }
      resourceName={{ singular: t("coach"), plural: t("coaches") }}
      primaryColumn={1}
      emptyText={t("no-coaches")}
      columns={[
        {
          title: t("column.photo"),
          cell: (coach) =>
            coach.photoUrl && (
              <Thumbnail source={coach.photoUrl} alt={t("photo-of", { name: coach.name })} size="small" />
            ),
        },
        { title: t("column.name"), cell: (coach) => <RowLink url={`${LIST_URL}/${coach.id}`}>{coach.name}</RowLink> },
        {
          title: t("column.status"),
          cell: (coach) => (
            <StatusBadge tone={coach.active ? "success" : undefined}>
              {coach.active ? t("status.active") : t("status.inactive")}
            </StatusBadge>
          ),
        },
      ]}
      rows={coaches}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
