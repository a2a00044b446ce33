import { Form, useLocation } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The form field value that tells a record page's action to delete rather than save. */
export const DELETE_INTENT = "delete";
const CONFIRM_PARAM = "confirm-delete";

/** Whether the record page is at its confirmation step (a page state of its own: no modal, no JS needed). */
export function isConfirmingDelete(request: Request): boolean {
  return new URL(request.url).searchParams.get(CONFIRM_PARAM) === "1";
}

/**
 * Deleting a record in two steps that work without JavaScript: a link to the confirmation step,
 * then a form posting `intent=delete`. Render it only for users who may delete.
 */
export function DeleteRecord({
  name,
  consequence,
  confirming,
}: {
  /** The record's name as the user knows it. */
  name: string;
  /** What else goes with the record, in the module's words. */
  consequence?: string;
  confirming: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!confirming) {
    return (
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("delete.title")}
          </Text>
          {consequence && (
            <Text as="p" tone="subdued">
              {consequence}
            </Text>
          )}
          <InlineStack align="end">
            <Button url={`${pathname}?${CONFIRM_PARAM}=1`} tone="critical">
              {t("delete.start")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    );
  }
  return (
    <Card>
      <Form noValidate method="post">
        <input type="hidden" name="intent" value={DELETE_INTENT} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("delete.confirm-title", { name })}
          </Text>
          <Text as="p">{[consequence, t("delete.cannot-undo")].filter(Boolean).join(" ")}</Text>
          <InlineStack gap="200" align="end">
            <Button url={pathname}>{t("delete.keep")}</Button>
            <Button submit variant="primary" tone="critical">
              {t("delete.confirm")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}

/**
 * A record's page body with its delete steps: at the confirmation step the confirmation comes first,
 * above the record; otherwise, for users who may delete, the link to it comes last.
 */
export function DeletableRecord({
  name,
  consequence,
  confirming,
  canDelete,
  children,
}: {
  name: string;
  consequence?: string;
  confirming: boolean;
  canDelete: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {confirming && <DeleteRecord name={name} consequence={consequence} confirming />}
      {children}
      {canDelete && !confirming && <DeleteRecord name={name} consequence={consequence} confirming={false} />}
    </>
  );
}
