import type { Params } from "@remix-run/react";

/** What a route module tells the app about itself besides its data (its `handle` export). */
export interface RouteHandle {
  /** Its own translation namespaces (the shared ones load for every page). */
  i18n?: string[];
  /** The page Back returns to: the list the page belongs to. Pages of the menu have none. */
  parent?: string | ((params: Params) => string);
  /**
   * The page ships no scripts: it works by plain forms and links (as every page must with JS off), and
   * it is the first page people load, so it loads fastest without React. The sign-in pages are.
   */
  scriptless?: true;
  /** The page fills the screen for its work (the POS counter): the setup panel stays away. */
  withoutSetupPanel?: true;
}

/** Whether a matched route asks for its page to ship no scripts. */
export function isScriptless(matches: { handle: unknown }[]): boolean {
  return matches.some(({ handle }) => (handle as RouteHandle | undefined)?.scriptless);
}

/** Whether a matched route keeps the setup panel off its page. */
export function hidesSetupPanel(matches: { handle: unknown }[]): boolean {
  return matches.some(({ handle }) => (handle as RouteHandle | undefined)?.withoutSetupPanel);
}

/** Where Back goes from the deepest route that names its parent, with JavaScript or without. */
export function parentUrl(matches: { handle: unknown; params: Params }[]): string | null {
  for (const { handle, params } of [...matches].reverse()) {
    const parent = (handle as RouteHandle | undefined)?.parent;
    if (parent) return typeof parent === "function" ? parent(params) : parent;
  }
  return null;
}
