import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { List } from "@shopify/polaris/build/esm/components/List/List.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { StayingToast } from "~/components/toast-stack";

/** A product the quotation quotes beyond its stock, as the page shows it. */
export interface ShortLineView {
  name: string;
  code: string;
  stock: number;
  quoted: number;
}

function ShortLineList({ lines }: { lines: ShortLineView[] }) {
  const { t } = useTranslation("quotation");
  return (
    <List>
      {lines.map((line, index) => (
        <List.Item key={index}>
          {t("stock-short.line", { name: line.name, code: line.code, stock: line.stock, quoted: line.quoted })}
        </List.Item>
      ))}
    </List>
  );
}

/** The warning a quotation short of stock carries on its page (read with it, so it shows with JS off too). */
export function ShortLinesBanner({ lines, approved }: { lines: ShortLineView[]; approved: boolean }) {
  const { t } = useTranslation("quotation");
  return (
    <Banner tone="warning" title={t("stock-short.title")}>
      <BlockStack gap="200">
        <ShortLineList lines={lines} />
        {approved && <Text as="p">{t("stock-short.approved-hint")}</Text>}
      </BlockStack>
    </Banner>
  );
}

/** The conversion's refusal for want of stock, beside its button: it stays until dismissed (no JS needed). */
export function ConvertRefusal({ lines }: { lines: ShortLineView[] }) {
  const { t } = useTranslation("message");
  return (
    <StayingToast tone="error">
      <BlockStack gap="100">
        <Text as="p" fontWeight="semibold">
          {t("quotation-stock-short")}
        </Text>
        <ShortLineList lines={lines} />
      </BlockStack>
    </StayingToast>
  );
}
