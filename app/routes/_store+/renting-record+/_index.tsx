import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { ChoiceFilter, DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { PRODUCT_LIST_URL, RECORD_LIST_URL, RECORD_STATUS_FILTERS, RECORD_STATUS_TONES, recordUrl } from "./__renting";
import { recordList } from "./__record-list.server";

export const handle: RouteHandle = { i18n: ["renting"] };
export const meta = titleMeta;

/** The product filter offers this many products, newest first (a store has a handful). */
const PRODUCT_CHOICES = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "renting:read");
  const url = new URL(request.url);
  const [{ list, rows }, { data: products }] = await Promise.all([
    recordList.load(client, request, { application_key: store.applicationKey }),
    client.get_renting_product_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      limit: PRODUCT_CHOICES,
    }),
  ]).catch(asRouteError);
  return {
    title: context.t("renting:title.records"),
    search: url.search,
    canWrite: can(user, "renting:write"),
    records: rows.map((record) => ({
      id: record.id,
      customer: record.customer_name,
      phone: record.customer_phone,
      product: localizedName(record.product, context.locale, "name"),
      period: `${hongKongTime(record.starts_at)} – ${hongKongTime(record.ends_at)}`,
      units: record.units,
      rent: formatHkd(record.rent_cents),
      status: record.status,
    })),
    products: products.map((product) => ({
      value: String(product.id),
      label: localizedName(product, context.locale, "name"),
    })),
    list,
  };
}

export default function RentingRecordList() {
  const { t } = useTranslation(["renting", "common"]);
  const { title, search, canWrite, records, products, list } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-record"), url: `${RECORD_LIST_URL}/add` } : undefined}
      before={
        <>
          <PageLinks
            links={[
              { content: t("manage-products"), url: PRODUCT_LIST_URL },
              { content: t("common:sheet.export-csv"), url: `${RECORD_LIST_URL}/export.csv${search}`, external: true },
            ]}
          />
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("record-search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={RECORD_STATUS_FILTERS}
            all={t("filter.all")}
            choiceLabel={(option) => t(`status.${option}`)}
          />
          <QuerySelect
            name="product"
            label={t("filter.product")}
            value={query.product}
            options={[{ value: "", label: t("filter.all-products") }, ...products]}
          />
          <DayRangeFilter
            from={{ name: "date_from", label: t("filter.date-from") }}
            to={{ name: "date_to", label: t("filter.date-to") }}
          />
        </>
      }
      resourceName={{ singular: t("record"), plural: t("records") }}
      emptyText={t("no-records")}
      columns={[
        {
          title: t("column.customer"),
          cell: (record) => (
            <>
              <Link url={recordUrl(record.id)} dataPrimaryLink removeUnderline>
                <Text as="span" fontWeight="semibold">
                  {record.customer}
                </Text>
              </Link>
              <Text as="span" tone="subdued" numeric>
                {` ${record.phone}`}
              </Text>
            </>
          ),
        },
        { title: t("column.product"), cell: (record) => record.product },
        { title: t("column.period"), figure: (record) => record.period },
        { title: t("column.units"), amount: (record) => record.units },
        { title: t("column.rent"), amount: (record) => record.rent },
        {
          title: t("column.status"),
          cell: (record) => (
            <StatusBadge tone={RECORD_STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
          ),
        },
      ]}
      rows={records}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
