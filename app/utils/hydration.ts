let hydrated = false;

/**
 * True only while the server-rendered page is being hydrated: then, and only then, a component may
 * read what the user already typed into the server's HTML (later, the DOM may be another page's).
 */
export function isHydrating(): boolean {
  return typeof document !== "undefined" && !hydrated;
}

/**
 * Called once the first client render has committed (the root layout's effect). The document says
 * so too (`<html data-hydrated>`), so a test knows when the page answers to JavaScript.
 */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.hydrated = "";
}
