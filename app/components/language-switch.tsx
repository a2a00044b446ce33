import { Form } from "@remix-run/react";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { i18nConfig } from "~/i18n";

// Each language names itself, in its own script, whatever the page's language is.
const LANGUAGE_NAMES: Record<string, string> = { "zh-HK": "繁體中文", en: "English" };

/** Spec §2: switching language reloads the page; a form per language, so it works without JS. */
export function LanguageSwitch({ current, returnTo }: { current: string; returnTo: string }) {
  return (
    <InlineStack gap="300" blockAlign="center">
      {i18nConfig.supportedLngs.map((lng) => (
        <Form key={lng} noValidate method="post" action="/preferences" reloadDocument>
          <input type="hidden" name="intent" value="language" />
          <input type="hidden" name="lng" value={lng} />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <Button submit variant="plain" pressed={current === lng}>
            {LANGUAGE_NAMES[lng]}
          </Button>
        </Form>
      ))}
    </InlineStack>
  );
}
