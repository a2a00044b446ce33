import type { FieldLike } from "./field";
import { TextInput } from "./text-input";

/** A new password typed twice (the repeat must match), never filled in from the browser's saved one. */
export function PasswordPair({
  fields,
  label,
  repeatLabel,
  helpText,
}: {
  fields: { password: FieldLike; repeat_password: FieldLike };
  label: string;
  repeatLabel: string;
  helpText?: string;
}) {
  return (
    <>
      <TextInput
        field={fields.password}
        label={label}
        type="password"
        autoComplete="new-password"
        helpText={helpText}
      />
      <TextInput field={fields.repeat_password} label={repeatLabel} type="password" autoComplete="new-password" />
    </>
  );
}
