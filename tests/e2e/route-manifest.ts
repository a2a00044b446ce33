import { readFileSync } from "node:fs";

/** A route of the built app, from the Remix server build's route manifest. */
export interface BuiltRoute {
  id: string;
  parentId?: string;
  /** This route's own path (`:param`, `*` for a splat), undefined for a pathless layout. */
  path?: string;
  index: boolean;
  /** Whether the route module has a default export (a page or layout); resource routes have none. */
  hasDefault: boolean;
}

/** A page URL pattern: a route with a component that answers at its own URL. */
export interface PageRoute extends BuiltRoute {
  /** The full URL path, `/a/:id/b`. */
  pattern: string;
  /** The ids from the root down to this route. */
  ancestry: string[];
}

const ID = String.raw`[A-Za-z_$][\w$]*`;
const UNDEFINED = String.raw`(?:void 0|undefined)`;
const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const escape = (text: string) => text.replace(/[$]/g, "\\$");
const literal = (text: string) => (/^(void 0|undefined)$/.test(text) ? undefined : (JSON.parse(text) as string));

/**
 * Reads the route manifest out of the server build. The app's Worker (worker.ts) is the server entry,
 * so build/index.js exports only createWorker; the manifest that Remix generates (`routes = { id: { id,
 * parentId, path, index, caseSensitive, module } }`) is inside it, with each `module` an esbuild
 * namespace object (`var X = {}; __export(X, { default: () => …, loader: () => … })`). A route is a
 * resource route when that namespace has no `default`. The client manifest in the same bundle has the
 * same keys but string modules (`module:"/build/…"`), which the pattern below does not match.
 */
export function readRouteManifest(file = "build/index.js"): BuiltRoute[] {
  const source = readFileSync(file, "utf8");
  const entry = new RegExp(
    String.raw`(?:"(?:[^"\\]|\\.)+"|${ID}):\s*\{\s*id:\s*("(?:[^"\\]|\\.)+"),\s*parentId:\s*(${UNDEFINED}|${STRING}),\s*` +
      String.raw`path:\s*(${UNDEFINED}|${STRING}),\s*index:\s*(${UNDEFINED}|!0|!1|true|false),\s*` +
      String.raw`caseSensitive:\s*[^,]+,\s*module:\s*(${ID})\s*\}`,
    "g",
  );
  const routes: BuiltRoute[] = [];
  for (const [, idText, parentText, pathText, indexText, moduleName] of source.matchAll(entry)) {
    const id = JSON.parse(idText) as string;
    const namespace = new RegExp(String.raw`var ${escape(moduleName)}\s*=\s*\{\s*\};`).exec(source);
    if (!namespace) throw new Error(`route ${id}: no module namespace ${moduleName} in ${file}`);
    const exportsCall = new RegExp(String.raw`^\s*${ID}\(\s*${escape(moduleName)}\s*,\s*\{([^}]*)\}\s*\)`).exec(
      source.slice(namespace.index + namespace[0].length),
    );
    const exported = [...(exportsCall?.[1] ?? "").matchAll(/([\w$]+)\s*:\s*\(\)\s*=>/g)].map(([, name]) => name);
    routes.push({
      id,
      parentId: literal(parentText),
      path: literal(pathText),
      index: indexText === "!0" || indexText === "true",
      hasDefault: exported.includes("default"),
    });
  }
  if (!routes.some((route) => route.id === "root") || routes.length < 5) {
    throw new Error(`could not read the route manifest from ${file} (found ${routes.length} routes)`);
  }
  return routes;
}

/** Every page URL pattern: routes with a component and a URL of their own, minus the catch-all `*`. */
export function pageRoutes(routes: BuiltRoute[]): PageRoute[] {
  const byId = new Map(routes.map((route) => [route.id, route]));
  const ancestry = (route: BuiltRoute): BuiltRoute[] => {
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    if (route.parentId && !parent) throw new Error(`route ${route.id}: unknown parent ${route.parentId}`);
    return parent ? [...ancestry(parent), route] : [route];
  };
  const pages = routes.flatMap((route) => {
    const chain = ancestry(route);
    const pattern = `/${chain
      .map((link) => link.path ?? "")
      .filter(Boolean)
      .join("/")}`;
    const hasIndexChild = routes.some((child) => child.parentId === route.id && child.index);
    const ownUrl = route.path !== undefined || route.index;
    if (!route.hasDefault || !ownUrl || hasIndexChild || pattern.split("/").includes("*")) return [];
    return [{ ...route, pattern, ancestry: chain.map((link) => link.id) }];
  });
  const patterns = new Set<string>();
  return pages.filter(({ pattern }) => !patterns.has(pattern) && patterns.add(pattern));
}
