import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { COURSE_TYPE_SORTS } from "#modules/course-setup/options";
import { localizedName } from "#contract/localized";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { PageLinks } from "~/components/page-links";
import { SearchFilter } from "~/components/list-filters";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/yoga/yoga-course/course-type";

export const handle: RouteHandle = { i18n: ["course-setup"], parent: "/yoga/yoga-course/timetable" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "yoga_course:read");
  const { list, rows } = await loadList(
    {
      action: "get_yoga_course_type_data_and_total_number_by_sorting_and_limit",
      ns: "course-setup",
      sorts: COURSE_TYPE_SORTS,
    },
    client,
    request,
    { application_key: store.applicationKey },
  );
  return {
    title: context.t("course-setup:title.course-types"),
    courseTypes: rows.map((courseType) => ({
      id: courseType.id,
      name: localizedName(courseType, context.locale, "name"),
      colour: courseType.colour,
    })),
    list,
    canWrite: can(user, "yoga_course:write"),
  };
}

export default function CourseTypeList() {
  const { t } = useTranslation(["course-setup", "common"]);
  const { title, courseTypes, list, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-course-type"), url: `${LIST_URL}/add` } : undefined}
      before={
        <>
          <PageLinks links={[{ content: t("title.coaches"), url: "/yoga/yoga-course/coach" }]} />
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
        </>
      }
      resourceName={{ singular: t("course-type"), plural: t("course-types") }}
      emptyText={t("no-course-types")}
      columns={[
        {
          title: t("column.name"),
          cell: (courseType) => <RowLink url={`${LIST_URL}/${courseType.id}`}>{courseType.name}</RowLink>,
        },
        {
          title: t("column.colour"),
          cell: (courseType) => (
            <InlineStack gap="200" blockAlign="center">
              <ColourSwatch colour={courseType.colour} />
              <Text as="span" tone="subdued">
                {courseType.colour}
              </Text>
            </InlineStack>
          ),
        },
      ]}
      rows={courseTypes}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

/** A course type's colour as a small square, beside its #rrggbb that says it in words. */
function ColourSwatch({ colour }: { colour: string }) {
  return <span className="colour-swatch" aria-hidden="true" style={{ backgroundColor: colour }} />;
}
