import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { EmptyState } from "@shopify/polaris/build/esm/components/EmptyState/EmptyState.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { EnquiryKind, EnquiryStatus } from "#contract/options";
import { ChoiceFilter, DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { ListPage, RowLink } from "~/components/list-page";
import { PageLinks } from "~/components/page-links";
import { routePage } from "~/components/route-page";
import { StatusBadge } from "~/components/status-badge";
import { TWIN_NAMESPACES } from "~/utils/twins";
import { LIST_URLS, STATUS_FILTERS, STATUS_TONES } from "./__enquiry-kinds";

export interface EnquiryListData {
  kind: EnquiryKind;
  title: string;
  search: string;
  query: {
    q: string;
    sort: string;
    direction: string;
    page: number;
    status: string;
    created_from: string;
    created_to: string;
  };
  enquiries: {
    id: number;
    receivedAt: string;
    name: string;
    email: string;
    phone: string | null;
    subject: string;
    status: EnquiryStatus;
    assignee: string | null;
    preferredDate: string | null;
    preferredTimeSlot: string | null;
  }[];
  filtered: boolean;
  pageCount: number;
}

/** Either kind's list: search, status, days received, order, paging and export; the medical one adds the preferred time. */
export function EnquiryListPage({ data }: { data: EnquiryListData }) {
  const { t } = useTranslation(["enquiry", "common"]);
  const { kind, title, search, query, enquiries, filtered, pageCount } = data;
  const listUrl = LIST_URLS[kind];
  const medical = kind === "medical";
  if (enquiries.length === 0 && !filtered && query.page === 1) {
    return (
      <Page title={title}>
        <Card>
          <EmptyState heading={t("no-enquiries")} image="">
            <p>{t("no-enquiries-help")}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }
  return (
    <ListPage
      list={{ query, pageCount, filtered }}
      sortOptions={[
        { sort: "create_date", direction: "DESC", label: t("sort.newest") },
        { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
        { sort: "name", direction: "ASC", label: t("sort.name-ascending") },
        { sort: "name", direction: "DESC", label: t("sort.name-descending") },
      ]}
      title={title}
      before={
        <PageLinks
          links={[{ content: t("common:sheet.export-csv"), url: `${listUrl}/export.csv${search}`, external: true }]}
        />
      }
      filters={
        <>
          <SearchFilter value={query.q} placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            value={query.status}
            choices={STATUS_FILTERS}
            all={t("filter.all")}
            choiceLabel={(status) => t(`status.${status}`)}
          />
          <DayRangeFilter
            from={{ name: "created_from", label: t("filter.created_from"), value: query.created_from }}
            to={{ name: "created_to", label: t("filter.created_to"), value: query.created_to }}
          />
        </>
      }
      resourceName={{ singular: t("enquiry"), plural: t("enquiries") }}
      emptyText={t("common:list.no-results")}
      columns={[
        {
          title: t("column.name"),
          cell: (enquiry) => (
            <BlockStack gap="050">
              <RowLink url={`${listUrl}/${enquiry.id}`}>{enquiry.name}</RowLink>
              <Text as="span" tone="subdued">
                {[enquiry.email, enquiry.phone].filter(Boolean).join(" · ")}
              </Text>
            </BlockStack>
          ),
        },
        { title: t("column.subject"), cell: (enquiry) => enquiry.subject },
        {
          title: t("column.status"),
          cell: (enquiry) => (
            <StatusBadge tone={STATUS_TONES[enquiry.status]}>{t(`status.${enquiry.status}`)}</StatusBadge>
          ),
        },
        ...(medical
          ? [
              {
                title: t("column.preferred"),
                cell: (enquiry: EnquiryListData["enquiries"][number]) =>
                  [
                    enquiry.preferredDate,
                    enquiry.preferredTimeSlot && t(`time-slot.${enquiry.preferredTimeSlot}` as "time-slot.morning"),
                  ]
                    .filter(Boolean)
                    .join(" ") || t("empty"),
              },
            ]
          : []),
        { title: t("column.assignee"), cell: (enquiry) => enquiry.assignee ?? t("unassigned") },
        { title: t("column.received"), figure: (enquiry) => enquiry.receivedAt },
      ]}
      rows={enquiries}
    />
  );
}

/** Either kind's enquiry list page. */
export const ENQUIRY_LIST_PAGE = routePage(EnquiryListPage, { i18n: [TWIN_NAMESPACES.enquiries] });
