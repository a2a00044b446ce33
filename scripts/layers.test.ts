import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((match) => match[1]);

// A module folder holds every layer: its contract.ts and options.ts are the contract's, its log-labels.ts the
// BFF's (the logs' words), the rest (actions, schema, test factories, demo data) the backend's. Its tests (and their
// helpers, `*.integration.ts`) stand outside the layers, as tests/ does.
const MODULE_BACKEND = /(^|\/)modules\/[\w-]+\/(actions|schema|factories|demo-data)\b/;
const MODULE_TEST = /\.(test|spec)\.tsx?$|\.integration\.ts$/;
const moduleFiles = sources("modules").filter((file) => !MODULE_TEST.test(file));
const contractFiles = [...sources("contract"), ...moduleFiles.filter((file) => /\/(contract|options)\.ts$/.test(file))];
const appFiles = [...sources("app"), ...moduleFiles.filter((file) => /\/log-labels\.ts$/.test(file))];
const backendFiles = [
  ...sources("backend"),
  ...moduleFiles.filter((file) => !contractFiles.includes(file) && !appFiles.includes(file)),
];

it("keeps the layers apart: the BFF reaches the backend only through the action endpoint", () => {
  const crossings = [
    ...appFiles.flatMap((file) =>
      importsOf(file)
        .filter((path) => /(^|\/)backend\//.test(path) || MODULE_BACKEND.test(path))
        .map((path) => `${file} → ${path}`),
    ),
    ...backendFiles.flatMap((file) =>
      importsOf(file)
        .filter((path) => /(^|\/)app\/|^~\//.test(path))
        .map((path) => `${file} → ${path}`),
    ),
    ...contractFiles.flatMap((file) =>
      importsOf(file)
        .filter((path) => /backend\/|app\/|^~\//.test(path) || MODULE_BACKEND.test(path))
        .map((path) => `${file} → ${path}`),
    ),
  ];
  expect(crossings).toEqual([]);
});
