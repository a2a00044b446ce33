import { useEffect } from "react";

const WORKER_URL = "/pos-offline-worker.js";
const SCOPE = "/product/pos";
/** public/pos-offline-worker.js's caches are named by this and their version. */
const CACHE_PREFIX = "pos-offline-";

/** The same-origin build files this page loaded: the scripts, styles and module preloads, and what they imported. */
function buildFilesOfThisPage(): string[] {
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
  const elements = document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    "script[src], link[rel=stylesheet][href], link[rel=modulepreload][href]",
  );
  const linked = Array.from(elements, (element) => ("src" in element ? element.src : element.href));
  const files = [...loaded, ...linked].filter((url) => {
    const { origin, pathname } = new URL(url, location.href);
    return origin === location.origin && pathname.startsWith("/build/");
  });
  return [...new Set(files)];
}

/**
 * Registers the POS page's service worker (public/pos-offline-worker.js), so that a counter that was opened online
 * reopens offline, and tells it the build files this page loaded (the first visit's were fetched before it existed).
 * An effect: nothing happens without JavaScript or on the server. A browser without service workers, or one that
 * refuses the registration (a private window may), keeps the POS online-only.
 */
export function usePosOfflineWorker(enabled: boolean) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register(WORKER_URL, { scope: SCOPE })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: "keep", urls: buildFilesOfThisPage() }))
      .catch(() => undefined);
  }, [enabled]);
}

/**
 * Deletes the POS page and files the service worker keeps: after signing out, the next person on a shared device
 * must not reopen the last store's counter offline. The offline sales queue (IndexedDB) is not touched.
 */
export function useForgetPosOfflinePage() {
  useEffect(() => {
    if (!("caches" in window)) return;
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => caches.delete(name))),
      )
      .catch(() => undefined);
  }, []);
}
