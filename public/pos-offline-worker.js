// The POS page's service worker (issue 39): once /product/pos has been opened online with JavaScript, the counter
// reopens with no connection. Registered with scope /product/pos by app/components/pos-offline-worker.tsx; plain
// JavaScript served from public/ as it is (no build step). It keeps two kinds of files in one cache:
// - the POS page, under the one key /product/pos (stored from the bare page, served whatever the query): network
//   first, the stored copy when the network fails;
// - the Remix build files (/build/*, named by their content, so never changed): cache first.
// Everything else (the `.data` loads, form posts, /__manifest, the other pages, images) goes to the network untouched.
// To change what it keeps, bump VERSION: the browser sees the changed file (public/_headers: no-cache), installs it,
// and its activation deletes the caches of the versions before.

const VERSION = 1;
const PREFIX = "pos-offline-";
const CACHE = `${PREFIX}v${VERSION}`;
const PAGE = "/product/pos";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      // The page that registered this worker loaded without it; taking it over serves its later build files.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === PAGE) event.respondWith(posPage(request));
  else if (url.pathname.startsWith("/build/")) event.respondWith(buildFile(request));
});

/** The POS page itself, not a redirect (to the sign-in page), an error page or a followed redirect's page. */
const isPosPage = (response) =>
  response.status === 200 && !response.redirected && (response.headers.get("Content-Type") ?? "").includes("text/html");

async function posPage(request) {
  const url = new URL(request.url);
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch {
    return (await cache.match(PAGE)) ?? Response.error();
  }
  const signedOut = response.type === "opaqueredirect" || response.status === 401 || response.status === 403;
  // Only the bare page is stored: one answered with a query shows that moment's search or sale.
  if (isPosPage(response) && !url.search) await cache.put(PAGE, response.clone());
  // Signed out (a redirect to the sign-in page: a navigation's redirects come back unfollowed) or no longer allowed:
  // the stored page is someone's store no one here may see any more.
  else if (signedOut) await cache.delete(PAGE);
  return response;
}

async function buildFile(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * The POS page posts the build files it loaded (`{ type: "keep", urls }`) each time it opens: on the first visit they
 * were fetched before this worker existed. They are stored, the build files it no longer uses (an earlier deploy's)
 * deleted, and the page itself fetched and stored when none is yet, so the first visit already reopens offline.
 */
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => {
    try {
      const parsed = new URL(url);
      return parsed.origin === self.location.origin && parsed.pathname.startsWith("/build/");
    } catch {
      return false;
    }
  });
  event.waitUntil(keep(urls));
});

async function keep(urls) {
  const cache = await caches.open(CACHE);
  const wanted = new Set(urls);
  // The page and its files at once: a connection lost seconds after the first visit should still find them stored.
  await Promise.all([
    keepPage(cache),
    ...urls.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url).catch(() => undefined);
      if (response?.ok) await cache.put(url, response);
    }),
  ]);
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/build/") && !wanted.has(request.url)) await cache.delete(request);
  }
}

async function keepPage(cache) {
  if (await cache.match(PAGE)) return;
  // With the session cookie; an unfollowed redirect (signed out meanwhile) is not the page and is not stored.
  const page = await fetch(PAGE, { credentials: "same-origin", redirect: "manual" }).catch(() => undefined);
  if (page && isPosPage(page)) await cache.put(PAGE, page);
}
