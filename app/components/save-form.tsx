import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { BlockStack, Button, InlineStack } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "./form-errors";

/** A page's posting form: the server's form errors first, then the fields, then the submit button. */
export function SaveForm<Fields extends Record<string, unknown>>({
  form,
  submitLabel,
  encType,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  /** Defaults to "Save". */
  submitLabel?: string;
  /** Multipart for forms with a file field, so the file posts with JS off. */
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" encType={encType} {...getFormProps(form)}>
      <BlockStack gap="400">
        <FormErrors form={form} />
        {children}
        <InlineStack align="end">
          <Button submit variant="primary">
            {submitLabel ?? t("form.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}
