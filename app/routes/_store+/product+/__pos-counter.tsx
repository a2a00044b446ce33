import { Form } from "@remix-run/react";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export const POS_LOCATION_URL = "/product/pos/location";

interface CounterProps {
  id: number | null;
  name: string | null;
  choices: { value: string; label: string }[];
}

/** The location this counter sells at, and where it may move to: the browser remembers the choice. */
export function PosCounterLocation({ id, name, choices }: CounterProps) {
  const { t } = useTranslation("pos");
  const [chosen, setChosen] = useState(String(id ?? ""));
  if (choices.length < 2) {
    return (
      <div className="page-inline">
        <Text as="p">{name ? t("counter.at", { name }) : t("counter.none")}</Text>
      </div>
    );
  }
  return (
    <div className="page-inline">
      <Form method="post" action={POS_LOCATION_URL} noValidate>
        <InlineStack gap="200" blockAlign="end" wrap>
          <Select
            name="location_id"
            label={t("counter.label")}
            helpText={t("counter.help")}
            value={chosen}
            onChange={setChosen}
            options={choices}
          />
          <Button submit>{t("counter.change")}</Button>
        </InlineStack>
      </Form>
    </div>
  );
}
