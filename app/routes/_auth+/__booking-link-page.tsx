import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ComponentProps, ReactNode } from "react";
import { StoreContact, StoreHeader } from "~/components/customer-page";

type Store = ComponentProps<typeof StoreHeader>["store"] & ComponentProps<typeof StoreContact>["store"];

/**
 * A customer's booking link page, whatever it books (an appointment, a class): the store's header, the booking's
 * facts under its heading with what was just done and the note on what may still change, then the page's cards
 * (`children`: moving, cancelling) and the store's contact. Works without scripts, one column a phone's width.
 */
export function BookingLinkPage({
  store,
  heading,
  done,
  facts,
  note,
  children,
}: {
  store: Store;
  heading: string;
  done: string | null;
  facts: ReactNode;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="customer-page booking-link">
      <StoreHeader store={store} />
      <Box background="bg-surface" padding="400" borderRadius="300" shadow="200">
        <BlockStack gap="300">
          <Text as="h1" variant="headingLg">
            {heading}
          </Text>
          {done && (
            <div role="status">
              <Text as="p" tone="success">
                {done}
              </Text>
            </div>
          )}
          <dl className="booking-link__facts">{facts}</dl>
          {note && (
            <Text as="p" tone="subdued">
              {note}
            </Text>
          )}
        </BlockStack>
      </Box>
      {children}
      <StoreContact store={store} />
    </div>
  );
}

/** A change the link refused, above the form that posted it. */
export function LinkRefusal({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <div role="alert">
      <Text as="p" tone="critical">
        {text}
      </Text>
    </div>
  );
}

/** The cancel card: the box to tick (saying what cancelling costs) and the button, posting `intent=cancel`. */
export function CancelCard({
  title,
  refusal,
  confirm,
  button,
}: {
  title: string;
  refusal: string | null;
  confirm: string;
  button: string;
}) {
  return (
    <Card>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="cancel" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          <LinkRefusal text={refusal} />
          <label className="booking-link__confirm">
            <input type="checkbox" name="confirm" value="yes" />
            {confirm}
          </label>
          <Button submit tone="critical" size="large" fullWidth>
            {button}
          </Button>
        </BlockStack>
      </Form>
    </Card>
  );
}
