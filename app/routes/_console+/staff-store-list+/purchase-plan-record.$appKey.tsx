import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { BadgeProps } from "@shopify/polaris";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import type { PurchasedPlanStatus } from "#contract/actions";
import { requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ListTable } from "~/components/list-table";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { asRouteError } from "~/server/errors.server";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";

export const handle: RouteHandle = { i18n: ["stores", "plan-order"], parent: "/staff-store-list" };
export const meta = titleMeta;

const STATUS_TONE: Record<PurchasedPlanStatus, BadgeProps["tone"]> = {
  current: "success",
  upcoming: "info",
  expired: "critical",
  disabled: undefined,
};

/** Every plan the store has bought, newest first, each with its status today. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const application_key = params.appKey ?? "";
  const [store, records] = await Promise.all([
    client.get_store_account_data_by_application_key({ application_key }),
    client.get_purchased_plan_data_list_by_application_key({ application_key }),
  ]).catch(asRouteError);
  return {
    title: context.t("stores:title.purchase-records", { name: store.data.store_name }),
    applicationKey: application_key,
    locale: context.locale,
    records: records.data.map((record) => ({ ...record, amount: formatHkd(record.price_cents) })),
  };
}

export default function PurchaseRecords() {
  const { t } = useTranslation(["stores", "plan-order", "common"]);
  const { title, applicationKey, locale, records } = useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      backAction={{ content: t("common:shell.back"), url: "/staff-store-list" }}
      primaryAction={{ content: t("order-plan"), url: `/staff-store-list/order-plan/add/${applicationKey}` }}
    >
      <Card padding="0">
        <ListTable
          resourceName={{ singular: t("purchase"), plural: t("purchases") }}
          itemCount={records.length}
          emptyText={t("no-purchases")}
          headings={[
            { title: t("column.plan") },
            { title: t("column.plan-type") },
            { title: t("column.start-date") },
            { title: t("column.expiry-date") },
            { title: t("column.store-payment-id") },
            { title: t("plan-order:column.amount"), alignment: "end" },
            { title: t("column.status") },
          ]}
        >
          {records.map((record, index) => (
            <IndexTable.Row id={String(record.id)} key={record.id} position={index}>
              <IndexTable.Cell>
                <Link to={`/staff-store-list/order-plan/${applicationKey}/${record.id}`}>
                  {localizedName(record, locale, "plan_name")}
                </Link>
              </IndexTable.Cell>
              <IndexTable.Cell>{t(`plan-type.${record.plan_type}`)}</IndexTable.Cell>
              <IndexTable.Cell>{record.start_date}</IndexTable.Cell>
              <IndexTable.Cell>{record.expiry_date}</IndexTable.Cell>
              <IndexTable.Cell>{record.store_payment_id}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {record.amount}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <StatusBadge tone={STATUS_TONE[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
