import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { BadgeProps } from "@shopify/polaris";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { IndexTable } from "@shopify/polaris/build/esm/components/IndexTable/IndexTable.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { PurchasedPlanStatus } from "#contract/actions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListTable } from "~/components/list-table";
import { StatusBadge } from "~/components/status-badge";
import { requireStoreAccount } from "~/server/auth.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { purchasesOf } from "../__purchases.server";

export const handle: RouteHandle = { i18n: ["plan-order"] };
export const meta = titleMeta;

const STATUS_TONE: Record<PurchasedPlanStatus, BadgeProps["tone"]> = {
  current: "success",
  upcoming: "info",
  expired: undefined,
  disabled: "critical",
};

/** The store's plan purchases, read-only, each with its receipt. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client, store } = await requireStoreAccount(request, context);
  const bills = await purchasesOf(client, store.applicationKey, context);
  return {
    title: context.t("plan-order:title.bills"),
    bills: bills.map((bill) => ({
      ...bill,
      period: context.t("plan-order:period", { start: bill.startDate, end: bill.expiryDate }),
    })),
  };
}

export default function Bills() {
  const { t } = useTranslation(["plan-order", "common"]);
  const { title, bills } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <Card padding="0">
        <ListTable
          resourceName={{ singular: t("order"), plural: t("orders") }}
          itemCount={bills.length}
          emptyText={t("bills.no-bills")}
          headings={[
            { title: t("column.plan") },
            { title: t("column.period") },
            { title: t("column.amount"), alignment: "end" },
            { title: t("column.status") },
            { title: t("bills.receipt") },
          ]}
        >
          {bills.map((bill, index) => (
            <IndexTable.Row id={String(bill.id)} key={bill.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {bill.plan}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{bill.period}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {bill.amount}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <StatusBadge tone={STATUS_TONE[bill.status]}>{t(`status.${bill.status}`)}</StatusBadge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Link
                  url={`/bills/${bill.id}/receipt`}
                  accessibilityLabel={t("bills.view-receipt", { plan: bill.plan, period: bill.period })}
                >
                  {t("bills.receipt")}
                </Link>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
