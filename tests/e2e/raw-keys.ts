import { localeFiles } from "../../scripts/locale-files";

/** Endings of words with dots that are not translation keys: host names, e-mail domains, file names. */
const NOT_KEYS = /\.(com|hk|net|org|io|dev|test|local|png|jpe?g|gif|webp|svg|csv|xlsx?|json|pdf|js|css)$/;

/**
 * Raw translation keys in a page's text: `namespace:key` with a namespace of the translation files, or a key path of
 * two or more lowercase kebab-case words joined by dots (`shell.view-store`, `title.overview`), as
 * i18next shows a key it cannot find. Host names, e-mail addresses and file names are not keys.
 */
export function rawTranslationKeys(text: string): string[] {
  const namespaces = localeFiles("en").map((file) => file.namespace);
  const word = "[a-z][a-z0-9]*(?:-[a-z0-9]+)*";
  const namespaced = new RegExp(`(?<![\\w@/.-])(?:${namespaces.join("|")}):${word}(?:\\.${word})*`, "g");
  const dotted = new RegExp(`(?<![\\w@/.:-])${word}(?:\\.${word})+(?![\\w@/-]|\\.[a-z])`, "g");
  const found = [...text.matchAll(namespaced), ...text.matchAll(dotted)]
    .map(([match]) => match)
    .filter((match) => !NOT_KEYS.test(match) && match.split(/[.:]/).every((part) => part.length > 1));
  return [...new Set(found)];
}
