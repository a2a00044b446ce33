import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Checkbox } from "@shopify/polaris/build/esm/components/Checkbox/Checkbox.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isHydrating, useTypedValue } from "~/utils/hydration";
import { translateErrors } from "~/utils/messages";
import type { FieldLike } from "./field";

export interface Choice {
  value: string;
  label: string;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

/** A box ticked (or unticked) before the page hydrated keeps that state; see TextInput. */
function tickedBeforeHydration(id: string, initial: boolean): boolean {
  const box = isHydrating() ? (document.getElementById(id) as HTMLInputElement | null) : null;
  return box ? box.checked : initial;
}

/** A single tick box bound to a conform boolean field (posts "on" when ticked, nothing when not). */
export function CheckboxInput({
  field,
  label,
  helpText,
  labelHidden,
}: {
  field: FieldLike;
  label: string;
  helpText?: string;
  /** Read to screen readers only, where a table's heading shows what the box is. */
  labelHidden?: boolean;
}) {
  const [checked, setChecked] = useState(() =>
    tickedBeforeHydration(field.id, field.initialValue === "on" || String(field.initialValue) === "true"),
  );
  const { t } = useTranslation();
  return (
    <Checkbox
      id={field.id}
      name={field.name}
      // Explicit, because React turns Polaris's undefined value into value="" once hydrated, and a
      // ticked box would then post "" (read as unticked) instead of "on".
      value="on"
      label={label}
      labelHidden={labelHidden}
      helpText={helpText}
      checked={checked}
      onChange={setChecked}
      error={translateErrors(t, field.errors)}
    />
  );
}

/** Tick boxes that post one value each under the same name: conform reads them as a list. */
export function CheckboxGroup({
  field,
  label,
  choices,
  columns = 2,
}: {
  field: FieldLike;
  label: string;
  choices: Choice[];
  columns?: number;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(
    () =>
      new Set(
        choices
          .map((choice) => choice.value)
          .filter((value) => tickedBeforeHydration(`${field.id}-${value}`, asList(field.initialValue).includes(value))),
      ),
  );
  const toggle = (value: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(value);
      else next.delete(value);
      return next;
    });
  const error = translateErrors(t, field.errors);
  return (
    <fieldset className="choice-group" aria-describedby={error ? `${field.id}-error` : undefined}>
      <BlockStack gap="200">
        <legend>
          <Text as="span" variant="bodyMd" fontWeight="medium">
            {label}
          </Text>
        </legend>
        <InlineGrid columns={{ xs: 1, sm: columns }} gap="100">
          {choices.map((choice) => (
            <Checkbox
              key={choice.value}
              id={`${field.id}-${choice.value}`}
              name={field.name}
              value={choice.value}
              label={choice.label}
              checked={selected.has(choice.value)}
              onChange={(on) => toggle(choice.value, on)}
            />
          ))}
        </InlineGrid>
        {error && <InlineError message={error} fieldID={field.id} />}
      </BlockStack>
    </fieldset>
  );
}

/** A Polaris select bound to a conform field; a choice made before the page hydrated is kept, as TextInput's text. */
export function SelectInput({
  field,
  label,
  choices,
  placeholder,
  helpText,
  onChange,
  labelHidden,
}: {
  field: FieldLike;
  label: string;
  choices: Choice[];
  placeholder?: string;
  helpText?: string;
  /** Read to screen readers only, where a table's heading shows what the field is. */
  labelHidden?: boolean;
  /** Another field follows the choice (with JS on). */
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useTypedValue(String(field.initialValue ?? ""), field.id);
  return (
    <Select
      id={field.id}
      name={field.name}
      label={label}
      labelHidden={labelHidden}
      options={choices}
      placeholder={placeholder}
      helpText={helpText}
      value={value}
      onChange={(chosen) => {
        setValue(chosen);
        onChange?.(chosen);
      }}
      error={translateErrors(t, field.errors)}
    />
  );
}
