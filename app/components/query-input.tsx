import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useTypedValue } from "~/utils/hydration";

/**
 * A text box of a GET form (a search, a date, a list's filter): a plain input that posts with JS off,
 * starting from what the URL had and keeping what is typed (before the page hydrated too).
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
  type?: "text" | "email" | "date" | "datetime-local" | "number";
  error?: string;
  helpText?: string;
  placeholder?: string;
  maxLength?: number;
  /** After the value changed (a date reloads its slots at once). */
  onChange?: () => void;
}) {
  const [typed, setTyped, fieldId] = useTypedValue(value, id);
  return (
    <TextField
      id={fieldId}
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
