import type { BackendEnv } from "./env";
import { ACTION_PATH, handleActionRequest, runScheduledJobs } from "./index";
import { ACTION_REPLY_HEADERS, withSecurityHeaders } from "./security-headers";

/** The backend on its own, for deployments where the BFF reaches it over ACTION_ENDPOINT_URL. */
export default {
  async fetch(request, env, ctx): Promise<Response> {
    if (new URL(request.url).pathname !== ACTION_PATH) {
      return withSecurityHeaders(request, new Response("Not Found", { status: 404 }));
    }
    const reply = await handleActionRequest(request, env, { waitUntil: (promise) => ctx.waitUntil(promise) });
    return withSecurityHeaders(request, reply, ACTION_REPLY_HEADERS);
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(controller.cron, env));
  },
} satisfies ExportedHandler<BackendEnv>;
