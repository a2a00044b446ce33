import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { i18nConfig, sharedNamespaces } from "../app/i18n";
import { TWIN_NAMESPACES } from "../app/utils/twins";
import { staleGenerated } from "./generate-locales";
import { localeFiles, localeNamespaces, readLocale } from "./locale-files";

function flatten(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    flatten(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** Files and keys in one language but not the other (plural suffixes folded), per namespace. */
export function missingTranslations(): string[] {
  const { namespaces, problems } = localeNamespaces();
  const keysOf = (lang: string, ns: string) =>
    new Set(flatten(readLocale(lang, ns)).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")));
  const found = i18nConfig.supportedLngs.map((lang) => new Set(localeFiles(lang).map((file) => file.namespace)));
  const inEvery = (ns: string) => found.every((namespaces) => namespaces.has(ns));
  for (const ns of namespaces.filter(inEvery)) {
    const [zh, en] = i18nConfig.supportedLngs.map((lang) => keysOf(lang, ns));
    for (const key of en) if (!zh.has(key)) problems.push(`zh-HK/${ns}.json: ${key}`);
    for (const key of zh) if (!en.has(key)) problems.push(`en/${ns}.json: ${key}`);
  }
  return problems;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** The app modules a module imports ("~/…" and relative), resolved to files; server modules render nothing. */
function appImports(file: string, text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"((?:~\/|\.{1,2}\/)[^"]+)"/gm)].flatMap(([, spec]) => {
    const base = spec.startsWith("~/") ? join("app", spec.slice(2)) : resolve(dirname(file), spec);
    const found = ["", ".tsx", ".ts", "/index.tsx", "/index.ts"].map((ext) => base + ext).find(existsSync);
    return found && !/\.server\.tsx?$/.test(found) && /\.tsx?$/.test(found) ? [found] : [];
  });
}

/** The namespaces a module's components ask for: useTranslation(…) and "ns:key" literals in t(…). */
function namespacesUsed(text: string): string[] {
  const used = new Set<string>();
  for (const [, args] of text.matchAll(/\buseTranslation\(([^)]*)\)/g)) {
    const names = [...args.matchAll(/"([\w-]+)"/g)].map(([, name]) => name);
    for (const name of names.length > 0 ? names : [i18nConfig.defaultNS]) used.add(name);
  }
  // context.t (server, every namespace in memory) is not a component's t.
  for (const [, ns] of text.matchAll(/(?<![.\w])t\(\s*["`]([\w-]+):/g)) used.add(ns);
  return [...used];
}

/**
 * A twin route's handle is its page factory's (`export const handle = page.handle`): the namespaces its
 * factories give their pages (TWIN_NAMESPACES), which the components the route imports through them may use.
 */
function twinPageNamespaces(route: string, text: string): string[] {
  if (!/^export const handle = page\.handle;$/m.test(text)) return [];
  return appImports(route, text).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\bTWIN_NAMESPACES\.(\w+)/g)].map(
      ([, key]) => TWIN_NAMESPACES[key as keyof typeof TWIN_NAMESPACES],
    ),
  );
}

/**
 * Route modules whose components (their own and those they import from app/) use a namespace
 * that is neither shared (root) nor in the route's handle.i18n: the page would render keys.
 */
export function routeNamespaceProblems(): string[] {
  const shared = new Set<string>(sharedNamespaces);
  const problems: string[] = [];
  for (const route of sourceFiles(join("app", "routes"))) {
    const text = readFileSync(route, "utf8");
    if (!/^export default\b/m.test(text)) continue; // a resource route renders nothing
    const handle = /export const handle\b[^=]*=\s*\{[^}]*?\bi18n:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? "";
    const listed = new Set([...handle.matchAll(/"([\w-]+)"/g)].map(([, name]) => name));
    for (const ns of twinPageNamespaces(route, text)) listed.add(ns);
    const seen = new Set<string>();
    const queue = [route];
    const used = new Map<string, string>();
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const ns of namespacesUsed(source)) if (!used.has(ns)) used.set(ns, file);
      queue.push(...appImports(file, source));
    }
    for (const [ns, file] of used) {
      if (!shared.has(ns) && !listed.has(ns)) problems.push(`${route}: handle.i18n lacks "${ns}" (used in ${file})`);
    }
    for (const ns of listed) {
      if (shared.has(ns)) problems.push(`${route}: handle.i18n lists "${ns}", which the root loads for every page`);
    }
  }
  return problems;
}

if (process.argv[1]?.endsWith("check-i18n.ts")) {
  const problems = [...missingTranslations(), ...routeNamespaceProblems()];
  for (const problem of problems) console.error(`missing ${problem}`);
  const stale = await staleGenerated();
  for (const problem of stale) if (!problems.includes(problem)) console.error(problem);
  process.exit(problems.length > 0 || stale.length > 0 ? 1 : 0);
}
