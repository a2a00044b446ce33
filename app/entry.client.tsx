import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./i18n";

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      ...i18nConfig,
      supportedLngs: [...i18nConfig.supportedLngs],
      lng: document.documentElement.lang,
      ns: getInitialNamespaces(),
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
