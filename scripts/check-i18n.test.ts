import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { MESSAGE_KEYS, VALIDATION_KEYS } from "../contract/messages";
import { missingTranslations, routeNamespaceProblems } from "./check-i18n";
import { staleGenerated } from "./generate-locales";

const read = (lang: string, ns: string) => JSON.parse(readFileSync(join("locales", lang, `${ns}.json`), "utf8"));

it("has every key in both zh-HK and English", () => {
  expect(missingTranslations()).toEqual([]);
});

it("builds the namespace list and resources from the files in locales/ (npm run i18n:generate)", async () => {
  expect(await staleGenerated()).toEqual([]);
});

it("loads every namespace a page's components use: shared ones in the root, the page's own in handle.i18n", () => {
  expect(routeNamespaceProblems()).toEqual([]);
});

it("translates every backend message key and field-rule key", () => {
  for (const lang of ["zh-HK", "en"]) {
    expect(Object.keys(read(lang, "message")).sort()).toEqual([...MESSAGE_KEYS].sort());
    expect(Object.keys(read(lang, "validation")).sort()).toEqual([...VALIDATION_KEYS].sort());
  }
});

// Keys the UI asks for are checked by `npm run typecheck`: t() keys are typed from locales/zh-HK (app/i18next.d.ts).
