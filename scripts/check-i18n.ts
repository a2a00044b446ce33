import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LANGUAGES = ["zh-HK", "en"];

function flatten(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    flatten(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** Keys in one language but not the other (plural suffixes folded), per namespace. */
export function missingTranslations(): string[] {
  const problems: string[] = [];
  const keysOf = (lang: string, file: string) =>
    new Set(
      flatten(JSON.parse(readFileSync(join("locales", lang, file), "utf8"))).map((key) =>
        key.replace(/_(zero|one|two|few|many|other)$/, ""),
      ),
    );
  for (const file of readdirSync(join("locales", "en"))) {
    const [zh, en] = LANGUAGES.map((lang) => keysOf(lang, file));
    for (const key of en) if (!zh.has(key)) problems.push(`zh-HK/${file}: ${key}`);
    for (const key of zh) if (!en.has(key)) problems.push(`en/${file}: ${key}`);
  }
  return problems;
}

if (process.argv[1]?.endsWith("check-i18n.ts")) {
  const problems = missingTranslations();
  for (const problem of problems) console.error(`missing ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
