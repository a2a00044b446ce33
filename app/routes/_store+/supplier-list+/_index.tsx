import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPLIER_SORTS } from "#modules/supplier/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
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
      emptyText={t("no-suppliers")}
      columns={[
        {
          title: t("column.name"),
          cell: (supplier) => <RowLink url={`${LIST_URL}/${supplier.id}`}>{supplier.name}</RowLink>,
        },
        { title: t("column.contact-person"), cell: (supplier) => supplier.contactPerson },
        { title: t("column.phone"), figure: (supplier) => supplier.phone },
        { title: t("column.email"), cell: (supplier) => supplier.email },
        { title: t("column.products"), amount: (supplier) => supplier.productCount },
      ]}
      rows={suppliers}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
