import type { BackendEnv } from "./env";
import { ACTION_PATH, handleActionRequest, refreshCurrentPlans } from "./index";
import { ACTION_REPLY_HEADERS, withSecurityHeaders } from "./security-headers";

/** The backend on its own, for deployments where the BFF reaches it over ACTION_ENDPOINT_URL. */
export default {
  async fetch(request: Request, env: BackendEnv): Promise<Response> {
    if (new URL(request.url).pathname !== ACTION_PATH) {
      return withSecurityHeaders(request, new Response("Not Found", { status: 404 }));
    }
    return withSecurityHeaders(request, await handleActionRequest(request, env), ACTION_REPLY_HEADERS);
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(refreshCurrentPlans(env));
  },
} satisfies ExportedHandler<BackendEnv>;
