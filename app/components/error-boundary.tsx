import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";
import type { RouteErrorData } from "~/server/errors.server";
import { translateMessage } from "~/utils/messages";

const HEADINGS = {
  400: "error.bad-request",
  403: "error.forbidden",
  404: "error.not-found",
  409: "error.conflict",
  429: "error.too-many",
} as const satisfies Record<number, `error.${string}`>;

/**
 * What every route shows when its loader or action fails, fit for the status it failed with. Inside
 * a layout it renders within the shell.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const messageKey = isRouteErrorResponse(error) ? (error.data as Partial<RouteErrorData> | null)?.message : undefined;
  return <ErrorPage status={status} messageKey={messageKey} />;
}

/**
 * An error page: the backend's message key, translated, says why; an unexpected failure shows a
 * reference to find it in the logs, never its details.
 */
export function ErrorPage({ status, messageKey }: { status: number; messageKey?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const requestId = useRouteLoaderData<typeof rootLoader>("root")?.requestId;
  const heading = HEADINGS[status as keyof typeof HEADINGS] ?? "error.unexpected";
  const expected = status in HEADINGS;
  return (
    <Page narrowWidth>
      <title>{`${t(heading)} - CMS`}</title>
      <Card>
        <BlockStack gap="300">
          <Text as="h1" variant="headingLg">
            {t(heading)}
          </Text>
          {/* A 404 says more than "not found" only when it names what was not found (spec §8: supplier not found). */}
          {expected && messageKey && (status !== 404 || messageKey !== "not-found") && (
            <Text as="p">{translateMessage(t, messageKey)}</Text>
          )}
          {status === 409 && (
            <Text as="p">
              {t("error.conflict-help")} <Link to={pathname + search}>{t("error.reload")}</Link>
            </Text>
          )}
          {!expected && requestId && (
            <Text as="p" tone="subdued">
              {t("error.reference", { id: requestId })}
            </Text>
          )}
          <Text as="p" tone="subdued">
            {t("error.status", { status })}
          </Text>
          <Link to="/">{t("error.back-home")}</Link>
        </BlockStack>
      </Card>
    </Page>
  );
}
