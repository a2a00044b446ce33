import { buildPushPayload } from "@block65/webcrypto-web-push";
import { isPushServiceEndpoint } from "../modules/push-notification/contract";
import type { BackendEnv } from "./env";

/** A subscribed browser as its push service gave it: where to post, and the keys the message is encrypted to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the store website's service worker gets (JSON) and shows with showNotification(). */
export interface PushMessage {
  title: string;
  body: string;
  /** Absolute: the service worker runs on the store's own site, the image is the back office's upload. */
  image: string | null;
  /** A web address link's address (https://… or a path of the store's site); null for other links. */
  url: string | null;
  /** What tapping opens; the store's site maps a product, category or custom page to its own page. */
  link: {
    kind: string;
    product_code: string | null;
    category_id: number | null;
    custom_page_id: number | null;
    url: string | null;
  } | null;
  /** One notification per push on a device, whatever is sent again. */
  tag: string;
}

/**
 * `queued`: kept in the outbox only (Web Push off); `expired`: the push service answered 404 or 410, so the
 * subscription is gone and is removed (as is one whose endpoint is no push service's, saved before those were refused).
 */
export type PushOutcome = { status: "queued" | "sent" | "failed" | "expired"; responseStatus: number | null };

export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** How long a push service keeps a message for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Messages go out by Web Push only when PUSH_DELIVERY is `web-push` and the VAPID keys are set; else they stay in the outbox. */
export const webPushOn = (env: BackendEnv) =>
  env.PUSH_DELIVERY === "web-push" && Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY);

/**
 * Web Push (RFC 8030) with the payload encrypted per RFC 8291 (aes128gcm) and a VAPID JWT per RFC 8292,
 * by @block65/webcrypto-web-push on WebCrypto. Callers write each outcome to `push_outbox`.
 */
export function createPushSender(env: BackendEnv): PushSender {
  if (!webPushOn(env)) return { send: async () => ({ status: "queued", responseStatus: null }) };
  const vapid = {
    subject: env.VAPID_SUBJECT || env.APP_URL,
    publicKey: env.VAPID_PUBLIC_KEY!,
    privateKey: env.VAPID_PRIVATE_KEY!,
  };
  return {
    async send(target, message) {
      if (!isPushServiceEndpoint(target.endpoint)) return { status: "expired", responseStatus: null };
      const request = await buildPushPayload(
        { data: { ...message }, options: { ttl: PUSH_TTL_SECONDS, urgency: "normal" } },
        { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
        vapid,
      ).catch(() => null);
      if (!request) return { status: "failed", responseStatus: null };
      const response = await fetch(target.endpoint, request).catch(() => null);
      if (!response) return { status: "failed", responseStatus: null };
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410)
        return { status: "expired", responseStatus: response.status };
      return { status: response.ok ? "sent" : "failed", responseStatus: response.status };
    },
  };
}
