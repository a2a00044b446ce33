/**
 * True when a browser says the request comes from another site (Sec-Fetch-Site, or an Origin that is not
 * this one). Servers send neither header, so server-to-server calls are never cross-site.
 */
export function isCrossSiteBrowserRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== new URL(request.url).origin;
}
