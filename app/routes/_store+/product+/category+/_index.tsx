import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ListTable } from "~/components/list-table";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["category"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "category:read");
  const { data } = await client
    .get_category_data_list_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  return {
    title: context.t("category:title.list"),
    canWrite: can(user, "category:write"),
    categories: data.map((category) => ({
      id: category.id,
      nameZhHk: category.name_zh_hk,
      nameEn: category.name_en,
      imageUrl: category.image_url,
      sortOrder: category.sort_order,
      publish: category.publish,
      productCount: category.product_count,
    })),
  };
}

export default function CategoryList() {
  const { t } = useTranslation("category");
  const { title, canWrite, categories } = useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      primaryAction={canWrite ? { content: t("add-category"), url: "/product/category/add" } : undefined}
    >
      <Card padding="0">
        <ListTable
          resourceName={{ singular: t("category"), plural: t("categories") }}
          primaryColumn={1}
          itemCount={categories.length}
          emptyText={t("no-categories")}
          headings={[
            { title: t("column.image") },
            { title: t("column.name-zh-hk") },
            { title: t("column.name-en") },
            { title: t("column.sort-order"), alignment: "end" },
            { title: t("column.status") },
            { title: t("column.products"), alignment: "end" },
          ]}
        >
          {categories.map((category, index) => (
            <IndexTable.Row id={String(category.id)} key={category.id} position={index}>
              <IndexTable.Cell>
                {category.imageUrl && <Thumbnail source={category.imageUrl} alt={category.nameZhHk} size="small" />}
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Link url={`/product/category/detail/${category.id}`} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {category.nameZhHk}
                  </Text>
                </Link>
              </IndexTable.Cell>
              <IndexTable.Cell>{category.nameEn}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {category.sortOrder}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {category.publish ? (
                  <StatusBadge tone="success">{t("status.published")}</StatusBadge>
                ) : (
                  <StatusBadge>{t("status.draft")}</StatusBadge>
                )}
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  <Link
                    url={`/product/product-list?category=${category.id}`}
                    accessibilityLabel={t("products-in", { count: category.productCount, name: category.nameZhHk })}
                  >
                    {String(category.productCount)}
                  </Link>
                </Text>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
