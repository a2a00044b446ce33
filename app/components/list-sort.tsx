import { useLocation } from "@remix-run/react";
import { Box, Button, ButtonGroup, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { listUrl } from "~/utils/list-params";

export interface SortOption {
  sort: string;
  direction: "ASC" | "DESC";
  label: string;
}

/** The list's orders as plain links (back to page 1), so sorting works without JavaScript and can be shared. */
export function ListSort({ options, sort, direction }: { options: SortOption[]; sort: string; direction: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <Box padding="300">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" tone="subdued">
          {t("list.sort")}
        </Text>
        <ButtonGroup variant="segmented">
          {options.map((option) => {
            const current = option.sort === sort && option.direction === direction;
            return (
              <Button
                key={`${option.sort}-${option.direction}`}
                url={listUrl(here, { sort: option.sort, direction: option.direction, page: undefined })}
                variant={current ? "primary" : "secondary"}
                size="slim"
              >
                {option.label}
              </Button>
            );
          })}
        </ButtonGroup>
      </InlineStack>
    </Box>
  );
}
