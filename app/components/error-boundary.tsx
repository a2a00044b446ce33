import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Box, Card, EmptyState, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** What every route shows when its loader or action fails: 404s, module gates and the unexpected. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation(["common", "message"]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) ? String(error.data) : "";
  const message =
    status === 404
      ? t("error.not-found")
      : reason === "module-not-in-plan"
        ? t("error.module-not-in-plan")
        : status === 403
          ? t("message:forbidden")
          : t("error.unexpected");
  return (
    <Page narrowWidth>
      <title>{`${t("error.title")} - CMS`}</title>
      <Card>
        <EmptyState heading={message} image="">
          <Box paddingBlockStart="200">
            <Text as="p" tone="subdued">
              {status}
            </Text>
          </Box>
          <Link to="/">{t("error.back-home")}</Link>
        </EmptyState>
      </Card>
    </Page>
  );
}
