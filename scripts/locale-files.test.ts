import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { localeFile, localeFiles, localeNamespaces } from "./locale-files";

it("finds a module's texts in its folder and the others in locales/", () => {
  expect(localeFile("zh-HK", "supplier")).toBe("modules/supplier/locales/zh-HK.json");
  expect(localeFile("en", "common")).toBe("locales/en/common.json");
  expect(() => localeFile("en", "no-such-namespace")).toThrow();
});

it("keeps no module's namespace in locales/ and lists each namespace once per language", () => {
  for (const language of ["zh-HK", "en"]) {
    const files = localeFiles(language);
    expect(new Set(files.map((file) => file.namespace)).size).toBe(files.length);
    for (const file of files) {
      expect(file.path.startsWith("locales/") && existsSync(`modules/${file.namespace}`), file.path).toBe(false);
    }
  }
  expect(localeNamespaces().problems).toEqual([]);
});
