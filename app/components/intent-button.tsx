import { useContext, type ReactNode } from "react";
import { ReadOnlyForm } from "./field";

/**
 * A submit button carrying a conform intent (insert or remove a line of a list field), which Polaris'
 * Button cannot name: the server applies the intent and sends the form back, so lines are added and
 * removed with JavaScript off too. Styled as Polaris' secondary (or plain) button. None in a read-only form.
 */
export function IntentButton({
  buttonProps,
  plain = false,
  children,
}: {
  /** conform's `form.insert.getButtonProps(…)` or `form.remove.getButtonProps(…)`. */
  buttonProps: { name: string; value: string; form: string };
  plain?: boolean;
  children: ReactNode;
}) {
  const readOnly = useContext(ReadOnlyForm);
  if (readOnly) return null;
  const variant = plain ? "Polaris-Button--variantPlain" : "Polaris-Button--variantSecondary";
  return (
    <button
      {...buttonProps}
      type="submit"
      formNoValidate
      className={`Polaris-Button Polaris-Button--pressable ${variant} Polaris-Button--sizeMedium Polaris-Button--textAlignCenter`}
    >
      <span className="Polaris-Text--root Polaris-Text--bodySm Polaris-Text--medium">{children}</span>
    </button>
  );
}
