/** Shared by the server and the browser: which languages and namespaces exist. */
export const i18nConfig = {
  supportedLngs: ["zh-HK", "en"],
  fallbackLng: "zh-HK",
  defaultNS: "common",
  ns: [
    "common",
    "auth",
    "validation",
    "message",
    "store",
    "staff",
    "console",
    "plans",
    "workers",
    "products",
    "categories",
    "addons",
    "uploads",
  ],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

export type Locale = (typeof i18nConfig.supportedLngs)[number];

export function isLocale(value: unknown): value is Locale {
  return (i18nConfig.supportedLngs as readonly unknown[]).includes(value);
}
