import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
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
