import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";

/** The QR code (server-drawn SVG) and the setup key of a two-step enrolment. */
export function TwoStepEnrolment({ qr, setupKey }: { qr: string; setupKey: string }) {
  const { t } = useTranslation("two-step");
  return (
    <BlockStack gap="300">
      <Text as="p">{t("enrol.scan")}</Text>
      <div dangerouslySetInnerHTML={{ __html: qr }} />
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {t("enrol.setup-key")}
        </Text>
        <p className="two-step-key">{setupKey}</p>
      </BlockStack>
    </BlockStack>
  );
}

/** New recovery codes, shown once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("two-step");
  return (
    <BlockStack gap="200">
      <Text as="p">{t("recovery.help")}</Text>
      <ul className="two-step-codes" aria-label={t("recovery.title")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </BlockStack>
  );
}
