import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Where sort lists live (docs/adding-a-module.md): `<ENTITY>_SORTS`, a list's sort keys, is declared in the
// module's contract file, `modules/<module>/contract.ts`, beside the list action that takes it
// (`sorting(<ENTITY>_SORTS)`), and pages import it from there; contract/options.ts keeps the option lists
// several modules share.
const paths = [
  ...readdirSync("contract")
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => join("contract", name)),
  ...readdirSync("modules")
    .map((module) => join("modules", module, "contract.ts"))
    .filter((path) => existsSync(path)),
];
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

  it("are not among the shared option lists", () => {
    expect(declared.filter(({ path }) => /options\.ts$/.test(path))).toEqual([]);
  });

  it.each(declared.map(({ name, path }) => [name, path]))(
    "%s is declared in %s, beside a list action that takes it",
    (name, path) => {
      expect(lists.filter(({ sorts }) => sorts === name).map((list) => list.path)).toContain(path);
    },
  );

  it.each(lists.map(({ sorts, path }) => [path, sorts]))(
    "%s sorts a list by a named `<ENTITY>_SORTS` (%s)",
    (_path, sorts) => {
      expect(declared.map(({ name }) => name)).toContain(sorts);
    },
  );
});
