import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FirstInvalidField, ReadOnlyForm, type FieldLike } from "./field";
import { FormErrors } from "./form-errors";

/**
 * A page's posting form: the server's form errors first, then the fields, then the submit button.
 * Read-only for users who may only look: the fields are disabled and there is no button. An edit
 * form posts back the version of the record it was loaded with, so the backend can refuse to save
 * over someone else's newer edit (409 edited-elsewhere, shown above the fields with the input kept).
 */
export function SaveForm<Fields extends Record<string, unknown>>({
  form,
  submitLabel,
  encType,
  readOnly = false,
  version,
  saveBar = false,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  /** Defaults to "Save". */
  submitLabel?: string;
  /** Multipart for forms with a file field, so the file posts with JS off. */
  encType?: "multipart/form-data";
  readOnly?: boolean;
  /** An edit form's `version` field; its value is the version the page was loaded with. */
  version?: FieldLike;
  /** A long form's Save stays in reach: its bar sticks to the bottom of the screen while the form scrolls by. */
  saveBar?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const firstInvalid = Object.entries(form.allErrors).find(([name, errors]) => name !== "" && errors.length > 0)?.[0];
  return (
    <FirstInvalidField.Provider value={firstInvalid}>
      <ReadOnlyForm.Provider value={readOnly}>
        <Form method="post" encType={encType} {...getFormProps(form)}>
          {/* A disabled fieldset makes every control in it inert, with or without JavaScript. */}
          <fieldset disabled={readOnly} className="save-form-fields">
            <BlockStack gap="400">
              <FormErrors form={form} />
              {version && <input type="hidden" name={version.name} value={String(version.initialValue ?? "")} />}
              {children}
              {!readOnly && (
                <div className={saveBar ? "save-bar" : undefined}>
                  <InlineStack align="end">
                    <Button submit variant="primary">
                      {submitLabel ?? t("form.save")}
                    </Button>
                  </InlineStack>
                </div>
              )}
            </BlockStack>
          </fieldset>
        </Form>
      </ReadOnlyForm.Provider>
    </FirstInvalidField.Provider>
  );
}
