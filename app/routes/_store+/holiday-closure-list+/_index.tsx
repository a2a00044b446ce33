import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { HOLIDAY_CLOSURE_PERIODS, HOLIDAY_CLOSURE_SORTS } from "#modules/holiday-closure/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/holiday-closure-list";

/** Upcoming first: what a merchant plans around. */
const PERIOD_FILTERS = [...HOLIDAY_CLOSURE_PERIODS, "all"] as const;

export const handle: RouteHandle = { i18n: ["holiday-closure"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "holiday_closure:read");
  const { list, rows } = await loadList(
    {
      action: "get_holiday_closure_data_and_total_number_by_sorting_and_limit",
      ns: "holiday-closure",
      sorts: HOLIDAY_CLOSURE_SORTS,
      filters: { period: PERIOD_FILTERS },
      payload: (query) => ({ period: query.period === "all" ? undefined : query.period }),
    },
    client,
    request,
    { application_key: store.applicationKey },
  );
  return {
    title: context.t("holiday-closure:title.list"),
    closures: rows.map((closure) => ({
      id: closure.id,
      start: closure.start_date,
      end: closure.end_date,
      reason: localizedName(closure, context.locale, "name"),
      note: closure.note,
    })),
    list,
    canWrite: can(user, "holiday_closure:write"),
  };
}

export default function HolidayClosureList() {
  const { t } = useTranslation(["holiday-closure", "common"]);
  const { title, closures, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      title={title}
      primaryAction={canWrite ? { content: t("add-holiday-closure"), url: `${LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="period"
            label={t("period.label")}
            choices={PERIOD_FILTERS}
            all={t("period.all")}
            choiceLabel={(period) => t(`period.${period}`)}
          />
        </>
      }
      resourceName={{ singular: t("holiday-closure"), plural: t("holiday-closures") }}
      emptyText={t("no-upcoming-holiday-closures")}
      columns={[
        {
          title: t("column.days"),
          cell: (closure) => (
            <RowLink url={`${LIST_URL}/${closure.id}`}>
              {closure.start === closure.end ? closure.start : t("days", { start: closure.start, end: closure.end })}
            </RowLink>
          ),
        },
        { title: t("column.reason"), cell: (closure) => closure.reason },
        { title: t("column.note"), cell: (closure) => closure.note },
      ]}
      rows={closures}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
