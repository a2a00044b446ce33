import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { daysBetween, hongKongDate } from "#contract/dates";
import { requireStore } from "~/server/auth.server";
import { can } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { localizedName } from "#contract/localized";
import { locationChoices } from "~/server/locations.server";
import { SalesSection } from "./__sales-section";
import { quickRanges, salesLocation, salesRange, salesReport } from "./__sales-report.server";

export const handle: RouteHandle = { i18n: ["store", "sales-report", "order", "stores"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  const now = new Date(context.now());
  const today = hongKongDate(now);
  // Only for those who may read orders in a store with the order module (`can` checks both).
  const url = new URL(request.url);
  const sales = can(user, "order:read")
    ? await salesReport(client, store.applicationKey, salesRange(url, now), salesLocation(url))
    : null;
  // Read by location by those who may read the locations.
  const locations = sales ? locationChoices(user, sales.locations, context.locale) : [];
  return {
    title: context.t("store:title.overview"),
    storeName: store.storeName,
    plan: store.plan && {
      type: store.plan.type,
      name: localizedName(store.plan, context.locale, "name"),
      expiryDate: store.plan.expiryDate,
      daysLeft: daysBetween(today, store.plan.expiryDate),
    },
    moduleCount: store.modules.length,
    sales,
    locations,
    quick: quickRanges(now),
  };
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          {label}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

export default function MyStore() {
  const { t } = useTranslation("store");
  const { title, storeName, plan, moduleCount, sales, locations, quick } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <Layout>
        <Layout.Section>
          <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
            <Figure label={t("store-name")}>
              <Text as="p" variant="headingLg">
                {storeName}
              </Text>
            </Figure>
            <Figure label={t("plan")}>
              {plan ? (
                <>
                  <Text as="p" variant="headingLg">
                    {plan.name}{" "}
                    <StatusBadge tone={plan.type === "trial" ? "attention" : "success"}>
                      {t(`plan-type.${plan.type}`)}
                    </StatusBadge>
                  </Text>
                  <Text as="p" tone={plan.daysLeft < 0 ? "critical" : "subdued"}>
                    {plan.daysLeft < 0
                      ? t("plan-expired", { date: plan.expiryDate })
                      : t("plan-expiry", { date: plan.expiryDate, count: plan.daysLeft })}
                  </Text>
                </>
              ) : (
                <Text as="p">{t("no-plan")}</Text>
              )}
            </Figure>
            <Figure label={t("modules")}>
              <Text as="p" variant="headingLg">
                {moduleCount}
              </Text>
            </Figure>
          </InlineGrid>
        </Layout.Section>
        {sales && (
          <Layout.Section>
            <SalesSection report={sales} quick={quick} locations={locations} />
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
