import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { addDays, mondayOf } from "#contract/course-calendar";
import type { CourseSessionRecord } from "#modules/course-session/contract";
import { hongKongDate, hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QuerySelect } from "~/components/list-table";
import { QueryInput } from "~/components/query-input";
import { StatusBadge } from "~/components/status-badge";
import { TimeGrid, TimeGridNav, timeGridLinks } from "~/components/time-grid";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { dateQuery, sessionListPayload, sessionListQuery, timetableGrid } from "./__timetable-query.server";
import { COURSE_SESSION_SORTS } from "#modules/course-session/options";
import { sortOptions } from "~/utils/sort-options";
import { STATUS_FILTERS, TIMETABLE_URL } from "./__timetable-filters";

export const handle: RouteHandle = { i18n: ["course-session"] };
export const links = timeGridLinks;
export const meta = titleMeta;

/** A session as the list shows it, in the page's language and Hong Kong time. */
function shown(session: CourseSessionRecord, locale: string) {
  const [date, start] = hongKongTime(session.starts_at).split(" ");
  return {
    id: session.id,
    date,
    time: `${start}–${hongKongTime(session.ends_at).slice(11)}`,
    type: localizedName(session, locale, "course_type_name"),
    colour: session.colour,
    coach: localizedName(session, locale, "coach_name"),
    location: session.location,
    booked: session.booked_places,
    max: session.max_places,
    cancelled: session.status === "cancelled",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const url = new URL(request.url);
  const common = { title: context.t("course-session:title.week"), canWrite: can(user, "yoga_course:write") };
  const key = { application_key: store.applicationKey };
  if (url.searchParams.get("view") === "list") {
    const query = sessionListQuery(url);
    const [{ data, extra }, { data: choices }] = await Promise.all([
      client.get_course_session_data_and_total_number_by_sorting_and_limit(
        sessionListPayload(store.applicationKey, query),
      ),
      client.get_course_session_choice_data_by_application_key(key),
    ]).catch(asRouteError);
    return {
      ...common,
      view: "list" as const,
      query,
      sessions: data.map((session) => shown(session, context.locale)),
      pageCount: pageCount(extra.total_number, query.pageSize),
      coaches: choices.coaches.map((coach) => ({
        value: String(coach.id),
        label: localizedName(coach, context.locale, "name"),
      })),
      courseTypes: choices.course_types.map((type) => ({
        value: String(type.id),
        label: localizedName(type, context.locale, "name"),
      })),
    };
  }
  const date = dateQuery(url, new Date(context.now()));
  const calendar = url.searchParams.get("view") === "day" ? ("day" as const) : ("week" as const);
  const { data } = await client
    .get_course_session_data_list_by_application_key_and_week({ ...key, week: mondayOf(date) })
    .catch(asRouteError);
  const today = hongKongDate(new Date(context.now()));
  return { ...common, view: calendar, date, ...timetableGrid(data, calendar, date, context, today) };
}

export default function Timetable() {
  const { t } = useTranslation(["course-session", "common"]);
  const data = useLoaderData<typeof loader>();
  return (
    <Page
      title={data.title}
      primaryAction={data.canWrite ? { content: t("link.add"), url: `${TIMETABLE_URL}/add` } : undefined}
    >
      <BlockStack gap="400">
        <div className="page-inline">
          <InlineStack gap="200" align="space-between">
            <InlineStack gap="200">
              <Button url={`${TIMETABLE_URL}?view=day`} pressed={data.view === "day"}>
                {t("link.day-view")}
              </Button>
              <Button url={TIMETABLE_URL} pressed={data.view === "week"}>
                {t("link.week-view")}
              </Button>
              <Button url={`${TIMETABLE_URL}?view=list`} pressed={data.view === "list"}>
                {t("link.list-view")}
              </Button>
            </InlineStack>
            <InlineStack gap="200">
              <Button url="/yoga/yoga-course/coach">{t("link.coaches")}</Button>
              <Button url="/yoga/yoga-course/course-type">{t("link.course-types")}</Button>
            </InlineStack>
          </InlineStack>
        </div>
        {data.view === "list" ? <ListView {...data} /> : <CalendarView data={data} />}
      </BlockStack>
    </Page>
  );
}

type CalendarData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { view: "list" }>;

function CalendarView({ data }: { data: CalendarData }) {
  const { t } = useTranslation(["course-session", "common"]);
  const heading =
    data.view === "day"
      ? data.date
      : t("common:calendar.week-heading", { from: data.monday, to: addDays(data.monday, 6) });
  return (
    <BlockStack gap="400">
      <TimeGridNav
        url={TIMETABLE_URL}
        view={data.view}
        date={data.date}
        previous={data.previous}
        next={data.next}
        heading={heading}
      />
      <TimeGrid label={heading} layout={data.layout} />
    </BlockStack>
  );
}

type ListData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { view: "list" }>;

function ListView({ query, sessions, pageCount, coaches, courseTypes }: ListData) {
  const { t } = useTranslation(["course-session", "common"]);
  const { search } = useLocation();
  return (
    <BlockStack gap="400">
      <Card>
        <ListFilters>
          <input type="hidden" name="view" value="list" />
          <QuerySelect
            name="coach"
            label={t("field.coach")}
            value={query.coach}
            options={[{ value: "", label: t("filter.all-coaches") }, ...coaches]}
          />
          <QuerySelect
            name="type"
            label={t("field.course-type")}
            value={query.type}
            options={[{ value: "", label: t("filter.all-types") }, ...courseTypes]}
          />
          <QuerySelect
            name="status"
            label={t("field.status")}
            value={query.status}
            options={STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === "all" ? t("filter.all-statuses") : t(`status.${status}`),
            }))}
          />
          <QueryInput type="date" name="from" label={t("field.date-from")} value={query.from} />
          <QueryInput type="date" name="to" label={t("field.date-to")} value={query.to} />
        </ListFilters>
      </Card>
      <Card padding="0">
        <ListSort
          sort={query.sort}
          direction={query.direction}
          options={sortOptions(t, "course-session:sort", COURSE_SESSION_SORTS)}
        />
        <ListTable
          resourceName={{ singular: t("session"), plural: t("sessions") }}
          itemCount={sessions.length}
          emptyText={search.includes("=") ? t("common:list.no-results") : t("no-sessions")}
          headings={[
            { title: t("field.date") },
            { title: t("field.time") },
            { title: t("field.course-type") },
            { title: t("field.coach") },
            { title: t("field.location") },
            { title: t("field.places"), alignment: "end" },
            { title: t("field.status") },
          ]}
        >
          {sessions.map((session, index) => (
            <IndexTable.Row id={String(session.id)} key={session.id} position={index}>
              <IndexTable.Cell>
                <Link url={`${TIMETABLE_URL}/detail/${session.id}`} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {session.date}
                  </Text>
                </Link>
              </IndexTable.Cell>
              <IndexTable.Cell>{session.time}</IndexTable.Cell>
              <IndexTable.Cell>
                <span className="timetable-type" style={{ borderInlineStartColor: session.colour }}>
                  {session.type}
                </span>
              </IndexTable.Cell>
              <IndexTable.Cell>{session.coach}</IndexTable.Cell>
              <IndexTable.Cell>{session.location}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {t("places", { booked: session.booked, max: session.max })}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <StatusBadge tone={session.cancelled ? undefined : "success"}>
                  {t(session.cancelled ? "status.cancelled" : "status.scheduled")}
                </StatusBadge>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
      <ListPagination page={query.page} pageCount={pageCount} />
    </BlockStack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
