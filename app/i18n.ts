import type { ParseKeys, TFunction } from "i18next";
import type { resources } from "./locales.generated.server";

/**
 * Shared by the server and the browser. The namespaces themselves are the translation files that
 * scripts/locale-files.ts lists (app/locales.generated.server.ts, server-only). A page carries its own
 * language's translations and no other (no fallback language): check:i18n keeps both languages' keys the same.
 */
export const i18nConfig = {
  supportedLngs: ["zh-HK", "en"],
  fallbackLng: false,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

export type Locale = (typeof i18nConfig.supportedLngs)[number];

/** The language of a request that asks for neither. */
export const defaultLocale: Locale = "zh-HK";

export function isLocale(value: unknown): value is Locale {
  return (i18nConfig.supportedLngs as readonly unknown[]).includes(value);
}

/**
 * Namespaces of the shared components (shell, forms, uploads, errors, toasts): the root route loads
 * them for every page, so a route's `handle.i18n` lists only its own namespace(s).
 */
export const sharedNamespaces = ["common", "validation", "message", "upload"] as const satisfies readonly Namespace[];

type Resources = (typeof resources)["zh-HK"];

/**
 * A namespace: one file per language, modules/<module>/locales/<language>.json for a module's (the namespace
 * is its name), else locales/<language>/<namespace>.json.
 */
export type Namespace = keyof Resources;

type At<Node, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? At<Node[Head & keyof Node], Rest>
  : Node[Path & keyof Node];

/**
 * The keys under one object of a namespace, for keys built from data: `KeysUnder<"common", "menu">`
 * types a menu label so that t(`menu.${label}`) is checked like a literal key.
 */
export type KeysUnder<Ns extends Namespace, Path extends string> = keyof At<Resources[Ns], Path> & string;

/** A t() that knows every namespace (common's keys bare, the others as "ns:key"): the server's context.t. */
export type AppTFunction = TFunction<readonly ["common", ...Namespace[]]>;

/** A key of any namespace as context.t takes it (common's bare, the others as "ns:key"). */
export type TranslationKey = ParseKeys<["common", ...Namespace[]]>;
