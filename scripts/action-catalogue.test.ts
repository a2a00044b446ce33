import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { ACTION_NAMES } from "../contract/actions";
import { registry } from "../backend/actions";
import { actionCatalogue } from "./action-catalogue";

it("has a handler for every action in the contract", () => {
  expect([...registry.keys()].sort()).toEqual([...ACTION_NAMES].sort());
});

it("keeps docs/actions.md in step with the registry (run npm run docs:actions)", () => {
  expect(readFileSync("docs/actions.md", "utf8")).toBe(actionCatalogue());
});
