import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

/** A route in the client build's manifest (`window.__remixManifest`), which the global setup's build wrote. */
interface ManifestRoute {
  id: string;
  parentId?: string;
  /** The route's own script and the shared chunks it imports, all of which its first load fetches. */
  module: string;
  imports?: string[];
  hasAction: boolean;
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const BUILD = "public/build";

function readManifest(): Manifest {
  const file = readdirSync(BUILD).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!file) throw new Error(`no manifest in ${BUILD}: the global setup builds the app`);
  const script = readFileSync(`${BUILD}/${file}`, "utf8");
  return JSON.parse(script.slice(script.indexOf("{"), script.lastIndexOf("}") + 1)) as Manifest;
}

/** Every script a first visit to the route loads: the entry's, then each route's from the root down. */
function firstLoadScripts(manifest: Manifest, route: ManifestRoute): string[] {
  const chain: ManifestRoute[] = [];
  for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
    chain.push(at);
  }
  return [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...chain.flatMap((step) => [step.module, ...(step.imports ?? [])]),
  ];
}

test.skip(({ lang }) => lang !== "en", "once: it reads the build, not a page");

/** Pages whose action takes no form of the contract's (the product list's bulk operations). */
const FORMLESS_ACTIONS = ["routes/_store+/product+/product-list+/_index"];

// A page's forms post to its own action, and only a form needs zod (the contract's schemas): a page without an
// action, or in FORMLESS_ACTIONS, that loads zod has imported a contract for a constant (a module's options.ts
// holds those) or shares a file with a form page.
test("a page without a form loads no zod", () => {
  const manifest = readManifest();
  const scripts = new Set(Object.values(manifest.routes).flatMap((route) => firstLoadScripts(manifest, route)));
  const zodChunks = [...scripts].filter((script) => readFileSync(`public${script}`, "utf8").includes("$ZodError"));
  expect(zodChunks, "the chunks holding zod").not.toEqual([]);
  const loadsZod = (route: ManifestRoute) => firstLoadScripts(manifest, route).some((s) => zodChunks.includes(s));

  expect(loadsZod(manifest.routes["routes/_store+/product+/product-list+/add"]), "a form page loads zod").toBe(true);
  const formless = Object.values(manifest.routes).filter(
    (route) => !route.hasAction || FORMLESS_ACTIONS.includes(route.id),
  );
  expect(formless.map((route) => route.id)).toContain("routes/_store+/product+/add-on-product-list+/_index");
  expect(formless.filter(loadsZod).map((route) => route.id)).toEqual([]);
});
