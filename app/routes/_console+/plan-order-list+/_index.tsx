import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import type { BadgeProps } from "@shopify/polaris";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { PurchasedPlanStatus } from "#contract/actions";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { PURCHASED_PLAN_STATUSES } from "#contract/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { QueryInput } from "~/components/query-input";
import { StatusBadge } from "~/components/status-badge";
import { requireConsole } from "~/server/auth.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { orderList } from "./__order-query.server";

export const handle: RouteHandle = { i18n: ["plan-order"] };
export const meta = titleMeta;

const STATUS_TONE: Record<PurchasedPlanStatus, BadgeProps["tone"]> = {
  current: "success",
  upcoming: "info",
  expired: "critical",
  disabled: undefined,
};

/** Every store's plan orders: searchable by status and start date, sorted, paged, exported. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const { list, rows } = await orderList.load(client, request);
  return {
    title: context.t("plan-order:title.orders"),
    orders: rows.map((order) => ({
      id: order.id,
      applicationKey: order.application_key,
      storeName: order.store_name,
      plan: localizedName(order, context.locale, "plan_name"),
      period: context.t("plan-order:period", { start: order.start_date, end: order.expiry_date }),
      amount: formatHkd(order.price_cents),
      before: order.price_cents === order.price_before_cents ? null : formatHkd(order.price_before_cents),
      promotionCode: order.promotion_code,
      status: order.status,
    })),
    list,
  };
}

export default function PlanOrderList() {
  const { t } = useTranslation(["plan-order", "common"]);
  const { title, orders, list } = useLoaderData<typeof loader>();
  const { query } = list;
  const location = useLocation();
  return (
    <ListPage
      list={list}
      title={title}
      before={
        <>
          <PageLinks
            links={[{ content: t("export-csv"), url: `/plan-order-list/export.csv${location.search}`, external: true }]}
          />
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-orders")} />
          <QuerySelect
            name="status"
            label={t("field.status")}
            value={query.status}
            options={[
              { value: "all", label: t("all-statuses") },
              ...PURCHASED_PLAN_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
            ]}
          />
          <QueryInput type="date" name="start_from" label={t("field.start-from")} value={query.start_from} />
          <QueryInput type="date" name="start_to" label={t("field.start-to")} value={query.start_to} />
        </>
      }
      resourceName={{ singular: t("order"), plural: t("orders") }}
      emptyText={t("no-orders")}
      columns={[
        {
          title: t("column.store"),
          cell: (order) => (
            <RowLink url={`/staff-store-list/purchase-plan-record/${order.applicationKey}`}>{order.storeName}</RowLink>
          ),
        },
        { title: t("column.plan"), cell: (order) => order.plan },
        { title: t("column.period"), cell: (order) => order.period },
        {
          title: t("column.amount"),
          alignment: "end",
          cell: (order) => (
            <>
              <Text as="span" alignment="end" numeric>
                {order.amount}
              </Text>
              {order.before && (
                <Text as="span" alignment="end" numeric tone="subdued" variant="bodySm">
                  {t("before-promotion", { price: order.before })}
                </Text>
              )}
            </>
          ),
        },
        { title: t("column.promotion-code"), cell: (order) => order.promotionCode ?? "—" },
        {
          title: t("column.status"),
          cell: (order) => <StatusBadge tone={STATUS_TONE[order.status]}>{t(`status.${order.status}`)}</StatusBadge>,
        },
      ]}
      rows={orders}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
