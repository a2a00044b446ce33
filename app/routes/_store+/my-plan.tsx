import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { daysBetween, hongKongDate } from "#contract/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStoreAccount } from "~/server/auth.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { purchasesOf } from "./__purchases.server";

export const handle: RouteHandle = { i18n: ["plan-order"] };
export const meta = titleMeta;

/** The store account's current plan (modules, dates, days left, trial), and the plans to come. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client, store } = await requireStoreAccount(request, context);
  const purchases = await purchasesOf(client, store.applicationKey, context);
  const today = hongKongDate(new Date(context.now()));
  const current = purchases.find((purchase) => purchase.status === "current") ?? null;
  return {
    title: context.t("plan-order:title.my-plan"),
    current: current && { ...current, daysLeft: Math.max(0, daysBetween(today, current.expiryDate)) },
    upcoming: purchases.filter((purchase) => purchase.status === "upcoming").reverse(),
  };
}

function Dates({ start, end }: { start: string; end: string }) {
  const { t } = useTranslation("plan-order");
  return (
    <InlineGrid columns={{ xs: 1, sm: 2 }} gap="200">
      <BlockStack gap="050">
        <Text as="span" tone="subdued">
          {t("my-plan.start-date")}
        </Text>
        <Text as="span">{start}</Text>
      </BlockStack>
      <BlockStack gap="050">
        <Text as="span" tone="subdued">
          {t("my-plan.expiry-date")}
        </Text>
        <Text as="span">{end}</Text>
      </BlockStack>
    </InlineGrid>
  );
}

export default function MyPlan() {
  const { t } = useTranslation(["plan-order", "common"]);
  const { title, current, upcoming } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <BlockStack gap="400">
        <PageLinks links={[{ content: t("my-plan.bills-link"), url: "/bills" }]} />
        {current?.planType === "trial" && (
          <Banner tone="warning">{t("my-plan.trial", { date: current.expiryDate })}</Banner>
        )}
        <Card>
          {current ? (
            <BlockStack gap="400">
              <InlineStack gap="200" blockAlign="center" align="space-between">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingMd">
                    {t("my-plan.current")}
                  </Text>
                  <Text as="p" variant="headingLg">
                    {current.plan}
                  </Text>
                </BlockStack>
                <StatusBadge tone={current.daysLeft <= 14 ? "attention" : "success"}>
                  {t("my-plan.days-left", { count: current.daysLeft })}
                </StatusBadge>
              </InlineStack>
              <Dates start={current.startDate} end={current.expiryDate} />
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  {t("my-plan.modules")}
                </Text>
                <ul className="module-list">
                  {current.modules.map((module) => (
                    <li key={module}>{t(`common:module.${module}`)}</li>
                  ))}
                </ul>
              </BlockStack>
            </BlockStack>
          ) : (
            <Text as="p">{t("my-plan.no-plan")}</Text>
          )}
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("my-plan.upcoming")}
            </Text>
            {upcoming.length === 0 ? (
              <Text as="p" tone="subdued">
                {t("my-plan.no-upcoming")}
              </Text>
            ) : (
              upcoming.map((plan) => (
                <BlockStack gap="100" key={plan.id}>
                  <Link url={`/bills/${plan.id}/receipt`}>{plan.plan}</Link>
                  <Dates start={plan.startDate} end={plan.expiryDate} />
                </BlockStack>
              ))
            )}
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
