import { useFetcher } from "@remix-run/react";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { ArrowDownIcon, ArrowLeftIcon, ArrowRightIcon, ArrowUpIcon } from "@shopify/polaris-icons";

const ICONS = { up: ArrowUpIcon, down: ArrowDownIcon, in: ArrowRightIcon, out: ArrowLeftIcon };

/**
 * A row's move buttons: each a form posting the move, the row's id and, where the list has one, its version
 * as the page shows it (`version`, posted as `name`). With JS off a plain post (the action redirects back);
 * with JS a fetcher, so the page does not reload or scroll, and its data revalidates. A move with nowhere to
 * go is a disabled button.
 */
export function MoveButtons({
  id,
  version,
  moves,
}: {
  id: number;
  version?: { name: string; value: number };
  moves: { move: keyof typeof ICONS; label: string; enabled: boolean }[];
}) {
  const fetcher = useFetcher({ key: `move-${id}` });
  const busy = fetcher.state !== "idle";
  return (
    <InlineStack gap="100" wrap={false}>
      {moves.map(({ move, label, enabled }) => (
        <fetcher.Form key={move} method="post" preventScrollReset noValidate>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="move" value={move} />
          {version && <input type="hidden" name={version.name} value={version.value} />}
          <Button submit icon={ICONS[move]} accessibilityLabel={label} disabled={!enabled || busy} size="slim" />
        </fetcher.Form>
      ))}
    </InlineStack>
  );
}
