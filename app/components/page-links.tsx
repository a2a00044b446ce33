import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";

export interface PageLink {
  content: string;
  url: string;
  destructive?: boolean;
  external?: boolean;
}

/**
 * A page's secondary links as plain buttons: Polaris's own secondary actions collapse into a
 * menu that only JavaScript can open, so these stay visible and work without it. On a phone they keep
 * the page's margin (`page-inline`), where cards run to the screen's edges.
 */
export function PageLinks({ links }: { links: PageLink[] }) {
  return (
    <div className="page-inline">
      <InlineStack gap="200">
        {links.map((link) => (
          <Button
            key={link.url}
            url={link.url}
            external={link.external}
            tone={link.destructive ? "critical" : undefined}
          >
            {link.content}
          </Button>
        ))}
      </InlineStack>
    </div>
  );
}
