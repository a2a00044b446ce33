import { RemixI18Next } from "remix-i18next/server";
import { userLangCookie } from "./cookies.server";
import { i18nConfig } from "~/i18n";
import { namespaces, resources } from "~/locales.generated.server";

/** Every namespace and its translations, built from the files in locales/ (see scripts/generate-locales.ts). */
export { namespaces, resources };
export type Namespace = (typeof namespaces)[number];

/** The language comes from the userLang cookie, else the browser: English if it asks for it, else zh-HK. */
export const remixI18Next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    cookie: userLangCookie(),
    order: ["cookie", "header"],
  },
  i18next: { ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...namespaces], resources },
});
