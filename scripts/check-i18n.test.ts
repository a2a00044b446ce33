import { expect, it } from "vitest";
import { MESSAGE_KEYS, VALIDATION_KEYS } from "../contract/messages";
import { missingTranslations, routeNamespaceProblems } from "./check-i18n";
import { staleGenerated } from "./generate-locales";
import { readLocale } from "./locale-files";

it("has every key in both zh-HK and English", () => {
  expect(missingTranslations()).toEqual([]);
});

it("builds the namespace list and resources from the translation files (npm run i18n:generate)", async () => {
  expect(await staleGenerated()).toEqual([]);
});

it("loads every namespace a page's components use: shared ones in the root, the page's own in handle.i18n", () => {
  expect(routeNamespaceProblems()).toEqual([]);
});

it("translates every backend message key and field-rule key", () => {
  for (const lang of ["zh-HK", "en"]) {
    expect(Object.keys(readLocale(lang, "message")).sort()).toEqual([...MESSAGE_KEYS].sort());
    expect(Object.keys(readLocale(lang, "validation")).sort()).toEqual([...VALIDATION_KEYS].sort());
  }
});

// Keys the UI asks for are checked by `npm run typecheck`: t() keys are typed from the zh-HK files (app/i18next.d.ts).
