import type { BadgeProps } from "@shopify/polaris";
import { Badge } from "@shopify/polaris/build/esm/components/Badge/Badge.js";

/**
 * A badge whose words say it all. Polaris reads a badge's tone aloud before its text ("Success
 * Paid"); a blank override (a space, since an empty one means "the default") leaves only the text.
 */
export function StatusBadge({ tone, children }: { tone?: BadgeProps["tone"]; children: string }) {
  return (
    <Badge tone={tone} toneAndProgressLabelOverride=" ">
      {children}
    </Badge>
  );
}
