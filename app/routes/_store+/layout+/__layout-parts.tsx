import { useFetcher } from "@remix-run/react";
import { Badge } from "@shopify/polaris/build/esm/components/Badge/Badge.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { ArrowDownIcon, ArrowLeftIcon, ArrowRightIcon, ArrowUpIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import type { LinkTarget } from "#modules/link-target/contract";

/** Where a slide or menu item links, in a line: the kind and its target, or the "broken link" mark. */
export function LinkSummary({ link }: { link: LinkTarget | null }) {
  const { t, i18n } = useTranslation("common");
  if (!link) {
    return (
      <Text as="span" tone="subdued">
        {t("link-target.kind.none")}
      </Text>
    );
  }
  if (link.broken) return <Badge tone="critical">{t("link-target.broken")}</Badge>;
  const name =
    link.name_zh_hk === null
      ? ""
      : localizedName({ name_zh_hk: link.name_zh_hk, name_en: link.name_en ?? "" }, i18n.language, "name");
  const target = link.kind === "url" ? link.url : link.kind === "product" ? `${name} (${link.product_code})` : name;
  return (
    <Text as="span" breakWord>
      {t(`link-target.kind.${link.kind}`)}: {target}
    </Text>
  );
}

const ICONS = { up: ArrowUpIcon, down: ArrowDownIcon, in: ArrowRightIcon, out: ArrowLeftIcon };

/**
 * A row's move buttons: each a form posting the move, the row's id and the list's version as the page
 * shows it. With JS off a plain post (the action redirects back); with JS a fetcher, so the page does not
 * reload or scroll, and its data revalidates. A move with nowhere to go is a disabled button.
 */
export function MoveButtons({
  id,
  version,
  versionName,
  moves,
}: {
  id: number;
  version: number;
  versionName: string;
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
          <input type="hidden" name={versionName} value={version} />
          <Button submit icon={ICONS[move]} accessibilityLabel={label} disabled={!enabled || busy} size="slim" />
        </fetcher.Form>
      ))}
    </InlineStack>
  );
}
