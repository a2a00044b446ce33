/** One year, this host and its subdomains: browsers then never speak plain HTTP to them. */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** The action endpoint's replies are one caller's data: never stored by a cache, never sniffed. */
export const ACTION_REPLY_HEADERS = { "Cache-Control": "no-store" };

/**
 * The response with the headers every reply of this Worker carries (no type sniffing, no framing, no
 * referrer to other sites, HTTPS only once a browser has come over HTTPS), then its own `headers`.
 */
export function withSecurityHeaders(request: Request, response: Response, headers: Record<string, string> = {}) {
  const secured = new Headers(response.headers);
  secured.set("X-Content-Type-Options", "nosniff");
  secured.set("X-Frame-Options", "DENY");
  secured.set("Referrer-Policy", "same-origin");
  if (new URL(request.url).protocol === "https:") secured.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  for (const [name, value] of Object.entries(headers)) secured.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: secured });
}
