import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Banner, BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/utils/messages";

/** A titled card around a posting form, with the form-level errors from the server on top. */
export function FormCard<Fields extends Record<string, unknown>>({
  title,
  form,
  notice,
  children,
}: {
  title: string;
  form: FormMetadata<Fields, string[]>;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            {title}
          </Text>
          {form.errors && (
            <Banner tone="critical">
              <p id={form.errorId}>{form.errors.map((error) => translateMessage(t, error)).join(" ")}</p>
            </Banner>
          )}
          {notice}
          {children}
        </BlockStack>
      </Form>
    </Card>
  );
}
