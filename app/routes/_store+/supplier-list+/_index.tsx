import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { SUPPLIER_SORTS } from "~/utils/list-sorts.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPagination } from "~/components/list-pagination";
import { ListSort } from "~/components/list-sort";
import { ListFilters, ListTable, QueryTextField } from "~/components/list-table";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/supplier-list";

export const handle: RouteHandle = { i18n: ["suppliers"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "supplier:read");
  const query = readListQuery(new URL(request.url), { sorts: SUPPLIER_SORTS });
  const { data, extra } = await client
    .get_supplier_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      ...listPayload(query),
    })
    .catch(asRouteError);
  return {
    title: context.t("suppliers:title.list"),
    suppliers: data.map((supplier) => ({
      id: supplier.id,
      name: supplier.name,
      contactPerson: supplier.contact_person,
      phone: supplier.phone,
      email: supplier.email,
      productCount: supplier.product_count,
    })),
    query,
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: can(user, "supplier:write"),
  };
}

export default function SupplierList() {
  const { t } = useTranslation(["suppliers", "common"]);
  const { title, suppliers, query, pageCount, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-supplier"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
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
            resourceName={{ singular: t("supplier"), plural: t("suppliers") }}
            primaryColumn={0}
            itemCount={suppliers.length}
            emptyText={query.q ? t("common:list.no-results") : t("no-suppliers")}
            headings={[
              { title: t("column.name") },
              { title: t("column.contact-person") },
              { title: t("column.phone") },
              { title: t("column.email") },
              { title: t("column.products"), alignment: "end" },
            ]}
          >
            {suppliers.map((supplier, index) => (
              <IndexTable.Row id={String(supplier.id)} key={supplier.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`${LIST_URL}/${supplier.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {supplier.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{supplier.contactPerson}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" numeric>
                    {supplier.phone}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{supplier.email}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {supplier.productCount}
                  </Text>
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
