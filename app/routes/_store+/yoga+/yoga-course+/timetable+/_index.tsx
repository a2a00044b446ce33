import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link as RemixLink, useLoaderData, useLocation } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { addDays, WEEKDAYS } from "#contract/course-calendar";
import type { CourseSessionRecord } from "#modules/course-session/contract";
import { hongKongDate, hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QuerySelect } from "~/components/list-table";
import { QueryInput } from "~/components/query-input";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { STATUS_FILTERS } from "./__timetable-filters";
import { sessionListPayload, sessionListQuery, weekQuery } from "./__timetable-query.server";
import { COURSE_SESSION_SORTS } from "#modules/course-session/options";
import { sortOptions } from "~/utils/sort-options";

const TIMETABLE_URL = "/yoga/yoga-course/timetable";

export const handle: RouteHandle = { i18n: ["course-session"] };
export const meta = titleMeta;

/** A session as the week and the list show it, in the page's language and Hong Kong time. */
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
  const monday = weekQuery(url, new Date());
  const { data } = await client
    .get_course_session_data_list_by_application_key_and_week({ ...key, week: monday })
    .catch(asRouteError);
  const sessions = data.map((session) => shown(session, context.locale));
  return {
    ...common,
    view: "week" as const,
    monday,
    today: hongKongDate(new Date()),
    days: WEEKDAYS.map((weekday, index) => {
      const date = addDays(monday, index);
      return { weekday, date, sessions: sessions.filter((session) => session.date === date) };
    }),
  };
}

type Shown = ReturnType<typeof shown>;

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
        {data.view === "week" ? (
          <WeekView monday={data.monday} today={data.today} days={data.days} />
        ) : (
          <ListView {...data} />
        )}
      </BlockStack>
    </Page>
  );
}

function WeekView({
  monday,
  today,
  days,
}: {
  monday: string;
  today: string;
  days: { weekday: (typeof WEEKDAYS)[number]; date: string; sessions: Shown[] }[];
}) {
  const { t } = useTranslation("course-session");
  const weekUrl = (date: string) => `${TIMETABLE_URL}?week=${date}`;
  return (
    <BlockStack gap="400">
      <div className="page-inline">
        <InlineStack gap="200" align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("week.range", { from: monday, to: addDays(monday, 6) })}
          </Text>
          <InlineStack gap="200">
            <Button url={weekUrl(addDays(monday, -7))}>{t("week.previous")}</Button>
            <Button url={TIMETABLE_URL}>{t("week.this")}</Button>
            <Button url={weekUrl(addDays(monday, 7))}>{t("week.next")}</Button>
          </InlineStack>
        </InlineStack>
      </div>
      <div className="timetable-week">
        {days.map((day) => (
          <section
            key={day.date}
            className={day.date < today ? "timetable-day timetable-day--past" : "timetable-day"}
            aria-current={day.date === today ? "date" : undefined}
            aria-labelledby={`day-${day.date}`}
          >
            <BlockStack gap="200">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="headingSm" id={`day-${day.date}`}>
                  {t(`weekday.${day.weekday}`)} {day.date.slice(5)}
                </Text>
                {day.date === today && <StatusBadge tone="info">{t("week.today")}</StatusBadge>}
              </InlineStack>
              {day.sessions.length === 0 ? (
                <Text as="p" tone="subdued">
                  {t("week.no-sessions")}
                </Text>
              ) : (
                day.sessions.map((session) => <SessionCard key={session.id} session={session} />)
              )}
            </BlockStack>
          </section>
        ))}
      </div>
    </BlockStack>
  );
}

function SessionCard({ session }: { session: Shown }) {
  const { t } = useTranslation("course-session");
  const Words = session.cancelled ? "s" : "span";
  return (
    <RemixLink
      to={`${TIMETABLE_URL}/detail/${session.id}`}
      className="timetable-session"
      style={{ borderInlineStartColor: session.colour }}
    >
      <Words className="timetable-session-words">
        <strong>{session.time}</strong>
        <span>{session.type}</span>
        <span>{session.coach}</span>
        {session.location && <span>{session.location}</span>}
        <span>{t("place-count", { booked: session.booked, max: session.max })}</span>
      </Words>
      {session.cancelled && <StatusBadge>{t("status.cancelled")}</StatusBadge>}
    </RemixLink>
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
