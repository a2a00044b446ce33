import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { SUPPLIER_SORTS } from "#modules/supplier/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { SearchFilter } from "~/components/list-filters";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/supplier-list";

export const handle: RouteHandle = { i18n: ["supplier"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "supplier:read");
  const { list, rows } = await loadList(
    {
      action: "get_supplier_data_and_total_number_by_sorting_and_limit",
      ns: "supplier",
      sorts: SUPPLIER_SORTS,
    },
    client,
    request,
    { application_key: store.applicationKey },
  );
  return {
    title: context.t("supplier:title.list"),
    list,
    suppliers: rows.map((supplier) => ({
      id: supplier.id,
      name: supplier.name,
      contactPerson: supplier.contact_person,
      phone: supplier.phone,
      email: supplier.email,
      productCount: supplier.product_count,
    })),
    canWrite: can(user, "supplier:write"),
  };
}

export default function SupplierList() {
  const { t } = useTranslation(["supplier", "common"]);
  const { title, list, suppliers, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-supplier"), url: `${LIST_URL}/add` } : undefined}
      filters={<SearchFilter value={list.query.q} placeholder={t("search-placeholder")} />}
      resourceName={{ singular: t("supplier"), plural: t("suppliers") }}
      emptyText={list.query.q ? t("common:list.no-results") : t("no-suppliers")}
      headings={[
        { title: t("column.name") },
        { title: t("column.contact-person") },
        { title: t("column.phone") },
        { title: t("column.email") },
        { title: t("column.products"), alignment: "end" },
      ]}
      rows={suppliers}
      cells={(supplier) => (
        <>
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
        </>
      )}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
