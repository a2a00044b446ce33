import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** A card of form fields under its heading, as every module's form groups them. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        {title && (
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
        )}
        {children}
      </BlockStack>
    </Card>
  );
}
