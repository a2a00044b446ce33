import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((match) => match[1]);

it("keeps the layers apart: the BFF reaches the backend only through the action endpoint", () => {
  const crossings = [
    ...sources("app").flatMap((file) =>
      importsOf(file)
        .filter((path) => /(^|\/)backend\//.test(path))
        .map((path) => `${file} → ${path}`),
    ),
    ...sources("backend").flatMap((file) =>
      importsOf(file)
        .filter((path) => /(^|\/)app\/|^~\//.test(path))
        .map((path) => `${file} → ${path}`),
    ),
    ...sources("contract").flatMap((file) =>
      importsOf(file)
        .filter((path) => /backend\/|app\/|^~\//.test(path))
        .map((path) => `${file} → ${path}`),
    ),
  ];
  expect(crossings).toEqual([]);
});
