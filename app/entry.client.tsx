import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { documentTranslations, PageTranslationsContext } from "./utils/page-translations";

/** Namespaces the first page lacks (client-side navigations, a language switch) come from /locales. */
const fetchTranslations: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${language}/${namespace}.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`translations ${language}/${namespace}: ${response.status}`);
        return response.json() as Promise<ResourceKey>;
      })
      .then(
        (translations) => callback(null, translations),
        (error: Error) => callback(error, null),
      );
  },
};

async function hydrate() {
  const translations = documentTranslations();
  const page: Record<string, ResourceKey> = JSON.parse(translations);
  const lng = document.documentElement.lang;
  await i18next
    .use(initReactI18next)
    .use(fetchTranslations)
    .init({
      ...i18nConfig,
      supportedLngs: [...i18nConfig.supportedLngs],
      lng,
      ns: Object.keys(page),
      resources: { [lng]: page },
      partialBundledLanguages: true,
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <PageTranslationsContext.Provider value={translations}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>
      </PageTranslationsContext.Provider>,
    );
  });
}

hydrate();
