import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { COURSE_TYPE_SORTS } from "#contract/course-setup";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { PageLinks } from "~/components/page-links";
import { ListFilters, ListTable, QueryTextField } from "~/components/list-table";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { titleMeta } from "~/utils/meta";
import { ColourSwatch, LIST_URL } from "./__course-type-form";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/timetable" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const query = readListQuery(new URL(request.url), { sorts: COURSE_TYPE_SORTS });
  const { data, extra } = await client
    .get_yoga_course_type_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      ...listPayload(query),
    })
    .catch(asRouteError);
  return {
    title: context.t("course-setup:title.course-types"),
    courseTypes: data.map((courseType) => ({
      id: courseType.id,
      name: localizedName(courseType, context.locale, "name"),
      colour: courseType.colour,
    })),
    query,
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "yoga_course:write"),
  };
}

export default function CourseTypeList() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, courseTypes, query, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      primaryAction={canWrite ? { content: t("add-course-type"), url: `${LIST_URL}/add` } : undefined}
    >
      <BlockStack gap="400">
        <PageLinks links={[{ content: t("title.coaches"), url: "/yoga/yoga-course/coach" }]} />
        <Card>
          <ListFilters>
            <QueryTextField
              name="q"
              label={t("common:list.search")}
              value={query.q}
              placeholder={t("search-placeholder")}
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
            resourceName={{ singular: t("course-type"), plural: t("course-types") }}
            primaryColumn={0}
            itemCount={courseTypes.length}
            emptyText={query.q ? t("common:list.no-results") : t("no-course-types")}
            headings={[{ title: t("column.name") }, { title: t("column.colour") }]}
          >
            {courseTypes.map((courseType, index) => (
              <IndexTable.Row id={String(courseType.id)} key={courseType.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/${courseType.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {courseType.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <InlineStack gap="200" blockAlign="center">
                    <ColourSwatch colour={courseType.colour} />
                    <Text as="span" tone="subdued">
                      {courseType.colour}
                    </Text>
                  </InlineStack>
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
