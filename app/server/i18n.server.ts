import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { userLangCookie } from "./cookies.server";
import { defaultLocale, i18nConfig, type Locale } from "~/i18n";
import { namespaces, resources } from "~/locales.generated.server";

/** Every namespace and its translations, built from the translation files (see scripts/generate-locales.ts). */
export { namespaces, resources };
export type Namespace = (typeof namespaces)[number];

/**
 * The language comes from the URL's `?lng=` (a customer's link carries its e-mail's language), else the userLang
 * cookie, else the browser: English if it asks for it, else zh-HK.
 */
export const remixI18Next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: defaultLocale,
    cookie: userLangCookie(),
    searchParamKey: "lng",
    order: ["searchParams", "cookie", "header"],
  },
});

interface Translations {
  i18n: i18n;
  /** The same translations as the JSON a page carries to the browser (escaped for a script element). */
  json: string;
}

/**
 * One i18next per language and set of namespaces, made on first use and kept for the isolate's
 * life: the translations never change, and an instance is only read once made (the server never
 * changes its language).
 */
const made = new Map<string, Translations>();

export function translations(locale: Locale, ns: readonly string[] = namespaces): Translations {
  const key = `${locale}:${ns.join(",")}`;
  let found = made.get(key);
  if (!found) {
    const picked = Object.fromEntries(Object.entries(resources[locale]).filter(([name]) => ns.includes(name)));
    const instance = createInstance();
    // Bundled resources and no backend: init finishes before it returns.
    void instance.use(initReactI18next).init({
      ...i18nConfig,
      supportedLngs: [...i18nConfig.supportedLngs],
      lng: locale,
      ns: [...ns],
      resources: { [locale]: picked },
    });
    found = { i18n: instance, json: JSON.stringify(picked).replace(/</g, "\\u003c") };
    made.set(key, found);
  }
  return found;
}
