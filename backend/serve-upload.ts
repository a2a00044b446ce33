import { MIME_TYPES } from "../contract/upload-rules";

export const UPLOADS_PATH = "/uploads/";

const STORED_FILE = /^uploads\/[^/]+\/[^/]+$/;
/** Only the accepted upload types open in the browser; anything else (SVG, HTML…) downloads. */
const INLINE_TYPES = new Set<string>(Object.values(MIME_TYPES));

/** The R2 key a path names, or null when it names no stored upload. */
function storedKey(pathname: string): string | null {
  try {
    const key = decodeURIComponent(pathname).slice(1);
    return STORED_FILE.test(key) ? key : null;
  } catch {
    return null;
  }
}

/**
 * A file opened on its own is a sandboxed document with no script and no access to this origin (a
 * PDF or an image with script in it runs nothing); images and media still display.
 */
const UPLOAD_CSP = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

const hasBody = (object: R2Object | R2ObjectBody): object is R2ObjectBody => "body" in object;

function contentRange(range: R2Range, size: number): string {
  const offset = "suffix" in range ? size - range.suffix : (range.offset ?? 0);
  const length = "suffix" in range ? range.suffix : (range.length ?? size - offset);
  return `bytes ${offset}-${offset + length - 1}/${size}`;
}

/**
 * GET /uploads/<application_key>/<file> from R2: its stored type, never sniffed, cached for good
 * (the name is the content's hash). Conditional and range requests are answered by R2 itself.
 */
export async function serveUpload(request: Request, bucket: R2Bucket): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const key = storedKey(new URL(request.url).pathname);
  const object = key ? await bucket.get(key, { onlyIf: request.headers, range: request.headers }) : null;
  if (!object) return new Response("Not Found", { status: 404 });

  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": UPLOAD_CSP,
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
  });
  if (!INLINE_TYPES.has(headers.get("Content-Type")!)) headers.set("Content-Disposition", "attachment");

  // Without a body, a precondition (If-None-Match, If-Modified-Since…) did not hold.
  if (!hasBody(object)) {
    const notModified = request.headers.has("If-None-Match") || request.headers.has("If-Modified-Since");
    return new Response(null, { status: notModified ? 304 : 412, headers });
  }
  const partial = object.range !== undefined && request.headers.has("Range");
  if (partial) headers.set("Content-Range", contentRange(object.range!, object.size));
  return new Response(request.method === "HEAD" ? null : object.body, { status: partial ? 206 : 200, headers });
}
