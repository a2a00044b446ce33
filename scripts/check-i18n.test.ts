import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { MESSAGE_KEYS, VALIDATION_KEYS } from "../contract/messages";
import { missingTranslations } from "./check-i18n";

const read = (lang: string, ns: string) => JSON.parse(readFileSync(join("locales", lang, `${ns}.json`), "utf8"));

it("has every key in both zh-HK and English", () => {
  expect(missingTranslations()).toEqual([]);
});

it("translates every backend message key and field-rule key", () => {
  for (const lang of ["zh-HK", "en"]) {
    expect(Object.keys(read(lang, "message")).sort()).toEqual([...MESSAGE_KEYS].sort());
    expect(Object.keys(read(lang, "validation")).sort()).toEqual([...VALIDATION_KEYS].sort());
  }
});

it("has a translation for every literal key the UI asks for", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
    );
  const missing: string[] = [];
  for (const file of sources("app")) {
    const text = readFileSync(file, "utf8");
    const namespace = /useTranslation\(\[?"(\w+)"/.exec(text)?.[1] ?? "common";
    for (const [, key] of text.matchAll(/\bt\("([\w.:-]+)"/g)) {
      const [ns, path] = key.includes(":") ? key.split(":") : [namespace, key];
      for (const lang of ["zh-HK", "en"]) {
        const lookup = (dotted: string) =>
          dotted.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], read(lang, ns));
        const found = lookup(path);
        const plural = lookup(`${path}_other`);
        if (typeof found !== "string" && typeof plural !== "string") missing.push(`${file}: ${lang} ${ns}:${path}`);
      }
    }
  }
  expect(missing).toEqual([]);
});
