import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { FormErrors } from "./form-errors";

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
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            {title}
          </Text>
          <FormErrors form={form} />
          {notice}
          {children}
        </BlockStack>
      </Form>
    </Card>
  );
}
