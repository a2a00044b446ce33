import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { ChoiceFilter, DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import {
  CHANNEL_FILTERS,
  DELIVERY_FILTERS,
  PAYMENT_STATUS_FILTERS,
  STATUS_FILTERS,
  STATUS_TONES,
} from "./__order-list-filters";
import { orderList } from "./__order-list-query.server";

export const handle: RouteHandle = { i18n: ["order", "stores"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "order:read");
  const url = new URL(request.url);
  const { list, rows } = await orderList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("order:title.list"),
    search: url.search,
    orders: rows.map((order) => ({
      id: order.id,
      number: order.order_number,
      createdAt: hongKongTime(order.create_date),
      customer: order.customer_name,
      phone: order.customer_phone,
      total: formatHkd(order.total_cents),
      status: order.status,
      paymentStatus: order.payment_status,
      channel: order.channel,
    })),
    list,
  };
}

export default function OrderList() {
  const { t } = useTranslation(["order", "stores", "common"]);
  const { title, search, orders, list } = useLoaderData<typeof loader>();
  const { query } = list;
  const select = (name: string, value: string, options: readonly string[], label: (option: string) => string) => (
    <ChoiceFilter
      name={name}
      label={t(`filter.${name}` as "filter.status")}
      value={value}
      choices={options}
      all={t("filter.all")}
      choiceLabel={label}
    />
  );
  return (
    <ListPage
      list={list}
      title={title}
      before={
        <>
          <PageLinks
            links={[
              {
                content: t("queue.unverified"),
                url: "/order/order-list?status=unverified_payment&sort=create_date.ASC",
              },
              { content: t("common:sheet.export-xlsx"), url: `/order/order-list/export.xlsx${search}`, external: true },
              { content: t("common:sheet.export-csv"), url: `/order/order-list/export.csv${search}`, external: true },
            ]}
          />
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          {select("status", query.status, STATUS_FILTERS, (option) => t(`status.${option}` as "status.paid"))}
          {select("payment_status", query.payment_status, PAYMENT_STATUS_FILTERS, (option) =>
            t(`payment-status.${option}` as "payment-status.succeeded"),
          )}
          {select("channel", query.channel, CHANNEL_FILTERS, (option) => t(`channel.${option}` as "channel.pos"))}
          {select("delivery_method", query.delivery_method, DELIVERY_FILTERS, (option) =>
            t(`stores:delivery.${option}` as "stores:delivery.alfred"),
          )}
          <DayRangeFilter
            from={{ name: "created_from", label: t("filter.created_from") }}
            to={{ name: "created_to", label: t("filter.created_to") }}
          />
        </>
      }
      resourceName={{ singular: t("order"), plural: t("orders") }}
      emptyText={t("no-orders")}
      columns={[
        {
          title: t("column.number"),
          cell: (order) => (
            <Link url={`/order/order-list/detail/${order.id}`} dataPrimaryLink removeUnderline>
              <Text as="span" fontWeight="semibold" numeric>
                {`#${order.number}`}
              </Text>
            </Link>
          ),
        },
        { title: t("column.created"), figure: (order) => order.createdAt },
        {
          title: t("column.customer"),
          cell: (order) => (
            <>
              {order.customer}
              {order.phone && (
                <Text as="span" tone="subdued" numeric>
                  {` ${order.phone}`}
                </Text>
              )}
            </>
          ),
        },
        { title: t("column.total"), figure: (order) => order.total },
        {
          title: t("column.payment-status"),
          cell: (order) => (
            <StatusBadge tone={order.paymentStatus === "succeeded" ? "success" : undefined}>
              {t(`payment-status.${order.paymentStatus}`)}
            </StatusBadge>
          ),
        },
        {
          title: t("column.status"),
          cell: (order) => <StatusBadge tone={STATUS_TONES[order.status]}>{t(`status.${order.status}`)}</StatusBadge>,
        },
        { title: t("column.channel"), cell: (order) => t(`channel.${order.channel}`) },
      ]}
      rows={orders}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
