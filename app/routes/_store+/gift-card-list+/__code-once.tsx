import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { groupedGiftCardCode } from "#modules/gift-card/options";
import { cardUrl } from "./__gift-card";

/** A new card's code in full, the one time its page shows it, with its printable page. */
export function CodeOnce({ card, message }: { card: { id: number; code: string }; message: string }) {
  const { t } = useTranslation("gift-card");
  return (
    <Banner tone="success" title={message}>
      <BlockStack gap="200">
        <Text as="p" variant="headingLg" fontWeight="bold" numeric>
          <span data-testid="gift-card-code">{groupedGiftCardCode(card.code)}</span>
        </Text>
        <Text as="p">{t("code-once")}</Text>
        <InlineStack>
          <Button url={`${cardUrl(card.id)}/print`} variant="primary">
            {t("print")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Banner>
  );
}
