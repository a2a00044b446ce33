import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/utils/messages";
import type { FieldLike } from "./field";
import { IntentButton } from "./intent-button";

type ButtonProps = { name: string; value: string; form: string };

/**
 * One line of a form's list field (a purchase order's products, a schedule's rows): its inputs, then,
 * when the line may go, its remove button (conform's `form.remove.getButtonProps(…)`) at the end.
 */
export function FormLine({
  remove,
  children,
}: {
  remove?: { buttonProps: ButtonProps; label: string };
  children: ReactNode;
}) {
  return (
    <Box paddingBlockEnd="300" borderBlockEndWidth="025" borderColor="border">
      <BlockStack gap="200">
        {children}
        {remove && (
          <InlineStack align="end">
            <IntentButton buttonProps={remove.buttonProps} plain>
              {remove.label}
            </IntentButton>
          </InlineStack>
        )}
      </BlockStack>
    </Box>
  );
}

/** The button adding a line to a list field (conform's `form.insert.getButtonProps(…)`). */
export function AddLineButton({ buttonProps, children }: { buttonProps: ButtonProps; children: ReactNode }) {
  return (
    <InlineStack>
      <IntentButton buttonProps={buttonProps}>{children}</IntentButton>
    </InlineStack>
  );
}

/** The error of a list field as a whole (too few lines, a product twice), if it has one. */
export function LinesError({ field }: { field: FieldLike }) {
  const { t } = useTranslation();
  return field.errors?.length ? <InlineError message={translateErrors(t, field.errors)!} fieldID={field.id} /> : null;
}
