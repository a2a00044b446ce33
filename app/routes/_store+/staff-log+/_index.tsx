import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { LOG_ACTIONS, LOGGED_MODULES } from "#contract/options";
import { LOG_KEPT_DAYS } from "#modules/staff-log/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LogChanges } from "~/components/log-changes";
import { DayRangeFilter, useExportLinks } from "~/components/list-filters";
import { ListPage } from "~/components/list-page";
import { QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { entryInWords } from "./__staff-log-entries.server";
import { ACTION_TONES } from "./__staff-log-filters";
import { staffLogPayload, staffLogQuery } from "./__staff-log-query.server";
import { LOG_SORTS } from "#modules/console/options";

export const handle: RouteHandle = { i18n: ["staff-log", "console"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "staff_log:read");
  const url = new URL(request.url);
  const payload = staffLogPayload(store.applicationKey, staffLogQuery(url));
  // A "who" the list refused (no e-mail address) reads as everyone.
  const query = {
    ...staffLogQuery(url),
    who: [payload.actor_email, payload.actor_type].find((value) => typeof value === "string") ?? "all",
  };
  const [{ data: actors }, { data, extra }] = await Promise.all([
    client
      .get_staff_log_actor_data_list_by_application_key({ application_key: store.applicationKey })
      .catch(asRouteError),
    client.get_staff_log_data_and_total_number_by_sorting_and_limit(payload).catch(asRouteError),
  ]);
  const people = actors.map((actor) => ({
    value: actor.email,
    label:
      actor.account_type === "store"
        ? context.t("staff-log:who.store-person", { email: actor.email })
        : context.t("staff-log:who.staff-person", { name: actor.name, email: actor.email }),
  }));
  // Someone no longer among the store's accounts (a deleted staff account) stays choosable once in the URL.
  const chosen = ["all", "store", "console", ...people.map((person) => person.value)].includes(query.who)
    ? []
    : [{ value: query.who, label: query.who }];
  return {
    title: context.t("staff-log:title"),
    search: url.search,
    list: {
      sortLabels: "staff-log:sort",
      sorts: LOG_SORTS,
      query,
      pageCount: pageCount(extra.total_number, query.pageSize),
      filtered:
        query.who !== "all" ||
        query.module !== "all" ||
        query.action !== "all" ||
        Boolean(query.date_from || query.date_to),
    },
    people: [...people, ...chosen],
    modules: LOGGED_MODULES.filter((module) => store.modules.includes(module) || module === query.module),
    entries: data.map((entry) => entryInWords(entry, actors, context)),
  };
}

/** Every add, edit and delete in the store, newest first, with who made it and what changed. */
export default function StaffLog() {
  const { t } = useTranslation(["staff-log", "console", "common"]);
  const { title, search, list, people, modules, entries } = useLoaderData<typeof loader>();
  const { query } = list;
  const exportLinks = useExportLinks("/staff-log", search, ["xlsx", "csv"]);
  return (
    <ListPage
      list={list}
      title={title}
      subtitle={t("kept", { days: LOG_KEPT_DAYS })}
      before={<PageLinks links={exportLinks} />}
      filters={
        <>
          <QuerySelect
            name="who"
            label={t("filter.who")}
            value={query.who}
            options={[
              { value: "all", label: t("who.all") },
              { value: "store", label: t("who.store") },
              { value: "console", label: t("who.console") },
              { value: "customer", label: t("who.customers") },
              ...people,
            ]}
          />
          <QuerySelect
            name="module"
            label={t("filter.module")}
            value={query.module}
            options={[
              { value: "all", label: t("filter.all-modules") },
              ...modules.map((module) => ({ value: module, label: t(`common:module.${module}`) })),
            ]}
          />
          <QuerySelect
            name="action"
            label={t("filter.action")}
            value={query.action}
            options={(["all", ...LOG_ACTIONS] as const).map((value) => ({
              value,
              label: t(`console:action.${value}`),
            }))}
          />
          <DayRangeFilter
            from={{ name: "date_from", label: t("filter.date-from") }}
            to={{ name: "date_to", label: t("filter.date-to") }}
          />
        </>
      }
      resourceName={{ singular: t("entry"), plural: t("entries") }}
      emptyText={t("no-entries")}
      columns={[
        { title: t("column.time"), figure: (entry) => entry.time },
        {
          title: t("column.who"),
          cell: (entry) => (
            <Text as="span" breakWord>
              {entry.who}
            </Text>
          ),
        },
        {
          title: t("column.action"),
          cell: (entry) => (
            <StatusBadge tone={ACTION_TONES[entry.action]}>{t(`console:action.${entry.action}`)}</StatusBadge>
          ),
        },
        {
          title: t("column.record"),
          cell: (entry) => (
            <>
              <Text as="span" breakWord>
                {entry.record}
              </Text>
              {entry.module && (
                <Text as="span" tone="subdued">
                  {` · ${entry.module}`}
                </Text>
              )}
            </>
          ),
        },
        { title: t("column.changes"), cell: (entry) => <LogChanges changes={entry.changes} /> },
      ]}
      rows={entries}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
