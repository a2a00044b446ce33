import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { revokedSessionRedirect } from "./app/server/auth.server";
import { createAppContext, pagePaths } from "./app/server/context.server";
import { ACTION_PATH, handleActionRequest, runScheduledJobs } from "./backend";
import { isCrossSiteBrowserRequest } from "./backend/cross-site";
import type { BackendEnv } from "./backend/env";
import { ACTION_REPLY_HEADERS, withSecurityHeaders } from "./backend/security-headers";
import { serveUpload, UPLOADS_PATH } from "./backend/serve-upload";

export interface WorkerOptions {
  /** The clock, per request; the e2e Worker passes a movable one. */
  now?: (request: Request) => number;
}

type Env = BackendEnv & Record<string, unknown>;

/** 128 random bits, base64: a new one for every page, so an injected script cannot know it. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * What a page may load: all from this origin only. Scripts also inline when they carry the page's nonce
 * (Remix's hydration data), styles inline (Polaris sets style attributes), images also as data: URLs
 * (Polaris' CSS). No plugins, no <base>, forms post only here, and no site may frame it.
 */
function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * A Remix reply's own headers: the page policy, and never stored unless the route says otherwise (only
 * the translation files do): a page shows one person's data and its nonce is for one use.
 */
function pageHeaders(response: Response, nonce: string): Record<string, string> {
  return {
    "Content-Security-Policy": pagePolicy(nonce),
    "Cache-Control": response.headers.get("Cache-Control") ?? "no-store",
  };
}

/**
 * The cookies this request's own bookkeeping changed: the session renewed by the 5-minute re-check
 * (unless the reply sets the session cookie itself, a sign-out or a toast: then the next request
 * re-checks), and the bookmark a write moved.
 */
async function withBookkeepingCookies(response: Response, context: AppLoadContext): Promise<Response> {
  const renewedSession = response.headers.has("Set-Cookie") ? undefined : context.sessionCheck.renewedCookie;
  const bookmark = await context.readPosition.cookie();
  if (!renewedSession && !bookmark) return response;
  const withCookies = new Response(response.body, response);
  if (renewedSession) withCookies.headers.append("Set-Cookie", renewedSession);
  if (bookmark) withCookies.headers.append("Set-Cookie", bookmark);
  return withCookies;
}

/**
 * Pages confirm the session in entry.server before they render; a resource route (a file, CSV or sheet) or
 * a redirecting action passes no entry hook, so one that relied on a session no backend call confirmed (a
 * static sheet) is checked here: a signed-out cookie gets the sign-in page, not the file.
 */
async function withConfirmedSession(request: Request, response: Response, context: AppLoadContext) {
  const signedOut = await revokedSessionRedirect(request, context);
  if (!signedOut) return response;
  await response.body?.cancel();
  return signedOut;
}

/** Forms post only from our own pages: browsers say where a request came from, and we refuse other sites. */
function isCrossSiteWrite(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD" && isCrossSiteBrowserRequest(request);
}

/**
 * The Worker: /api/action → the backend, /uploads/* → stored files in R2, everything else → Remix
 * (static files are served before this).
 */
export function createWorker(options: WorkerOptions = {}): ExportedHandler<Env> {
  const handleRemix = createRequestHandler(build, build.mode);
  const pages = pagePaths(build.routes);
  return {
    async fetch(request, env, ctx) {
      const now = () => options.now?.(request) ?? Date.now();
      const embedded = (actionRequest: Request) =>
        handleActionRequest(actionRequest, env, {
          now: () => new Date(now()),
          waitUntil: (promise) => ctx.waitUntil(promise),
          clientAddress: request.headers.get("CF-Connecting-IP"),
        });

      const { pathname } = new URL(request.url);
      const secured = (response: Response, headers?: Record<string, string>) =>
        withSecurityHeaders(request, response, headers);
      if (pathname === ACTION_PATH) return secured(await embedded(request), ACTION_REPLY_HEADERS);
      if (pathname.startsWith(UPLOADS_PATH)) return secured(await serveUpload(request, env.UPLOADS));
      if (isCrossSiteWrite(request)) return secured(new Response("Forbidden", { status: 403 }));

      const nonce = newNonce();
      const context = await createAppContext({
        request,
        env,
        waitUntil: (promise) => ctx.waitUntil(promise),
        embedded,
        now,
        pages,
        nonce,
      });
      const remixResponse = await handleRemix(request, context);
      const response = await withBookkeepingCookies(
        await withConfirmedSession(request, remixResponse, context),
        context,
      );
      return secured(response, pageHeaders(response, nonce));
    },
    async scheduled(controller, env, ctx) {
      ctx.waitUntil(runScheduledJobs(controller.cron, env));
    },
  };
}

export default createWorker();
