import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { COACH_SORTS, COACH_STATUSES } from "#contract/course-setup";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { PageLinks } from "~/components/page-links";
import { ListFilters, ListTable, QuerySelect, QueryTextField } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { titleMeta } from "~/utils/meta";
import { LIST_URL } from "./__coach-form";

const STATUS_FILTERS = ["all", ...COACH_STATUSES] as const;

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/timetable" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const query = readListQuery(new URL(request.url), { sorts: COACH_SORTS, filters: { status: STATUS_FILTERS } });
  const { data, extra } = await client
    .get_yoga_coach_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      ...listPayload(query),
      status: query.status === "all" ? undefined : query.status,
    })
    .catch(asRouteError);
  return {
    title: context.t("course-setup:title.coaches"),
    coaches: data.map((coach) => ({
      id: coach.id,
      name: localizedName(coach, context.locale, "name"),
      photoUrl: coach.photo_url,
      active: coach.active,
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "yoga_course:write"),
  };
}

export default function CoachList() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, coaches, query, filtered, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-coach"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
        <PageLinks links={[{ content: t("title.course-types"), url: "/yoga/yoga-course/course-type" }]} />
        <Card>
          <ListFilters>
            <QueryTextField
              name="q"
              label={t("common:list.search")}
              value={query.q}
              placeholder={t("search-placeholder")}
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
          </ListFilters>
        </Card>
        <Card padding="0">
          <ListSort
            sort={query.sort}
            direction={query.direction}
            options={[
              { sort: "create_date", direction: "DESC", label: t("sort.newest") },
              { sort: "create_date", direction: "ASC", label: t("sort.oldest") },
              { sort: "name", direction: "ASC", label: t("sort.name-ascending") },
              { sort: "name", direction: "DESC", label: t("sort.name-descending") },
            ]}
          />
          <ListTable
            resourceName={{ singular: t("coach"), plural: t("coaches") }}
            primaryColumn={1}
            itemCount={coaches.length}
            emptyText={filtered ? t("common:list.no-results") : t("no-coaches")}
            headings={[{ title: t("column.photo") }, { title: t("column.name") }, { title: t("column.status") }]}
          >
            {coaches.map((coach, index) => (
              <IndexTable.Row id={String(coach.id)} key={coach.id} position={index}>
                <IndexTable.Cell>
                  {coach.photoUrl && (
                    <Thumbnail source={coach.photoUrl} alt={t("photo-of", { name: coach.name })} size="small" />
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/${coach.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {coach.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge tone={coach.active ? "success" : undefined}>
                    {coach.active ? t("status.active") : t("status.inactive")}
                  </StatusBadge>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </ListTable>
        </Card>
        <ListPagination page={query.page} pageCount={pageCount} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
