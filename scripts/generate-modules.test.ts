import { expect, it } from "vitest";
import { generatedIndexes, staleIndexes } from "./generate-modules";

it("keeps the generated module indexes up to date with the module folders", async () => {
  expect(await staleIndexes()).toEqual([]);
});

it("collects every module folder's tables, actions, contract and example records", async () => {
  const sources = Object.fromEntries((await generatedIndexes()).map(({ path, source }) => [path, source]));
  expect(sources["backend/db/schema.ts"]).toContain('export * from "../../modules/add-on-product/schema";');
  expect(sources["backend/actions/index.ts"]).toContain("...addOnProductActions");
  expect(sources["contract/modules.generated.ts"]).toMatch(/modulePayloads = \{[^}]*\.\.\.addOnProductPayloads/);
  expect(sources["contract/modules.generated.ts"]).toMatch(
    /interface ModuleExampleRecords\s+extends[^{]*SupplierExampleRecords/,
  );
  expect(sources["tests/helpers/module-factories.generated.ts"]).toContain("shared.of(supplierExampleRecords)");
});
