import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { useTranslation } from "react-i18next";
import { dollarsToCents, formatHkd } from "#contract/money";

/** Whether the backend refused a verification because the amount received is not the one expected. */
export const asksToConfirmReceived = (reply?: SubmissionResult<string[]>) =>
  reply?.error?.received_cents?.some((message) => message.startsWith("received-amount-differs")) ?? false;

/**
 * The second submit of a verification whose amount received is not the one expected: the same move with the
 * amount staff typed (in dollars, as the form posts it) and the confirmation, a plain form that needs no script.
 */
export function ConfirmReceivedForm({ version, received }: { version: number; received: string }) {
  const { t } = useTranslation("stores");
  return (
    <Form method="post">
      <BlockStack gap="200">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="to" value="paid" />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="received_cents" value={received} />
        <input type="hidden" name="confirm_received" value="on" />
        <InlineStack>
          <Button submit variant="primary" tone="critical">
            {t("payment-match.confirm", { amount: formatHkd(dollarsToCents(Number(received))) })}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}
