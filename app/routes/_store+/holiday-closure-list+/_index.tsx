import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { HOLIDAY_CLOSURE_PERIODS, HOLIDAY_CLOSURE_SORTS } from "#modules/holiday-closure/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL } from "./__holiday-closure-form";

/** Upcoming first: what a merchant plans around. */
const PERIOD_FILTERS = [...HOLIDAY_CLOSURE_PERIODS, "all"] as const;

export const handle: RouteHandle = { i18n: ["holiday-closure"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "holiday_closure:read");
  const { list, query, rows } = await loadList(
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
    emptyText:
      query.q || query.period === "past"
        ? ("common:list.no-results" as const)
        : query.period === "upcoming"
          ? ("holiday-closure:no-upcoming-holiday-closures" as const)
          : ("holiday-closure:no-holiday-closures" as const),
    canWrite: can(user, "holiday_closure:write"),
  };
}

export default function HolidayClosureList() {
  const { t } = useTranslation(["holiday-closure", "common"]);
  const { title, closures, list, emptyText, canWrite } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-holiday-closure"), url: `${LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter value={query.q} placeholder={t("search-placeholder")} />
          <QuerySelect
            name="period"
            label={t("period.label")}
            value={query.period}
            options={PERIOD_FILTERS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
          />
        </>
      }
      resourceName={{ singular: t("holiday-closure"), plural: t("holiday-closures") }}
      emptyText={t(emptyText)}
      headings={[{ title: t("column.days") }, { title: t("column.reason") }, { title: t("column.note") }]}
      rows={closures}
      cells={(closure) => (
        <>
          <IndexTable.Cell>
            <Link url={`${LIST_URL}/${closure.id}`} dataPrimaryLink removeUnderline>
              <Text as="span" fontWeight="semibold" numeric>
                {closure.start === closure.end ? closure.start : t("days", { start: closure.start, end: closure.end })}
              </Text>
            </Link>
          </IndexTable.Cell>
          <IndexTable.Cell>{closure.reason}</IndexTable.Cell>
          <IndexTable.Cell>{closure.note}</IndexTable.Cell>
        </>
      )}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
