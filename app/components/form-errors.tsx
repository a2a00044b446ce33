import type { FormMetadata } from "@conform-to/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/utils/messages";

/** The form-level errors from the server (e.g. "store-name-used"), translated, above the fields. */
export function FormErrors<Fields extends Record<string, unknown>>({ form }: { form: FormMetadata<Fields, string[]> }) {
  const { t } = useTranslation();
  if (!form.errors?.length) return null;
  return (
    <Banner tone="critical">
      <p id={form.errorId}>{form.errors.map((error) => translateMessage(t, error)).join(" ")}</p>
    </Banner>
  );
}
