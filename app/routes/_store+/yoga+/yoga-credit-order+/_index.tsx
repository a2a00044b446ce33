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
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, PAYMENT_STATUS_FILTERS, STATUS_FILTERS, STATUS_TONES } from "./__credit-order-list";
import { creditOrderList } from "./__credit-order-list-query.server";

export const handle: RouteHandle = { i18n: ["credit-order"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "credit_package:read");
  const url = new URL(request.url);
  const { list, rows } = await creditOrderList.load(client, request, { application_key: store.applicationKey });
  return {
    title: context.t("credit-order:title.list"),
    search: url.search,
    canWrite: can(user, "credit_package:write"),
    orders: rows.map((order) => ({
      id: order.id,
      createdAt: hongKongTime(order.create_date),
      member: order.member_name,
      memberCode: order.member_code,
      packageName: localizedName(order, context.locale, "package_name"),
      price: formatHkd(order.price_cents),
      status: order.status,
      paymentStatus: order.payment_status,
      channel: order.channel,
    })),
    list,
  };
}

export default function CreditOrderList() {
  const { t } = useTranslation(["credit-order", "common"]);
  const { title, search, canWrite, orders, list } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add"), url: `${LIST_URL}/add` } : undefined}
      before={
        <>
          <PageLinks
            links={[
              { content: t("queue.unverified"), url: `${LIST_URL}?status=unverified_payment&sort=create_date.ASC` },
              { content: t("common:sheet.export-xlsx"), url: `${LIST_URL}/export.xlsx${search}`, external: true },
              { content: t("common:sheet.export-csv"), url: `${LIST_URL}/export.csv${search}`, external: true },
            ]}
          />
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={STATUS_FILTERS}
            all={t("filter.all")}
            choiceLabel={(option) => t(`status.${option}`)}
          />
          <ChoiceFilter
            name="payment_status"
            label={t("filter.payment_status")}
            choices={PAYMENT_STATUS_FILTERS}
            all={t("filter.all")}
            choiceLabel={(option) => t(`payment-status.${option}`)}
          />
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
            <Link url={`${LIST_URL}/detail/${order.id}`} dataPrimaryLink removeUnderline>
              <Text as="span" fontWeight="semibold" numeric>
                {`#${order.id}`}
              </Text>
            </Link>
          ),
        },
        { title: t("column.created"), figure: (order) => order.createdAt },
        {
          title: t("column.member"),
          cell: (order) => (
            <>
              {order.member}
              <Text as="span" tone="subdued" numeric>
                {` ${order.memberCode}`}
              </Text>
            </>
          ),
        },
        { title: t("column.package"), cell: (order) => order.packageName },
        { title: t("column.price"), figure: (order) => order.price },
        {
          title: t("column.status"),
          cell: (order) => <StatusBadge tone={STATUS_TONES[order.status]}>{t(`status.${order.status}`)}</StatusBadge>,
        },
        { title: t("column.payment-status"), cell: (order) => t(`payment-status.${order.paymentStatus}`) },
        { title: t("column.channel"), cell: (order) => t(`channel.${order.channel}`) },
      ]}
      rows={orders}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
