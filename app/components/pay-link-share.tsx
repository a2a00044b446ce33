import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CustomerLanguage } from "#contract/pay-link-message";
import { useHydrated } from "~/utils/use-hydrated";

/** A customer's link as a page shares it (app/server/pay-link-share.server.ts). */
export interface PayLinkShareView {
  /** The absolute URL. */
  url: string;
  /** When it stops working, in Hong Kong time. */
  expires: string;
  /** A WhatsApp click-to-chat link per language, its message in that language. */
  whatsapp: { language: CustomerLanguage; href: string }[];
}

/** The e-mail form's intent and fields, posted to the page's own action, and its button's words. */
export interface PayLinkEmailForm {
  intent: string;
  fields?: Record<string, string | number>;
  label: string;
}

/**
 * Sends a customer their link (to pay, or to answer a quotation): shown in a read-only field (selected on
 * focus) with a copy button once JavaScript runs, e-mailed in the language chosen (`email`: null for a user who
 * may not, "no-address" when the customer has none), and shared on WhatsApp in either language.
 */
export function PayLinkShare({
  title,
  link,
  email,
  locale,
}: {
  title: string;
  link: PayLinkShareView;
  email: PayLinkEmailForm | "no-address" | null;
  locale: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"success" | "fail" | null>(null);
  const [language, setLanguage] = useState(locale);
  const copy = () => {
    navigator.clipboard.writeText(link.url).then(
      () => setCopied("success"),
      () => setCopied("fail"),
    );
  };
  const languages = [
    { value: "zh-HK", label: t("pay-link.languages.zh-HK") },
    { value: "en", label: t("pay-link.languages.en") },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <TextField
          label={t("pay-link.link")}
          value={link.url}
          readOnly
          selectTextOnFocus
          autoComplete="off"
          helpText={t("pay-link.expires", { time: link.expires })}
          connectedRight={hydrated && <Button onClick={copy}>{t("pay-link.copy")}</Button>}
        />
        <div role="status" aria-live="polite">
          {copied && (
            <Text as="p" tone={copied === "success" ? "success" : "critical"}>
              {t(copied === "success" ? "pay-link.copy-success-text" : "pay-link.copy-fail-text")}
            </Text>
          )}
        </div>
        {email === "no-address" && (
          <Text as="p" tone="subdued">
            {t("pay-link.no-email")}
          </Text>
        )}
        {email && email !== "no-address" && (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value={email.intent} />
            {Object.entries(email.fields ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <InlineStack gap="200" blockAlign="end" wrap>
              <Select
                id={[email.intent, ...Object.values(email.fields ?? {}), "language"].join("-")}
                name="language"
                label={t("pay-link.language")}
                options={languages}
                value={language}
                onChange={setLanguage}
              />
              <Button submit>{email.label}</Button>
            </InlineStack>
          </Form>
        )}
        <InlineStack gap="200" wrap>
          {link.whatsapp.map((share) => (
            <Button key={share.language} url={share.href} external>
              {t("pay-link.whatsapp", { language: t(`pay-link.languages.${share.language}`) })}
            </Button>
          ))}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
