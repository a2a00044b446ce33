const BASE = "https://app.invalid";

/**
 * Only paths of this site, so a crafted form cannot bounce a user to another one. The value is
 * resolved as a browser would (which drops tabs and line breaks, so "/\t/evil.example" is
 * "//evil.example") and kept only if it stays on the same origin; what comes back is the resolved
 * path, never the raw value. A resolved path may still start with two slashes ("/./\\evil.example"
 * resolves to "//evil.example"), which a browser reads in a Location header as another site's
 * address, so such a path is refused too.
 */
export function safeRedirectPath(value: FormDataEntryValue | null, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const url = new URL(value, BASE);
  if (url.origin !== BASE || /^\/[/\\]/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
