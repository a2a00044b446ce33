import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useTranslation } from "react-i18next";

/** The reset form's intent, posted to the provider's or coach's own page. */
export const CALENDAR_FEED_RESET_INTENT = "reset-calendar-feed";

/**
 * A provider's or coach's private calendar feed (modules/calendar-feed): its link in a read-only field (selected
 * on focus) to paste into Google or Outlook Calendar, and a plain form that resets it. Shown to those who may
 * write the module; `url` null when the deployment cannot sign links. The page loads the `calendar-feed` texts.
 */
export function CalendarFeedCard({ url, medical = false }: { url: string | null; medical?: boolean }) {
  const { t } = useTranslation("calendar-feed");
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("title")}
        </Text>
        {url === null ? (
          <Text as="p" tone="subdued">
            {t("no-secret")}
          </Text>
        ) : (
          <>
            <TextField
              label={t("field.link")}
              value={url}
              readOnly
              selectTextOnFocus
              autoComplete="off"
              helpText={t("help")}
            />
            {medical && <Text as="p">{t("medical-note")}</Text>}
            <Form method="post" noValidate>
              <BlockStack gap="200" inlineAlign="start">
                <Text as="p">{t("private")}</Text>
                <input type="hidden" name="intent" value={CALENDAR_FEED_RESET_INTENT} />
                <Button submit>{t("reset")}</Button>
              </BlockStack>
            </Form>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
