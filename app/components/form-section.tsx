import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
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
