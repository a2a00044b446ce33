/**
 * The Worker's bindings, variables and secrets. `Env` is generated from wrangler.toml by `npm run types`
 * (worker-configuration.d.ts, kept fresh by `npm run typecheck`). The e-mail API's key is the one optional
 * secret, set only where mail goes out through EMAIL_API_URL, so wrangler.toml does not require it.
 */
export type BackendEnv = Env & { EMAIL_API_KEY?: string };
