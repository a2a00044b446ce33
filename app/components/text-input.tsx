import type { TextFieldProps } from "@shopify/polaris";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useTranslation } from "react-i18next";
import { BLOCKS_ENTER } from "~/utils/block-enter";
import { useTypedValue } from "~/utils/hydration";
import { translateErrors } from "~/utils/messages";
import { useIsFirstInvalid, type FieldLike } from "./field";

/** A conform field's initial value as a text field shows it. */
export const initialText = (field: FieldLike) => (typeof field.initialValue === "string" ? field.initialValue : "");

type Props = {
  field: FieldLike;
  label: string;
  type?: TextFieldProps["type"];
  autoComplete: string;
  helpText?: string;
  /** Rows of a multi-line field. */
  multiline?: number;
  /** Shows a character counter against this limit (spec §5: counter fields, 70 by default). */
  maxLength?: number;
  prefix?: string;
  /** Read to screen readers only, where a table's heading shows what the field is. */
  labelHidden?: boolean;
};

/**
 * A Polaris text field bound to a conform field: posts as a plain input with JS off, keeps what
 * the user typed when the server sends the form back (and before the page hydrated), and shows
 * translated errors.
 */
export function TextInput({
  field,
  label,
  type = "text",
  autoComplete,
  helpText,
  multiline,
  maxLength,
  prefix,
  labelHidden,
}: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useTypedValue(initialText(field), field.id);
  const firstInvalid = useIsFirstInvalid(field);
  return (
    <div {...{ [BLOCKS_ENTER]: "" }}>
      <TextField
        id={field.id}
        name={field.name}
        label={label}
        labelHidden={labelHidden}
        type={type}
        value={value}
        onChange={setValue}
        onBlur={() => type !== "password" && setValue((current) => current.trim())}
        autoComplete={autoComplete}
        helpText={helpText}
        multiline={multiline}
        maxLength={maxLength}
        showCharacterCount={maxLength !== undefined}
        prefix={prefix}
        autoFocus={firstInvalid}
        error={translateErrors(t, field.errors)}
      />
    </div>
  );
}

type OwnProps = Pick<Props, "field" | "label"> & Partial<Omit<Props, "field" | "label">>;

/**
 * Two text fields side by side that differ in little but their field and label (a text in both
 * languages, a start and an end): what they share given once, what is each one's own beside it.
 * `autoComplete` is "off" unless given.
 */
export function TextInputPair({
  fields: [first, second],
  ...shared
}: Partial<Omit<Props, "field" | "label">> & { fields: [OwnProps, OwnProps] }) {
  return (
    <FormLayout.Group>
      <TextInput autoComplete="off" {...shared} {...first} />
      <TextInput autoComplete="off" {...shared} {...second} />
    </FormLayout.Group>
  );
}
