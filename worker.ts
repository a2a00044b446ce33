import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { createAppContext, pagePaths } from "./app/server/context.server";
import { ACTION_PATH, handleActionRequest, runDailyJobs } from "./backend";
import { isCrossSiteBrowserRequest } from "./backend/cross-site";
import type { BackendEnv } from "./backend/env";
import { serveUpload, UPLOADS_PATH } from "./backend/serve-upload";

export interface WorkerOptions {
  /** The clock, per request; the e2e Worker passes a movable one. */
  now?: (request: Request) => number;
}

type Env = BackendEnv & Record<string, unknown>;

const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

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
      if (pathname === ACTION_PATH) return embedded(request);
      if (pathname.startsWith(UPLOADS_PATH)) return serveUpload(request, env.UPLOADS);
      if (isCrossSiteWrite(request)) return new Response("Forbidden", { status: 403 });

      const context = await createAppContext({
        request,
        env,
        waitUntil: (promise) => ctx.waitUntil(promise),
        embedded,
        now,
        pages,
      });
      const response = await handleRemix(request, context);
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
    async scheduled(_controller, env, ctx) {
      ctx.waitUntil(runDailyJobs(env));
    },
  };
}

export default createWorker();
