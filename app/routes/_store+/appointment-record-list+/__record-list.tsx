import { useLocation, useSubmit } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { EmptyState } from "@shopify/polaris/build/esm/components/EmptyState/EmptyState.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { AppointmentVariant } from "#contract/appointments";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { ListFilters, ListTable, QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { routePage } from "~/components/route-page";
import { StatusBadge } from "~/components/status-badge";
import { timeOfMinutes } from "#contract/time-grid";
import { TimeGrid, TimeGridNav, timeGridLinks, type TimeGridMove } from "~/components/time-grid";
import type { recordCalendarPage, RecordListQuery, RecordRow } from "./__appointment-records.server";
import { TWIN_NAMESPACES, TWINS } from "~/utils/twins";
import { STATUS_FILTERS, STATUS_TONES } from "./__record-variants";

interface Choice {
  value: string;
  label: string;
}

interface Common {
  variant: AppointmentVariant;
  title: string;
  canWrite: boolean;
}

export interface RecordListData extends Common {
  view: "list";
  search: string;
  query: RecordListQuery;
  records: RecordRow[];
  services: Choice[];
  providers: Choice[];
  filtered: boolean;
  pageCount: number;
}

export type RecordCalendarData = Common & { view: "calendar" } & Awaited<ReturnType<typeof recordCalendarPage>>;

/** Either variant's records: the list (search, filters, order, paging, export) or the calendar of a day or week. */
export function RecordListPage({ data }: { data: RecordListData | RecordCalendarData }) {
  const { t } = useTranslation(["appointment-record", "common"]);
  const listUrl = TWINS[data.variant].appointment.urls.records;
  return (
    <Page title={data.title} primaryAction={data.canWrite ? { content: t("add"), url: `${listUrl}/add` } : undefined}>
      <BlockStack gap="400">
        <InlineStack gap="200">
          <Button url={listUrl} pressed={data.view === "list"}>
            {t("view.list")}
          </Button>
          <Button url={`${listUrl}?view=day`} pressed={data.view === "calendar" && data.calendar === "day"}>
            {t("view.day")}
          </Button>
          <Button url={`${listUrl}?view=week`} pressed={data.view === "calendar" && data.calendar === "week"}>
            {t("view.week")}
          </Button>
        </InlineStack>
        {data.view === "list" ? <RecordList data={data} /> : <RecordCalendar data={data} />}
      </BlockStack>
    </Page>
  );
}

function CustomerCell({ record, listUrl }: { record: RecordRow; listUrl: string }) {
  const { t } = useTranslation("appointment-record");
  return (
    <BlockStack gap="050">
      <Link url={`${listUrl}/${record.id}`} dataPrimaryLink removeUnderline>
        <Text as="span" fontWeight="semibold">
          {record.customer}
        </Text>
      </Link>
      <Text as="span" tone="subdued">
        {[record.phone, record.memberCode ? t("member", { code: record.memberCode }) : t("guest")]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </BlockStack>
  );
}

function RecordList({ data }: { data: RecordListData }) {
  const { t } = useTranslation(["appointment-record", "common"]);
  const { variant, search, query, records, services, providers, filtered, pageCount } = data;
  const listUrl = TWINS[variant].appointment.urls.records;
  if (records.length === 0 && !filtered && query.page === 1) {
    return (
      <Card>
        <EmptyState heading={t("no-records")} image="">
          <p>{t("no-records-help")}</p>
        </EmptyState>
      </Card>
    );
  }
  return (
    <>
      <PageLinks
        links={[{ content: t("common:sheet.export-csv"), url: `${listUrl}/export.csv${search}`, external: true }]}
      />
      <Card>
        <ListFilters>
          <SearchFilter value={query.q} placeholder={t("search-placeholder")} />
          <QuerySelect
            name="service"
            label={t("filter.service")}
            value={query.service}
            options={[{ value: "", label: t("filter.all-services") }, ...services]}
          />
          <QuerySelect
            name="provider"
            label={t("filter.provider")}
            value={query.provider}
            options={[{ value: "", label: t("filter.all-providers") }, ...providers]}
          />
          <QuerySelect
            name="status"
            label={t("filter.status")}
            value={query.status}
            options={STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === "all" ? t("filter.all") : t(`status.${status}`),
            }))}
          />
          <DayRangeFilter
            from={{ name: "date_from", label: t("filter.date_from"), value: query.date_from }}
            to={{ name: "date_to", label: t("filter.date_to"), value: query.date_to }}
          />
        </ListFilters>
      </Card>
      <Card padding="0">
        <ListSort
          sort={query.sort}
          direction={query.direction}
          options={[
            { sort: "starts_at", direction: "DESC", label: t("sort.starts-latest") },
            { sort: "starts_at", direction: "ASC", label: t("sort.starts-soonest") },
            { sort: "create_date", direction: "DESC", label: t("sort.newest") },
            { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
          ]}
        />
        <ListTable
          resourceName={{ singular: t("booking"), plural: t("bookings") }}
          itemCount={records.length}
          emptyText={t("common:list.no-results")}
          headings={[
            { title: t("column.customer") },
            { title: t("column.service") },
            { title: t("column.provider") },
            { title: t("column.time") },
            { title: t("column.price"), alignment: "end" },
            { title: t("column.status") },
            { title: t("column.channel") },
          ]}
        >
          {records.map((record, index) => (
            <IndexTable.Row id={String(record.id)} key={record.id} position={index}>
              <IndexTable.Cell>
                <CustomerCell record={record} listUrl={listUrl} />
              </IndexTable.Cell>
              <IndexTable.Cell>{record.service}</IndexTable.Cell>
              <IndexTable.Cell>{record.provider}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" numeric>
                  {`${record.starts.slice(0, 10)} ${record.time}`}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {record.price}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <StatusBadge tone={STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
              </IndexTable.Cell>
              <IndexTable.Cell>{t(`channel.${record.channel}`)}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
      <ListPagination page={query.page} pageCount={pageCount} />
    </>
  );
}

/**
 * The calendar: a day's providers or a week's days as a time grid. With JS, staff who may write drag a booking to
 * another time (or, on a day, provider): after they confirm, the booking's own move form is posted, so the same
 * rules hold; a move the rules refuse unless confirmed as a walk-in opens the booking's move form to confirm it.
 */
function RecordCalendar({ data }: { data: RecordCalendarData }) {
  const { t } = useTranslation(["appointment-record", "common"]);
  const submit = useSubmit();
  const location = useLocation();
  const { variant, calendar, date, from, to, layout } = data;
  const listUrl = TWINS[variant].appointment.urls.records;
  const onMove: TimeGridMove = (item, column, minutes) => {
    const day = calendar === "day" ? date : column;
    const provider = calendar === "day" ? layout.columns.find((each) => each.key === column) : undefined;
    const time = timeOfMinutes(minutes);
    const question = provider
      ? t("calendar.move-confirm-provider", { customer: item.lines[1], date: day, time, provider: provider.heading })
      : t("calendar.move-confirm", { customer: item.lines[1], date: day, time });
    if (!item.move || !window.confirm(question)) return;
    const form = new FormData();
    form.set("intent", "move");
    form.set("date", day);
    form.set("typed_time", time);
    form.set("version", String(item.move.version));
    if (provider) form.set("provider_id", provider.key);
    form.set("return_to", `${location.pathname}${location.search}`);
    submit(form, { method: "post", action: item.href });
  };
  return (
    <>
      <TimeGridNav
        url={listUrl}
        view={calendar}
        date={date}
        previous={data.previous}
        next={data.next}
        heading={calendar === "day" ? t("day.heading", { date }) : t("common:calendar.week-heading", { from, to })}
      />
      {calendar === "day" && layout.columns.length === 0 ? (
        <Card>
          <Text as="p">{t("day.no-providers")}</Text>
        </Card>
      ) : (
        <>
          <Text as="p" tone="subdued">
            {data.canWrite ? `${t("calendar.open-legend")} ${t("calendar.drag-help")}` : t("calendar.open-legend")}
          </Text>
          <TimeGrid
            label={calendar === "day" ? t("day.heading", { date }) : t("common:calendar.week-heading", { from, to })}
            layout={layout}
            onMove={data.canWrite ? onMove : undefined}
          />
        </>
      )}
    </>
  );
}

/** Either variant's record list page. */
export const RECORD_LIST_PAGE = {
  // The bookings' namespace for the toasts of a move from the calendar.
  ...routePage(RecordListPage, { i18n: [TWIN_NAMESPACES.records, TWIN_NAMESPACES.bookings] }),
  links: timeGridLinks,
};
