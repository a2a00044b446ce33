import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Where sort lists live (docs/adding-a-module.md): `<ENTITY>_SORTS`, a list's sort keys, is declared in its
// module's `modules/<module>/options.ts`, which imports nothing, so a list page reads it without the contract's
// zod schemas; the module's contract takes it in its list action (`sorting(<ENTITY>_SORTS)`). contract/options.ts
// keeps the option lists several modules share and no sort list.
const paths = [
  ...readdirSync("contract")
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => join("contract", name)),
  ...readdirSync("modules").flatMap((module) =>
    ["contract.ts", "options.ts"].map((file) => join("modules", module, file)),
  ),
].filter((path) => existsSync(path));
const files = paths.map((path) => ({
  path,
  file: ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true),
}));

/** The `*_SORTS` constants a file declares at its top. */
function declaredSorts(file: ts.SourceFile): string[] {
  return file.statements.flatMap((statement) =>
    ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.flatMap((declaration) =>
          ts.isIdentifier(declaration.name) && declaration.name.text.endsWith("_SORTS") ? [declaration.name.text] : [],
        )
      : [],
  );
}

/** The first argument of every `sorting(…)` call in a file, as written. */
function sortedBy(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "sorting") {
      found.push(node.arguments[0]?.getText(file) ?? "");
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const declared = files.flatMap(({ path, file }) => declaredSorts(file).map((name) => ({ name, path })));
const lists = files.flatMap(({ path, file }) => sortedBy(file).map((sorts) => ({ sorts, path })));

describe("sort lists", () => {
  it("finds the contract's sort lists and the list actions that take them", () => {
    expect(declared.length).toBeGreaterThan(30);
    expect(lists.length).toBeGreaterThanOrEqual(declared.length);
  });

  it("are each declared once", () => {
    const names = declared.map(({ name }) => name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it.each(declared.map(({ name, path }) => [name, path]))(
    "%s is declared in %s, which imports nothing, and taken by a list action of the same module's contract",
    (name, path) => {
      expect(path).toMatch(/^modules\/[^/]+\/options\.ts$/);
      expect(files.find((file) => file.path === path)?.file.statements.filter(ts.isImportDeclaration)).toEqual([]);
      expect(lists.filter(({ sorts }) => sorts === name).map((list) => list.path)).toContain(
        path.replace(/options\.ts$/, "contract.ts"),
      );
    },
  );

  it.each(lists.map(({ sorts, path }) => [path, sorts]))(
    "%s sorts a list by a named `<ENTITY>_SORTS` (%s)",
    (_path, sorts) => {
      expect(declared.map(({ name }) => name)).toContain(sorts);
    },
  );
});
