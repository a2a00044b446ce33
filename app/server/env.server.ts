import * as z from "zod";

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .default("0")
  .transform((value) => value === "1" || value === "true");

/** The Remix side's configuration, parsed once per request from the Worker's env. */
const appEnvSchema = z.object({
  /** Comma-separated; the first signs new cookies, all of them verify (rotation). */
  SESSION_SECRET: z
    .string()
    .min(1)
    .transform((value) =>
      value
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    ),
  ACTION_ENDPOINT_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SHOP_GUIDE_URL: z.url(),
  /** The store's site is https://<sub_domain>.<STORE_SITE_DOMAIN>, else STORE_SITE_URL/<application_key>. */
  STORE_SITE_DOMAIN: z.string().min(1),
  STORE_SITE_URL: z.url(),
  HIDE_SHOP_GUIDE: flag,
  HIDE_VIEW_STORE: flag,
  HIDE_TRIAL_BOX: flag,
});

export type AppEnv = z.output<typeof appEnvSchema>;

export function parseAppEnv(env: Record<string, unknown>): AppEnv {
  return appEnvSchema.parse(env);
}
