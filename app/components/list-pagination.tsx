import { useLocation } from "@remix-run/react";
import { Box, InlineStack, Pagination } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { listUrl } from "~/utils/list-params";

/** Previous/next as plain links that keep the list's filters, so paging works without JavaScript. */
export function ListPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const here = location.pathname + location.search;
  return (
    <Box paddingBlockStart="400">
      <InlineStack align="center">
        <Pagination
          hasPrevious={page > 1}
          previousURL={listUrl(here, { page: page - 1 })}
          hasNext={page < pageCount}
          nextURL={listUrl(here, { page: page + 1 })}
          label={t("list.page", { page, count: pageCount })}
        />
      </InlineStack>
    </Box>
  );
}
