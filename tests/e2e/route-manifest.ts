import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** A route as remix.config.js defines it (`npx remix routes --json`). */
interface ConfigRoute {
  id: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigRoute[];
}

/** A page URL pattern: a route with a component that answers at its own URL. */
export interface PageRoute {
  id: string;
  /** The full URL path, `/a/:id/b`. */
  pattern: string;
  /** The ids from the root down to this route. */
  ancestry: string[];
  /** An index route: a POST reaches its own action only with `?index`. */
  index: boolean;
}

/** Whether a route module renders a page (a default export); resource routes have none. */
const hasComponent = (file: string) => /^export default /m.test(readFileSync(`app/${file}`, "utf8"));

/**
 * Every page of the app, from the route config Remix builds from app/routes (not a hand list):
 * routes with a component and a URL of their own, minus the catch-all `*`.
 */
export function pageRoutes(): PageRoute[] {
  const config = JSON.parse(
    execFileSync("npx", ["remix", "routes", "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }),
  ) as ConfigRoute[];
  const walk = (routes: ConfigRoute[], parentPath: string[], ancestry: string[]): PageRoute[] =>
    routes.flatMap((route) => {
      const path = route.path ? [...parentPath, route.path] : parentPath;
      const chain = [...ancestry, route.id];
      const ownUrl = route.path !== undefined || route.index;
      const hasIndexChild = route.children?.some((child) => child.index) ?? false;
      const page =
        ownUrl && !hasIndexChild && !path.includes("*") && hasComponent(route.file)
          ? [
              {
                id: route.id,
                pattern: `/${path.filter(Boolean).join("/")}`,
                ancestry: chain,
                index: Boolean(route.index),
              },
            ]
          : [];
      return [...page, ...walk(route.children ?? [], path, chain)];
    });
  const pages = walk(config, [], []);
  if (pages.length < 5) throw new Error(`only ${pages.length} pages found in the route config`);
  return pages;
}
