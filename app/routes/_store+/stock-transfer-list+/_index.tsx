import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { STOCK_TRANSFER_SORTS } from "#modules/stock-transfer/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { ListBody, RowLink } from "~/components/list-page";
import { QuerySelect } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { locationChoices } from "~/server/locations.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { pageCount } from "~/utils/list-params";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, STATUS_FILTERS, STATUS_TONES } from "./__stock-transfer-list-filters";
import { stockTransferList } from "./__stock-transfer-list-query.server";

export const handle: RouteHandle = { i18n: ["stock-transfer"] };
export const meta = titleMeta;

/** The transfers with the locations to filter by: one backend request. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "stock_transfer:read");
  const query = stockTransferList.query(new URL(request.url));
  const { data, extra } = await client
    .get_stock_transfer_data_and_total_number_by_sorting_and_limit(
      stockTransferList.payload(query, { application_key: store.applicationKey }),
    )
    .catch(asRouteError);
  const deleted = context.t("stock-transfer:deleted-location");
  return {
    title: context.t("stock-transfer:title.list"),
    transfers: data.transfers.map((transfer) => ({
      id: transfer.id,
      number: transfer.number,
      from: localizedName(transfer, context.locale, "from_name") || deleted,
      to: localizedName(transfer, context.locale, "to_name") || deleted,
      status: transfer.status,
      received: context.t("stock-transfer:of", {
        received: transfer.received_quantity,
        total: transfer.total_quantity,
      }),
      createdAt: hongKongTime(transfer.create_date),
    })),
    locations: locationChoices(user, data.locations, context.locale),
    list: {
      sortLabels: "stock-transfer:sort",
      sorts: STOCK_TRANSFER_SORTS,
      query,
      pageCount: pageCount(extra.total_number, query.pageSize),
      filtered: Boolean(query.q) || query.status !== "all" || query.from !== "" || query.to !== "",
    },
    canAdd: can(user, "stock_transfer:write"),
  };
}

export default function StockTransferList() {
  const { t } = useTranslation(["stock-transfer", "common"]);
  const { title, transfers, locations, list, canAdd } = useLoaderData<typeof loader>();
  const anyLocation = { value: "", label: t("filter.any-location") };
  return (
    <Page
      title={title}
      primaryAction={canAdd ? { content: t("add-stock-transfer"), url: `${LIST_URL}/add` } : undefined}
    >
      <ListBody
        list={list}
        filters={
          <>
            <SearchFilter placeholder={t("search-placeholder")} />
            <ChoiceFilter
              name="status"
              label={t("filter.status")}
              choices={STATUS_FILTERS}
              all={t("filter.any-status")}
              choiceLabel={(option) => t(`status.${option}`)}
            />
            <QuerySelect
              name="from"
              label={t("filter.from")}
              value={list.query.from}
              options={[anyLocation, ...locations]}
            />
            <QuerySelect name="to" label={t("filter.to")} value={list.query.to} options={[anyLocation, ...locations]} />
          </>
        }
        resourceName={{ singular: t("stock-transfer"), plural: t("stock-transfers") }}
        emptyText={t("no-stock-transfers")}
        columns={[
          {
            title: t("column.number"),
            cell: (transfer) => <RowLink url={`${LIST_URL}/${transfer.id}`}>{transfer.number}</RowLink>,
          },
          { title: t("column.from"), cell: (transfer) => transfer.from },
          { title: t("column.to"), cell: (transfer) => transfer.to },
          {
            title: t("column.status"),
            cell: (transfer) => (
              <StatusBadge tone={STATUS_TONES[transfer.status]}>{t(`status.${transfer.status}`)}</StatusBadge>
            ),
          },
          { title: t("column.received"), figure: (transfer) => transfer.received },
          { title: t("column.create-date"), figure: (transfer) => transfer.createdAt },
        ]}
        rows={transfers}
      />
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
