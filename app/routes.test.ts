import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The conventions every route module keeps (docs/adding-a-module.md), checked over app/routes so a
// new module cannot forget them. Each module is parsed with the TypeScript compiler, so the checks hold
// however a loader or action is exported (`export async function loader`, `export const loader = async
// () =>`, `export { loader } from "./__x.server"`…). Files named __* sit beside routes without being routes.
const ROUTES = "app/routes";

function routeFiles(dir = ROUTES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /^__|\.test\./.test(entry.name) ? [] : [path];
  });
}

// ---------------------------------------------------------------------------------------------------
// Reading modules

/** A module's text, or undefined when there is no such file; the checker's own tests hand it sources. */
type Read = (path: string) => string | undefined;

const readDisk: Read = (path) => {
  try {
    return statSync(path).isFile() ? readFileSync(path, "utf8") : undefined;
  } catch {
    return undefined;
  }
};

class Modules {
  private readonly parsed = new Map<string, ts.SourceFile | undefined>();
  constructor(private readonly read: Read) {}

  get(path: string): ts.SourceFile | undefined {
    if (!this.parsed.has(path)) {
      const text = this.read(path);
      this.parsed.set(
        path,
        text === undefined
          ? undefined
          : ts.createSourceFile(
              path,
              text,
              ts.ScriptTarget.Latest,
              true,
              path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
            ),
      );
    }
    return this.parsed.get(path);
  }

  /** The app's own modules (relative, `~/`, `#contract/`, `#modules/`); a package's is undefined. */
  resolve(from: string, specifier: string): string | undefined {
    const base = specifier.startsWith(".")
      ? join(dirname(from), specifier)
      : specifier.startsWith("~/")
        ? join("app", specifier.slice(2))
        : specifier.startsWith("#contract/")
          ? join("contract", specifier.slice("#contract/".length))
          : specifier.startsWith("#modules/")
            ? join("modules", specifier.slice("#modules/".length))
            : undefined;
    if (base === undefined) return undefined;
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
    return candidates.find((path) => this.get(path) !== undefined);
  }
}

/** A declaration or expression and the module it is in. */
interface Found<Node extends ts.Node = ts.Node> {
  file: ts.SourceFile;
  node: Node;
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

/** What a module exports under a name, followed through `export { … } from`, `export *` and imports. */
function exported(modules: Modules, path: string, name: string, seen = new Set<string>()): Found | undefined {
  const key = `${path}#${name}`;
  if (seen.has(key)) return undefined;
  seen.add(key);
  const file = modules.get(path);
  if (!file) return undefined;
  for (const statement of file.statements) {
    if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      const declared = hasModifier(statement, ts.SyntaxKind.DefaultKeyword) ? "default" : undefined;
      if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
        if ((declared ?? statement.name?.text) === name) return { file, node: statement };
      }
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name) {
            return { file, node: declaration.initializer ?? declaration };
          }
        }
      }
    }
    if (ts.isExportAssignment(statement) && !statement.isExportEquals && name === "default") {
      return { file, node: statement.expression };
    }
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const specifier = statement.moduleSpecifier;
      const from = specifier && ts.isStringLiteral(specifier) ? modules.resolve(path, specifier.text) : undefined;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly || element.name.text !== name) continue;
          const original = (element.propertyName ?? element.name).text;
          if (!specifier) return declared(modules, file, original, seen);
          // A package's export is there, though the checks cannot read it.
          return from ? exported(modules, from, original, seen) : { file, node: element };
        }
      } else if (!clause && from && name !== "default") {
        const found = exported(modules, from, name, seen);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** What a name declared at the top of a module is: a function, a variable's value or an import's export. */
function declared(modules: Modules, file: ts.SourceFile, name: string, seen = new Set<string>()): Found | undefined {
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return { file, node: statement };
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) {
          return { file, node: declaration.initializer ?? declaration };
        }
      }
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const from = modules.resolve(file.fileName, statement.moduleSpecifier.text);
      if (clause.name?.text === name) return from ? exported(modules, from, "default", seen) : { file, node: clause };
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.isTypeOnly || element.name.text !== name) continue;
          const original = (element.propertyName ?? element.name).text;
          return from ? exported(modules, from, original, seen) : { file, node: element };
        }
      }
    }
  }
  return undefined;
}

type Handler = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** The function a declaration or expression is, through parentheses, `as`/`satisfies` and plain names. */
function functionOf(modules: Modules, found: Found, depth = 0): Found<Handler> | undefined {
  let node = found.node;
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node)
  ) {
    node = node.expression;
  }
  if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    return { file: found.file, node };
  }
  if (ts.isIdentifier(node) && depth < 10) {
    const named = declared(modules, found.file, node.text);
    return named && functionOf(modules, named, depth + 1);
  }
  return undefined;
}

/**
 * What an expression comes to, followed through names, property reads of object literals and calls of the
 * app's own functions that return one (the twin modules' route factories: `ROUTES.medical.detail.loader`,
 * the record pages' helpers: `addPageLoader(args, page)`, which return `storeRoute(need, …)(args)`).
 */
function valueOf(modules: Modules, found: Found, depth = 0): Found | undefined {
  if (depth > 20) return undefined;
  let node = found.node;
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    node = node.expression;
  }
  const next = (at: Found | undefined) => at && valueOf(modules, at, depth + 1);
  if (ts.isIdentifier(node)) return next(inScope(node, found.file) ?? declared(modules, found.file, node.text));
  if (ts.isPropertyAccessExpression(node)) {
    const object = next({ file: found.file, node: node.expression });
    if (!object || !ts.isObjectLiteralExpression(object.node)) return undefined;
    const property = object.node.properties.find(
      (candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText(object.file) === node.name.text,
    );
    return property && ts.isPropertyAssignment(property)
      ? next({ file: object.file, node: property.initializer })
      : undefined;
  }
  if (ts.isCallExpression(node) && calleeName(node) !== STORE_ROUTE) {
    const callee = next({ file: found.file, node: node.expression });
    if (!callee) return undefined;
    // Calling what storeRoute made is that route.
    if (ts.isCallExpression(callee.node) && calleeName(callee.node) === STORE_ROUTE) return callee;
    const body =
      ts.isFunctionDeclaration(callee.node) || ts.isArrowFunction(callee.node) ? callee.node.body : undefined;
    const returned = body && ts.isBlock(body) ? body.statements.find(ts.isReturnStatement)?.expression : body;
    return returned && next({ file: callee.file, node: returned });
  }
  return { file: found.file, node };
}

/** A name's value declared by a `const` in a block around it (a factory's own helpers). */
function inScope(name: ts.Identifier, file: ts.SourceFile): Found | undefined {
  for (let node: ts.Node | undefined = name.parent; node; node = node.parent) {
    if (!ts.isBlock(node)) continue;
    for (const statement of node.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const declaration = statement.declarationList.declarations.find(
        (candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === name.text,
      );
      if (declaration?.initializer) return { file, node: declaration.initializer };
    }
  }
  return undefined;
}

/** The guard of the route factories: `requireStore`, then `requireCan` with the need it is given. */
const STORE_ROUTE = "storeRoute";

/**
 * A loader or action made by `storeRoute(need, …)`, itself or called by an arrow (`(args) => ROUTES.x.loader(args)`,
 * `(args) => addPageLoader(args, page)`).
 */
function isStoreRoute(modules: Modules, found: Found): boolean {
  const handler = functionOf(modules, found);
  const made =
    handler && ts.isArrowFunction(handler.node) && ts.isCallExpression(handler.node.body)
      ? valueOf(modules, { file: handler.file, node: handler.node.body })
      : valueOf(modules, found);
  return made !== undefined && ts.isCallExpression(made.node) && calleeName(made.node) === STORE_ROUTE;
}

// ---------------------------------------------------------------------------------------------------
// The guards of a loader or an action

/** How a route's loader and action must begin. */
interface GuardRule {
  /** The first statement is `await <one of these>(request, context)`. */
  guards: readonly string[];
  /**
   * After `requireStore`, `requireCan(<its user>, need)` follows before anything else uses what the guard
   * returned: "literal" wants the need written out (`"product:read"`), "any" takes any expression.
   */
  can?: "literal" | "any";
}

const NEED = /^[a-z_]+:(read|write)$/;

function boundNames(name: ts.BindingName, into: Set<string>): void {
  if (ts.isIdentifier(name)) {
    into.add(name.text);
    return;
  }
  for (const element of name.elements) if (!ts.isOmittedExpression(element)) boundNames(element.name, into);
}

/** A name used as a value (not a property's name or a key). */
function isReference(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === identifier) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === identifier) return false;
  if (ts.isBindingElement(parent) && parent.propertyName === identifier) return false;
  return true;
}

function firstUse(node: ts.Node, names: ReadonlySet<string>): string | undefined {
  if (ts.isIdentifier(node) && names.has(node.text) && isReference(node)) return node.text;
  return ts.forEachChild(node, (child) => firstUse(child, names));
}

/** `name` or `name.a.b`: a value read straight from one of the names. */
function isFrom(node: ts.Expression, names: ReadonlySet<string>): boolean {
  if (ts.isIdentifier(node)) return names.has(node.text);
  return ts.isPropertyAccessExpression(node) && isFrom(node.expression, names);
}

function calleeName(call: ts.CallExpression): string | undefined {
  return ts.isIdentifier(call.expression) ? call.expression.text : undefined;
}

/** What is wrong with how a loader or action begins, or undefined when it keeps the rule. */
function guardProblem(handler: Found<Handler>, rule: GuardRule): string | undefined {
  const { file, node } = handler;
  const body = node.body;
  if (!body) return "has no body";
  const [first, ...rest] = ts.isBlock(body) ? body.statements : [];
  const guards = rule.guards.map((guard) => `await ${guard}(request, context)`).join(" or ");

  // The guard, as the first statement or as the body of an arrow (`async (…) => await requireStore(…)`).
  let guarded: ts.Expression | undefined = ts.isBlock(body) ? undefined : body;
  let binding: ts.BindingName | undefined;
  if (first && ts.isVariableStatement(first) && first.declarationList.declarations.length === 1) {
    const [declaration] = first.declarationList.declarations;
    guarded = declaration?.initializer;
    binding = declaration?.name;
  } else if (first && ts.isExpressionStatement(first)) {
    guarded = first.expression;
  }
  const call =
    guarded && ts.isAwaitExpression(guarded) && ts.isCallExpression(guarded.expression)
      ? guarded.expression
      : undefined;
  const guard = call && calleeName(call);
  if (!call || !guard || !rule.guards.includes(guard)) return `does not begin with ${guards}`;
  if (call.arguments.map((argument) => argument.getText(file)).join(", ") !== "request, context") {
    return `does not begin with ${guards}`;
  }
  if (guard !== "requireStore" || !rule.can) return undefined;

  const tracked = new Set<string>();
  if (binding) boundNames(binding, tracked);
  for (const statement of rest) {
    if (ts.isExpressionStatement(statement) && ts.isCallExpression(statement.expression)) {
      const can = statement.expression;
      const [who, need] = can.arguments;
      if (calleeName(can) === "requireCan" && who && isFrom(who, tracked)) {
        if (rule.can === "any" || (need && ts.isStringLiteralLike(need) && NEED.test(need.text))) return undefined;
        return `asks requireCan for ${need?.getText(file) ?? "nothing"}, not a written-out "<module>:read|write"`;
      }
    }
    // Taking the guard's result apart (`const { user } = signed`) is not using it.
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.every(
        (declaration) => declaration.initializer && isFrom(declaration.initializer, tracked),
      )
    ) {
      for (const declaration of statement.declarationList.declarations) boundNames(declaration.name, tracked);
      continue;
    }
    const used = firstUse(statement, tracked);
    if (used)
      return `uses ${used} before requireCan (line ${file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1})`;
  }
  return "does not call requireCan with the user requireStore returned";
}

/** The rule of a route by where it is; outside the areas, the rule of the first guard it calls, if any. */
function ruleFor(path: string, handler: Found<Handler> | undefined): GuardRule | undefined {
  // `_store_+` holds store pages outside the store layout (the print pages), guarded the same way. The store
  // layout and the store's home (/my-store, sections by permission) ask only for a store.
  if (/\/_store_?\+\//.test(path)) {
    return /\/(_layout|my-store)\.tsx$/.test(path)
      ? { guards: ["requireStore"] }
      : { guards: ["requireStore", "requireStoreAccount"], can: "literal" };
  }
  // `_account+` holds pages of every kind of account (their own two-step sign-in): signed in is enough.
  if (/\/_account\+\//.test(path)) return { guards: ["requireSignedIn"] };
  if (/\/_console\+\//.test(path)) return { guards: ["requireConsole"] };
  if (!handler) return undefined;
  const visit = (node: ts.Node): string | undefined =>
    (ts.isCallExpression(node) && [...OTHER_GUARDS].find((guard) => guard === calleeName(node))) ||
    ts.forEachChild(node, visit);
  const guard = visit(handler.node);
  if (guard === undefined) return undefined;
  return guard === "requireStore" ? { guards: [guard], can: "any" } : { guards: [guard] };
}

const OTHER_GUARDS = new Set(["requireStore", "requireStoreAccount", "requireSignedIn", "requireConsole"]);

/** Every problem of one route module: its exports and how its loader and action begin. */
function routeProblems(modules: Modules, path: string): string[] {
  const problems: string[] = [];
  const has = (name: string) => exported(modules, path, name) !== undefined;
  if (has("default")) {
    if (!has("ErrorBoundary")) problems.push("exports no ErrorBoundary");
    if (!path.endsWith("/_layout.tsx") && !has("meta")) problems.push("exports no meta (its title)");
  }
  for (const name of ["loader", "action"] as const) {
    const found = exported(modules, path, name);
    if (!found) continue;
    const handler = functionOf(modules, found);
    const rule = ruleFor(path, handler);
    if (!rule) continue;
    if (rule.guards.includes("requireStore") && isStoreRoute(modules, found)) continue;
    if (!handler) {
      problems.push(`${name} is not a function the checks can read (a function, an arrow or a name of one)`);
      continue;
    }
    const problem = guardProblem(handler, rule);
    if (problem) problems.push(`${name} ${problem}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------

const modules = new Modules(readDisk);
const files = routeFiles();
const pages = files.filter((path) => exported(modules, path, "default") !== undefined);

describe("route modules", () => {
  it("finds the app's routes", () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  it("finds loaders and actions to check in every area", () => {
    const guarded = (area: RegExp) =>
      files.filter(
        (path) => area.test(path) && ["loader", "action"].some((name) => exported(modules, path, name) !== undefined),
      ).length;
    expect(guarded(/\/_store\+\//)).toBeGreaterThan(100);
    expect(guarded(/\/_store_\+\//)).toBeGreaterThan(2);
    expect(guarded(/\/_console\+\//)).toBeGreaterThan(10);
    expect(guarded(/\/_account\+\//)).toBeGreaterThan(0);
  });

  // A parent layout does not protect its children's actions: each loader and action asks itself, first, for
  // its area (a store, provider staff, anyone signed in), and on store pages then for a module permission
  // before it uses the user, the store or their client (or for the store account on its own pages).
  // Pages export an ErrorBoundary, and all but layouts their title (meta).
  it.each(files)("%s keeps the route conventions", (path) => {
    expect(routeProblems(modules, path)).toEqual([]);
  });
});

// The checker itself, on modules of its own: what it must let through and what it must catch.
describe("the route checker", () => {
  const STORE = "app/routes/_store+/fixture+";
  const page = `export const meta = titleMeta;\nexport default function Page() { return null; }\nexport const ErrorBoundary = GeneralErrorBoundary;\n`;
  const problemsOf = (sources: Record<string, string>, path = `${STORE}/page.tsx`) =>
    routeProblems(new Modules((file) => sources[file]), path);
  const storeLoader = (body: string) => ({
    [`${STORE}/page.tsx`]: `${page}export async function loader({ request, context }: LoaderFunctionArgs) {\n${body}\n}\n`,
  });

  it.each([
    [
      "export async function loader",
      storeLoader(`const { user, client } = await requireStore(request, context);
requireCan(user, "product:read");
return client.get_product_data({});`),
    ],
    [
      "export const loader = async () =>",
      {
        [`${STORE}/page.tsx`]: `${page}export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { user } = await requireStore(request, context);
  requireCan(user, "product:read");
  return { name: user.name };
};`,
      },
    ],
    [
      "the guard's result taken apart before requireCan",
      storeLoader(`const signed = await requireStore(request, context);
const { user } = signed;
const url = new URL(request.url);
requireCan(user, "appointment:read");
return signed.store;`),
    ],
    [
      "export { loader } from another module",
      {
        [`${STORE}/page.tsx`]: `${page}export { loader } from "./__shared.server";`,
        [`${STORE}/__shared.server.ts`]: `export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "product:read");
  return null;
}`,
      },
    ],
    [
      "an imported loader exported again, and a local one exported by name",
      {
        [`${STORE}/page.tsx`]: `import { shared as loader } from "~/routes/_store+/fixture+/__shared.server";
const act = async function ({ request, context }: ActionFunctionArgs) {
  const access = await requireStoreAccount(request, context);
  return access.store;
};
export { loader, act as action };
${page}`,
        [`${STORE}/__shared.server.ts`]: `export const shared = async ({ request, context }: LoaderFunctionArgs) => {
  const access = await requireStore(request, context);
  requireCan(access.user, "product:write");
  return null;
};`,
      },
    ],
    [
      "a route factory's storeRoute, called by an arrow",
      {
        [`${STORE}/page.tsx`]: `import { ROUTES } from "./__routes.server";
export const loader = (args: LoaderFunctionArgs) => ROUTES.medical.detail.loader(args);
${page}`,
        [`${STORE}/__routes.server.ts`]: `function routes(kind: Twin) {
  return { detail: { loader: storeRoute(TWINS[kind].read, async (args, signed) => signed.store) } };
}
export const ROUTES = { general: routes("general"), medical: routes("medical") };`,
      },
    ],
    [
      "a page helper that calls a storeRoute, called by an arrow",
      {
        [`${STORE}/page.tsx`]: `import { addPageLoader } from "~/server/pages.server";
export const loader = (args: LoaderFunctionArgs) => addPageLoader(args, { module: "product" });
${page}`,
        "app/server/pages.server.ts": `export function addPageLoader(args: RouteArgs, page: { module: ModuleId }) {
  return storeRoute(\`\${page.module}:write\`, async (_args, signed) => signed.store)(args);
}`,
      },
    ],
  ])("lets through %s", (_case, sources) => {
    expect(problemsOf(sources)).toEqual([]);
  });

  it.each([
    [
      "requireCan before requireStore",
      storeLoader(`requireCan(user, "product:read");\nconst { user } = await requireStore(request, context);`),
      "loader does not begin with await requireStore(request, context) or await requireStoreAccount(request, context)",
    ],
    [
      "work before the guard",
      storeLoader(`const form = await request.formData();\nconst { user } = await requireStore(request, context);`),
      "loader does not begin with await requireStore(request, context) or await requireStoreAccount(request, context)",
    ],
    [
      "a guard not awaited",
      storeLoader(`const signed = requireStore(request, context);`),
      "loader does not begin with await requireStore(request, context) or await requireStoreAccount(request, context)",
    ],
    [
      "no requireCan",
      storeLoader(`const { user } = await requireStore(request, context);\nreturn { name: user.name };`),
      "loader uses user before requireCan (line 6)",
    ],
    [
      "the client used before requireCan",
      storeLoader(`const { user, client } = await requireStore(request, context);
const { data } = await client.get_product_data({});
requireCan(user, "product:read");`),
      "loader uses client before requireCan (line 6)",
    ],
    [
      "requireCan only on one branch",
      storeLoader(`const { user } = await requireStore(request, context);
if (new URL(request.url).searchParams.has("x")) requireCan(user, "product:read");`),
      "loader uses user before requireCan (line 6)",
    ],
    [
      "requireCan of someone else",
      storeLoader(`const { store } = await requireStore(request, context);\nrequireCan(other, "product:read");`),
      "loader does not call requireCan with the user requireStore returned",
    ],
    [
      "a need not written out",
      storeLoader(`const { user } = await requireStore(request, context);\nrequireCan(user, need);`),
      'loader asks requireCan for need, not a written-out "<module>:read|write"',
    ],
    [
      "an export const loader without requireCan",
      {
        [`${STORE}/page.tsx`]: `${page}export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { store } = await requireStore(request, context);
  return store;
};`,
      },
      "loader uses store before requireCan (line 6)",
    ],
    [
      "a re-exported loader without the guard",
      {
        [`${STORE}/page.tsx`]: `${page}export { loader } from "./__shared.server";`,
        [`${STORE}/__shared.server.ts`]: `export async function loader() { return null; }`,
      },
      "loader does not begin with await requireStore(request, context) or await requireStoreAccount(request, context)",
    ],
    [
      "a loader the checks cannot read",
      { [`${STORE}/page.tsx`]: `${page}export const loader = withStore("product:read", async () => null);` },
      "loader is not a function the checks can read (a function, an arrow or a name of one)",
    ],
    [
      "a route factory's loader that is not a storeRoute",
      {
        [`${STORE}/page.tsx`]: `import { ROUTES } from "./__routes.server";
export const loader = (args: LoaderFunctionArgs) => ROUTES.medical.detail.loader(args);
${page}`,
        [`${STORE}/__routes.server.ts`]: `function routes(kind: Twin) {
  return { detail: { loader: async (args: LoaderFunctionArgs) => ({ kind }) } };
}
export const ROUTES = { general: routes("general"), medical: routes("medical") };`,
      },
      "loader does not begin with await requireStore(request, context) or await requireStoreAccount(request, context)",
    ],
    [
      "a page helper that does not call a storeRoute",
      {
        [`${STORE}/page.tsx`]: `import { addPageLoader } from "~/server/pages.server";
export const loader = (args: LoaderFunctionArgs) => addPageLoader(args, { module: "product" });
${page}`,
        "app/server/pages.server.ts": `export function addPageLoader(args: RouteArgs, page: { module: ModuleId }) {
  return loadPage(args, page);
}`,
      },
      "loader does not begin with await requireStore(request, context) or await requireStoreAccount(request, context)",
    ],
  ])("catches %s", (_case, sources, problem) => {
    expect(problemsOf(sources)).toEqual([problem]);
  });

  it("catches a page without ErrorBoundary or meta", () => {
    expect(problemsOf({ [`${STORE}/page.tsx`]: `export default function Page() { return null; }` })).toEqual([
      "exports no ErrorBoundary",
      "exports no meta (its title)",
    ]);
  });

  it("asks console and account routes for their own guard", () => {
    const action = (guard: string) =>
      `${page}export async function action({ request, context }: ActionFunctionArgs) {\n  const { client } = await ${guard}(request, context);\n  return client;\n}`;
    expect(
      problemsOf({ "app/routes/_console+/x.tsx": action("requireConsole") }, "app/routes/_console+/x.tsx"),
    ).toEqual([]);
    expect(problemsOf({ "app/routes/_console+/x.tsx": action("requireStore") }, "app/routes/_console+/x.tsx")).toEqual([
      "action does not begin with await requireConsole(request, context)",
    ]);
    expect(
      problemsOf({ "app/routes/_account+/x.tsx": action("requireConsole") }, "app/routes/_account+/x.tsx"),
    ).toEqual(["action does not begin with await requireSignedIn(request, context)"]);
  });

  it("holds a route outside the areas that asks for a store to requireCan", () => {
    const path = "app/routes/upload.ts";
    const action = (can: string) =>
      `export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireStore(request, context);
  const module = new URL(request.url).searchParams.get("module") ?? "";
  ${can}
  return access.client;
}`;
    expect(problemsOf({ [path]: action("requireCan(access.user, `${module}:write`);") }, path)).toEqual([]);
    expect(problemsOf({ [path]: action("") }, path)).toEqual(["action uses access before requireCan (line 5)"]);
  });
});
