import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";

/** A log entry's changes in words, one a line, in a log list's cell. */
export function LogChanges({ changes }: { changes: readonly string[] }) {
  return (
    // Changes wrap rather than widen the table past the screen (and out of keyboard reach).
    <div className="log-changes">
      <BlockStack gap="050">
        {changes.map((change) => (
          <Text as="p" variant="bodySm" key={change} breakWord>
            {change}
          </Text>
        ))}
      </BlockStack>
    </div>
  );
}
