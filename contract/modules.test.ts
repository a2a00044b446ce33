import { expect, it } from "vitest";
import { enabledModules, MODULE_GROUPS, MODULE_IDS } from "./modules";

it("groups every module exactly once", () => {
  const grouped = Object.values(MODULE_GROUPS).flat();
  expect([...grouped].sort()).toEqual([...MODULE_IDS].sort());
});

it("switches on only modules in both the plan and the side menu", () => {
  expect([...enabledModules(["pos", "order", "nonsense"], ["order", "member", "nonsense"])]).toEqual(["order"]);
});
