import type { BackendEnv } from "./env";
import { ACTION_PATH, handleActionRequest, runDailyJobs } from "./index";

/** The backend on its own, for deployments where the BFF reaches it over ACTION_ENDPOINT_URL. */
export default {
  async fetch(request, env, ctx): Promise<Response> {
    if (new URL(request.url).pathname !== ACTION_PATH) return new Response("Not Found", { status: 404 });
    return handleActionRequest(request, env, { waitUntil: (promise) => ctx.waitUntil(promise) });
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runDailyJobs(env));
  },
} satisfies ExportedHandler<BackendEnv>;
