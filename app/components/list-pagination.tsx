import { useLocation } from "@remix-run/react";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { ChevronLeftIcon, ChevronRightIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import { listUrl } from "~/utils/list-params";

/**
 * Previous/next as plain links that keep the list's filters, so paging works without JavaScript.
 * Where there is no previous or next page the control is a disabled button, not a link without a
 * destination.
 */
export function ListPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const here = location.pathname + location.search;
  const step = (to: number, label: string, icon: typeof ChevronLeftIcon) =>
    to >= 1 && to <= pageCount ? (
      <Button url={listUrl(here, { page: to })} icon={icon} accessibilityLabel={label} />
    ) : (
      <Button disabled icon={icon} accessibilityLabel={label} />
    );
  return (
    <Box paddingBlockStart="400">
      <nav aria-label={t("list.pages")}>
        <InlineStack align="center" blockAlign="center" gap="300">
          {step(page - 1, t("list.previous"), ChevronLeftIcon)}
          <Text as="span">{t("list.page", { page, count: pageCount })}</Text>
          {step(page + 1, t("list.next"), ChevronRightIcon)}
        </InlineStack>
      </nav>
    </Box>
  );
}
