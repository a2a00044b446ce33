import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useId, type ReactNode } from "react";

/** A card of form fields under its heading, as every module's form groups them: a region named by it. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={title ? headingId : undefined}>
      <Card>
        <BlockStack gap="300">
          {title && (
            <Text as="h2" variant="headingMd" id={headingId}>
              {title}
            </Text>
          )}
          {children}
        </BlockStack>
      </Card>
    </section>
  );
}
