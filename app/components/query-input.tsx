import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useState, type ReactNode } from "react";
import { MAX_KEYWORD_LENGTH } from "#contract/parts";

/**
 * A text box of a GET form (a search, a date, a list's filter): a plain input that posts with JS off,
 * starting from what the URL had and keeping what is typed.
 */
export function QueryInput({
  id,
  name,
  label,
  value,
  type = "text",
  error,
  helpText,
  placeholder,
  maxLength,
  onChange,
}: {
  id?: string;
  name: string;
  label: string;
  value: string;
  type?: "text" | "date" | "datetime-local" | "number";
  error?: string;
  helpText?: string;
  placeholder?: string;
  maxLength?: number;
  /** After the value changed (a date reloads its slots at once). */
  onChange?: () => void;
}) {
  const [typed, setTyped] = useState(value);
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      type={type}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        onChange?.();
      }}
      autoComplete="off"
      error={error}
      helpText={helpText}
      placeholder={placeholder}
      maxLength={maxLength}
    />
  );
}

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
