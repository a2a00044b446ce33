import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { i18nConfig } from "../app/i18n";
import { localeNamespaces, staleGenerated } from "./generate-locales";

function flatten(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    flatten(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** Files and keys in one language but not the other (plural suffixes folded), per namespace. */
export function missingTranslations(): string[] {
  const { namespaces, problems } = localeNamespaces();
  const keysOf = (lang: string, file: string) =>
    new Set(
      flatten(JSON.parse(readFileSync(join("locales", lang, file), "utf8"))).map((key) =>
        key.replace(/_(zero|one|two|few|many|other)$/, ""),
      ),
    );
  const inEvery = (file: string) => i18nConfig.supportedLngs.every((lang) => existsSync(join("locales", lang, file)));
  for (const file of namespaces.map((ns) => `${ns}.json`).filter(inEvery)) {
    const [zh, en] = i18nConfig.supportedLngs.map((lang) => keysOf(lang, file));
    for (const key of en) if (!zh.has(key)) problems.push(`zh-HK/${file}: ${key}`);
    for (const key of zh) if (!en.has(key)) problems.push(`en/${file}: ${key}`);
  }
  return problems;
}

if (process.argv[1]?.endsWith("check-i18n.ts")) {
  const problems = missingTranslations();
  for (const problem of problems) console.error(`missing ${problem}`);
  const stale = await staleGenerated();
  for (const problem of stale) if (!problems.includes(problem)) console.error(problem);
  process.exit(problems.length > 0 || stale.length > 0 ? 1 : 0);
}
