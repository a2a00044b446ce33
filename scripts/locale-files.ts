import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path/posix";
import { i18nConfig } from "../app/i18n";

/**
 * Where the translations are, the one place that knows it: a module's texts in its folder,
 * `modules/<module>/locales/<language>.json` (the namespace is the module's folder name), the namespaces
 * of no module (common, message, validation, email, …) in `locales/<language>/<namespace>.json`.
 * Everything that reads translation files asks here: the generated resources of the pages and of the
 * backend (scripts/generate-locales.ts), check:i18n and the tests. The URL the browser fetches a namespace from,
 * /locales/<language>/<namespace>.json, is a route serving the generated resources, not these files.
 */
export const SHARED_LOCALES = "locales";
export const MODULES = "modules";

export interface LocaleFile {
  namespace: string;
  /** From the repository's root, with forward slashes. */
  path: string;
}

/**
 * One language's namespaces and their files, in the namespaces' order (a namespace in both places is listed
 * twice, a problem localeNamespaces reports).
 */
export function localeFiles(language: string): LocaleFile[] {
  const shared = existsSync(join(SHARED_LOCALES, language))
    ? readdirSync(join(SHARED_LOCALES, language))
        .filter((file) => file.endsWith(".json"))
        .map((file) => ({
          namespace: file.slice(0, -".json".length),
          path: join(SHARED_LOCALES, language, file),
        }))
    : [];
  const modules = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ namespace: entry.name, path: join(MODULES, entry.name, "locales", `${language}.json`) }))
    .filter((file) => existsSync(file.path));
  return [...shared, ...modules].sort((a, b) =>
    a.namespace === b.namespace ? a.path.localeCompare(b.path) : a.namespace < b.namespace ? -1 : 1,
  );
}

/** The file of one namespace in one language (a test's or a script's read); throws for an unknown namespace. */
export function localeFile(language: string, namespace: string): string {
  const found = localeFiles(language).find((file) => file.namespace === namespace);
  if (!found) throw new Error(`no translations for ${language}/${namespace}`);
  return found.path;
}

/** Where a namespace's file in one language belongs: its module's folder, if it names one, else locales/. */
function expectedPath(language: string, namespace: string): string {
  return existsSync(join(MODULES, namespace))
    ? join(MODULES, namespace, "locales", `${language}.json`)
    : join(SHARED_LOCALES, language, `${namespace}.json`);
}

type Words = Record<string, unknown>;

/** The namespace a module's file may add words to: its name among the modules, its menu entry. */
export const SHARED_NAMESPACE = "common";

/**
 * Each module's words for the shared namespace, in one language: the `common` object of its own file, whose
 * objects are merged into common's objects of the same name (`{ "common": { "menu": { "<label>": "…" } } }`).
 */
export function moduleSharedWords(language: string): { namespace: string; words: Record<string, Words> }[] {
  return localeFiles(language)
    .filter((file) => file.path.startsWith(`${MODULES}/`))
    .flatMap((file) => {
      const words = (JSON.parse(readFileSync(file.path, "utf8")) as Words)[SHARED_NAMESPACE];
      return words ? [{ namespace: file.namespace, words: words as Record<string, Words> }] : [];
    });
}

/** One namespace's translations in one language, parsed (common with the modules' words for it). */
export function readLocale(language: string, namespace: string): Words {
  const words = JSON.parse(readFileSync(localeFile(language, namespace), "utf8")) as Words;
  if (namespace !== SHARED_NAMESPACE) return words;
  const merged: Record<string, Words> = { ...(words as Record<string, Words>) };
  for (const { words: added } of moduleSharedWords(language)) {
    for (const [key, value] of Object.entries(added)) merged[key] = { ...merged[key], ...value };
  }
  return merged;
}

/**
 * The namespaces, from the reference language's files, and what is wrong with the files: every language
 * must have the same namespaces, each in one file, and a namespace with a module folder is the module's.
 */
export function localeNamespaces(): { namespaces: string[]; problems: string[] } {
  const [reference, ...others] = i18nConfig.supportedLngs;
  const problems: string[] = [];
  const namespacesOf = (language: string) => {
    const files = localeFiles(language);
    for (const [index, file] of files.entries()) {
      if (files[index - 1]?.namespace === file.namespace) {
        problems.push(`${file.path}: namespace "${file.namespace}" is also ${files[index - 1]!.path}`);
      }
      if (file.path.startsWith(`${SHARED_LOCALES}/`) && existsSync(join(MODULES, file.namespace))) {
        problems.push(`${file.path}: the module's texts go in ${expectedPath(language, file.namespace)}`);
      }
    }
    return [...new Set(files.map((file) => file.namespace))];
  };
  const namespaces = namespacesOf(reference);
  for (const language of others) {
    const found = namespacesOf(language);
    for (const ns of namespaces) if (!found.includes(ns)) problems.push(`${expectedPath(language, ns)} (file)`);
    for (const ns of found) if (!namespaces.includes(ns)) problems.push(`${expectedPath(reference, ns)} (file)`);
  }
  for (const ns of namespaces) {
    if (!/^[a-z][a-z0-9-]*$/.test(ns)) problems.push(`${expectedPath(reference, ns)}: name must be lower-case kebab`);
  }
  for (const language of i18nConfig.supportedLngs) {
    const shared = JSON.parse(readFileSync(localeFile(language, SHARED_NAMESPACE), "utf8")) as Record<string, Words>;
    const seen = new Set<string>();
    for (const { namespace, words } of moduleSharedWords(language)) {
      for (const [object, added] of Object.entries(words)) {
        const path = `${expectedPath(language, namespace)}: ${SHARED_NAMESPACE}.${object}`;
        if (typeof shared[object] !== "object" || !/^[a-z]+$/.test(object)) {
          problems.push(`${path} is no object of ${SHARED_NAMESPACE}`);
        }
        for (const key of Object.keys(added)) {
          if ((shared[object] && key in shared[object]) || seen.has(`${object}.${key}`)) {
            problems.push(`${path}.${key} is there already`);
          }
          seen.add(`${object}.${key}`);
        }
      }
    }
  }
  return { namespaces, problems };
}
