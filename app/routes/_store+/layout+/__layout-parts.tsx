import { Badge } from "@shopify/polaris/build/esm/components/Badge/Badge.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
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
