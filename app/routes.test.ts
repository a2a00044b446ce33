import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The conventions every route module keeps (docs/adding-a-module.md), checked over app/routes so a
// new module cannot forget them. Files named __* sit beside routes without being routes.
const ROUTES = "app/routes";

function routeFiles(dir = ROUTES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /^__|\.test\./.test(entry.name) ? [] : [path];
  });
}

/** The body of an exported loader or action, up to its closing brace at the start of a line. */
function body(source: string, name: "loader" | "action"): string | null {
  const start = source.search(new RegExp(`^export (async )?function ${name}\\b`, "m"));
  if (start === -1) return null;
  const end = source.indexOf("\n}\n", start);
  return source.slice(start, end === -1 ? undefined : end);
}

const files = routeFiles().map((path) => ({ path, source: readFileSync(path, "utf8") }));
const pages = files.filter(({ source }) => /^export default /m.test(source));

describe("route modules", () => {
  it("finds the app's routes", () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  it.each(pages.map(({ path, source }) => [path, source]))("%s has an ErrorBoundary", (_path, source) => {
    expect(source).toMatch(/^export (const|function) ErrorBoundary\b/m);
  });

  const leaves = pages.filter(({ path }) => !path.endsWith("/_layout.tsx"));
  it.each(leaves.map(({ path, source }) => [path, source]))("%s has meta (its title)", (_path, source) => {
    expect(source).toMatch(/^export (const|function) meta\b/m);
  });

  // A parent layout does not protect its children's actions: each loader and action asks itself, for
  // a module permission or, on the store account's own pages, for the store account.
  // `_store_+` holds store pages outside the store layout (the print pages), guarded the same way.
  const storeRoutes = files.filter(
    ({ path }) => /\/_store_?\+\//.test(path) && !/\/(_layout|my-store)\.tsx$/.test(path),
  );
  it.each(storeRoutes.map(({ path, source }) => [path, source]))(
    "%s asks for its module permission in its loader and action",
    (_path, source) => {
      for (const name of ["loader", "action"] as const) {
        const code = body(source, name);
        if (code !== null) {
          expect(code, name).toMatch(
            /requireCan\(user, "[a-z_]+:(read|write)"\)|requireStoreAccount\(request, context\)/,
          );
        }
      }
    },
  );

  // `_account+` holds pages of every kind of account (their own two-step sign-in): signed in is enough.
  const accountRoutes = files.filter(({ path }) => /\/_account\+\//.test(path));
  it.each(accountRoutes.map(({ path, source }) => [path, source]))(
    "%s is for signed-in users in its loader and action",
    (_path, source) => {
      for (const name of ["loader", "action"] as const) {
        const code = body(source, name);
        if (code !== null) expect(code, name).toContain("requireSignedIn(request, context)");
      }
    },
  );

  const consoleRoutes = files.filter(({ path }) => /\/_console\+\//.test(path));
  it.each(consoleRoutes.map(({ path, source }) => [path, source]))(
    "%s is for provider staff in its loader and action",
    (_path, source) => {
      for (const name of ["loader", "action"] as const) {
        const code = body(source, name);
        if (code !== null) expect(code, name).toContain("requireConsole(request, context)");
      }
    },
  );
});
