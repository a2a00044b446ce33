import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { ADD_ON_PRODUCT_SORTS } from "#modules/add-on-product/options";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { StatusBadge } from "~/components/status-badge";
import { SearchFilter } from "~/components/list-filters";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "#contract/money";
import { localizedName } from "#contract/localized";

const LIST_URL = "/product/add-on-product-list";

export const handle: RouteHandle = { i18n: ["add-on-product"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "add_on_product:read");
  const { list, rows } = await loadList(
    {
      action: "get_add_on_product_data_and_total_number_by_sorting_and_limit",
      ns: "add-on-product",
      sorts: ADD_ON_PRODUCT_SORTS,
    },
    client,
    request,
    { application_key: store.applicationKey },
  );
  return {
    title: context.t("add-on-product:title.list"),
    addOns: rows.map((addOn) => ({
      id: addOn.id,
      name: localizedName(addOn, context.locale, "name"),
      imageUrl: addOn.image_url,
      price: formatHkd(addOn.price_cents),
      stock: addOn.unlimited_inventory ? null : addOn.stock,
      publish: addOn.publish,
    })),
    list,
    canWrite: can(user, "add_on_product:write"),
  };
}

export default function AddOnProductList() {
  const { t } = useTranslation(["add-on-product", "common"]);
  const { title, addOns, list, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-add-on"), url: `${LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
        </>
      }
      resourceName={{ singular: t("add-on"), plural: t("add-ons") }}
      primaryColumn={1}
      emptyText={t("no-add-ons")}
      columns={[
        {
          title: t("column.image"),
          cell: (addOn) =>
            addOn.imageUrl && (
              <Thumbnail source={addOn.imageUrl} alt={t("image-of", { name: addOn.name })} size="small" />
            ),
        },
        { title: t("column.name"), cell: (addOn) => <RowLink url={`${LIST_URL}/${addOn.id}`}>{addOn.name}</RowLink> },
        { title: t("column.price"), amount: (addOn) => addOn.price },
        { title: t("column.stock"), amount: (addOn) => addOn.stock ?? t("unlimited") },
        {
          title: t("column.status"),
          cell: (addOn) => (
            <StatusBadge tone={addOn.publish ? "success" : undefined}>
              {addOn.publish ? t("status.published") : t("status.unpublished")}
            </StatusBadge>
          ),
        },
      ]}
      rows={addOns}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
