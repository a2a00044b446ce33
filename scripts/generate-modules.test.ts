import { expect, it } from "vitest";
import { generatedIndexes, staleIndexes } from "./generate-modules";

it("keeps the generated module indexes up to date with the module folders", async () => {
  expect(await staleIndexes()).toEqual([]);
});

it("collects every module folder's tables, actions and contract", async () => {
  const sources = Object.fromEntries((await generatedIndexes()).map(({ path, source }) => [path, source]));
  expect(sources["backend/db/schema.ts"]).toContain('export * from "../../modules/add-on-product/schema";');
  expect(sources["backend/actions/index.ts"]).toContain("...addOnProductActions");
  expect(sources["contract/modules.generated.ts"]).toMatch(/modulePayloads = \{[^}]*\.\.\.addOnProductPayloads/);
});
