import { Form, useLocation } from "@remix-run/react";
import { Button, IndexTable, InlineStack, Text, type IndexTableProps } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A read-only list table with a plain-text empty state (rows are IndexTable.Row children). */
export function ListTable({
  resourceName,
  headings,
  itemCount,
  emptyText,
  children,
}: {
  resourceName: { singular: string; plural: string };
  headings: IndexTableProps["headings"];
  itemCount: number;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <IndexTable
      resourceName={resourceName}
      itemCount={itemCount}
      selectable={false}
      emptyState={
        <Text as="p" alignment="center" tone="subdued">
          {emptyText}
        </Text>
      }
      headings={headings}
    >
      {children}
    </IndexTable>
  );
}

/** A list's filters as a GET form (the list stays a shareable link and works without JS), with Apply and Clear. */
export function ListFilters({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="get">
      <InlineStack gap="300" blockAlign="end" wrap>
        {children}
        <Button submit>{t("list.apply")}</Button>
        <Button url={location.pathname} variant="plain">
          {t("list.clear")}
        </Button>
      </InlineStack>
    </Form>
  );
}
