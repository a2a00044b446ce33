import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import type { ReactNode } from "react";
import { MAX_KEYWORD_LENGTH } from "#contract/options";
import { QueryInput } from "./query-input";

/**
 * The GET form a page starts from (find the member, the product, the supplier it works on): its inputs,
 * then the button that sends it, with or without JavaScript.
 */
export function SearchForm({ button, children }: { button: string; children: ReactNode }) {
  return (
    <Form method="get" noValidate>
      <BlockStack gap="300">
        {children}
        <InlineStack>
          <Button submit>{button}</Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

/** A page's keyword search in a card of its own (find the member or the product it works on). */
export function KeywordSearchCard({
  button,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  helpText: string;
  value: string;
  button: string;
}) {
  return (
    <Card>
      <SearchForm button={button}>
        <QueryInput {...input} maxLength={MAX_KEYWORD_LENGTH} />
      </SearchForm>
    </Card>
  );
}
