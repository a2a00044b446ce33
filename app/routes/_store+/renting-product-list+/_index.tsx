import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { RENTING_PRODUCT_STATUSES } from "#contract/options";
import { RENTING_PRODUCT_SORTS } from "#modules/renting/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { PRODUCT_LIST_URL, productUrl } from "../renting-record+/__renting";

export const handle: RouteHandle = { i18n: ["renting"] };
export const meta = titleMeta;

const STATUS_FILTERS = ["all", ...RENTING_PRODUCT_STATUSES] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:read");
  const { list, rows } = await loadList(
    {
      action: "get_renting_product_data_and_total_number_by_sorting_and_limit",
      ns: "renting",
      sorts: RENTING_PRODUCT_SORTS,
      filters: { status: STATUS_FILTERS },
      payload: (query) => ({
        status: query.status === "all" ? undefined : query.status,
      }),
    },
    client,
    request,
    {
      application_key: store.applicationKey,
    },
  );
  return {
    title: context.t("renting:title.products"),
    products: rows.map((product) => ({
      id: product.id,
      name: localizedName(product, context.locale, "name"),
      imageUrl: product.images[0] ?? null,
      unitsOwned: product.units_owned,
      pricePerDay: formatHkd(product.price_per_day_cents),
      status: product.status,
    })),
    list,
    canWrite: can(user, "renting:write"),
  };
}

export default function RentingProductList() {
  const { t } = useTranslation(["renting", "common"]);
  const { title, products, list, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-product"), url: `${PRODUCT_LIST_URL}/add` } : undefined}
      filters={
        <>
          <SearchFilter placeholder={t("product-search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={STATUS_FILTERS}
            all={t("filter.all")}
            choiceLabel={(option) => t(`product-status.${option}`)}
          />
        </>
      }
      resourceName={{ singular: t("product"), plural: t("products") }}
      primaryColumn={1}
      emptyText={t("no-products")}
      columns={[
        {
          title: t("column.image"),
          cell: (product) =>
            product.imageUrl && (
              <Thumbnail source={product.imageUrl} alt={t("image-of", { name: product.name })} size="small" />
            ),
        },
        { title: t("column.name"), cell: (product) => <RowLink url={productUrl(product.id)}>{product.name}</RowLink> },
        { title: t("column.units-owned"), amount: (product) => product.unitsOwned },
        { title: t("column.price-per-day"), amount: (product) => product.pricePerDay },
        {
          title: t("column.status"),
          cell: (product) => (
            <StatusBadge tone={product.status === "rentable" ? "success" : undefined}>
              {t(`product-status.${product.status}`)}
            </StatusBadge>
          ),
        },
      ]}
      rows={products}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
