import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";

/**
 * A labelled value of a record: `inline` (the label, then the value, wrapping), `stacked` (a small
 * heading over the value, for longer texts) or `spread` (a summary's row: label left, value right).
 */
export function LabelValue({
  label,
  children,
  layout = "inline",
}: {
  label: string;
  children: ReactNode;
  layout?: "inline" | "stacked" | "spread";
}) {
  if (layout === "stacked") {
    return (
      <BlockStack gap="050">
        <Text as="h3" variant="bodySm" tone="subdued">
          {label}
        </Text>
        <Text as="p" breakWord>
          {children}
        </Text>
      </BlockStack>
    );
  }
  const spread = layout === "spread";
  return (
    <InlineStack gap="200" align={spread ? "space-between" : undefined} wrap={!spread}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" alignment={spread ? "end" : undefined}>
        {children}
      </Text>
    </InlineStack>
  );
}
