import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { EmptyState } from "@shopify/polaris/build/esm/components/EmptyState/EmptyState.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { AppointmentVariant } from "#contract/appointments";
import { ListPagination } from "~/components/list-pagination";
import { QueryInput } from "~/components/query-input";
import { ListSort } from "~/components/list-sort";
import { DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { ListFilters, ListTable, QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { routePage } from "~/components/route-page";
import { StatusBadge } from "~/components/status-badge";
import type { RecordListQuery, RecordRow } from "./__appointment-records.server";
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

export interface RecordDayData extends Common {
  view: "day";
  date: string;
  previous: string;
  next: string;
  providers: { id: number; name: string; records: RecordRow[] }[];
}

/** Either variant's records: the list (search, filters, order, paging, export) or one day per provider. */
export function RecordListPage({ data }: { data: RecordListData | RecordDayData }) {
  const { t } = useTranslation(["appointment-record", "common"]);
  const listUrl = TWINS[data.variant].appointment.urls.records;
  return (
    <Page title={data.title} primaryAction={data.canWrite ? { content: t("add"), url: `${listUrl}/add` } : undefined}>
      <BlockStack gap="400">
        <InlineStack gap="200">
          <Button url={listUrl} pressed={data.view === "list"}>
            {t("view.list")}
          </Button>
          <Button url={`${listUrl}?view=day`} pressed={data.view === "day"}>
            {t("view.day")}
          </Button>
        </InlineStack>
        {data.view === "list" ? <RecordList data={data} /> : <RecordDay data={data} />}
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

function RecordDay({ data }: { data: RecordDayData }) {
  const { t } = useTranslation(["appointment-record", "common"]);
  const { variant, date, previous, next, providers } = data;
  const listUrl = TWINS[variant].appointment.urls.records;
  return (
    <>
      <Card>
        <Form noValidate method="get">
          <input type="hidden" name="view" value="day" />
          <InlineStack gap="300" blockAlign="end" wrap>
            <QueryInput name="date" label={t("day.date")} value={date} type="date" />
            <Button submit>{t("day.show")}</Button>
            <Button url={`${listUrl}?view=day&date=${previous}`}>{t("day.previous")}</Button>
            <Button url={`${listUrl}?view=day&date=${next}`}>{t("day.next")}</Button>
          </InlineStack>
        </Form>
      </Card>
      <Text as="h2" variant="headingMd">
        {t("day.heading", { date })}
      </Text>
      {providers.length === 0 ? (
        <Card>
          <Text as="p">{t("day.no-providers")}</Text>
        </Card>
      ) : (
        <InlineGrid columns={{ xs: 1, md: Math.min(providers.length, 3) }} gap="400">
          {providers.map((provider) => (
            <section key={provider.id} aria-label={provider.name}>
              <Card>
                <BlockStack gap="300">
                  <Text as="h3" variant="headingSm">
                    {provider.name}
                  </Text>
                  {provider.records.length === 0 ? (
                    <Text as="p" tone="subdued">
                      {t("day.no-bookings")}
                    </Text>
                  ) : (
                    <BlockStack gap="300">
                      {provider.records.map((record) => (
                        <BlockStack gap="050" key={record.id}>
                          <InlineStack gap="200" blockAlign="center">
                            <Text as="span" fontWeight="semibold" numeric>
                              {record.time}
                            </Text>
                            <StatusBadge tone={STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
                          </InlineStack>
                          <Text as="span">{record.service}</Text>
                          <Link url={`${listUrl}/${record.id}`}>{record.customer}</Link>
                        </BlockStack>
                      ))}
                    </BlockStack>
                  )}
                </BlockStack>
              </Card>
            </section>
          ))}
        </InlineGrid>
      )}
    </>
  );
}

/** Either variant's record list page. */
export const RECORD_LIST_PAGE = routePage(RecordListPage, { i18n: [TWIN_NAMESPACES.records] });
