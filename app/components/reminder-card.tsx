import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { CustomerLanguage } from "#contract/pay-link-message";

/** A click-to-chat link with its message in one language (app/server/reminder-share.server.ts). */
export interface ReminderWhatsAppLink {
  language: CustomerLanguage;
  href: string;
}

/** The WhatsApp links, one per language: plain links, so they work without JavaScript. */
export function ReminderWhatsApp({ links, size }: { links: ReminderWhatsAppLink[]; size?: "slim" }) {
  const { t } = useTranslation("common");
  return (
    <InlineStack gap="200" wrap>
      {links.map((link) => (
        <Button key={link.language} url={link.href} external size={size}>
          {t("reminder.whatsapp", { language: t(`pay-link.languages.${link.language}`) })}
        </Button>
      ))}
    </InlineStack>
  );
}

/**
 * A booking's reminder on its page: when the hourly job sent it (Hong Kong time), or that it has not yet, and
 * the links to remind the customer on WhatsApp by hand (none without a phone number).
 */
export function ReminderCard({ sentAt, whatsapp }: { sentAt: string | null; whatsapp: ReminderWhatsAppLink[] | null }) {
  const { t } = useTranslation("common");
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("reminder.title")}
        </Text>
        <Text as="p" tone={sentAt ? undefined : "subdued"}>
          {sentAt ? t("reminder.sent", { time: sentAt }) : t("reminder.not-sent")}
        </Text>
        {whatsapp && <ReminderWhatsApp links={whatsapp} />}
      </BlockStack>
    </Card>
  );
}
