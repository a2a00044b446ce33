/** Bindings and variables the backend reads (see wrangler.toml). */
export interface BackendEnv {
  DB: D1Database;
  UPLOADS: R2Bucket;
  /** Public base URL of the back office, used in links sent by e-mail. */
  APP_URL: string;
  /** Optional HTTP e-mail API (JSON POST {from,to,subject,text}); without it mail stays in the outbox. */
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /**
   * The key two-step sign-in secrets are encrypted under (AES-GCM, derived by HKDF), a secret:
   * comma-separated to rotate, the first encrypts and all decrypt. Without it nobody can enrol.
   */
  TWO_STEP_KEY?: string;
  /**
   * The pages' session secret (comma-separated: the first signs, all verify), which also signs the
   * customers' quotation links (backend/quotation-link.ts). Without it no link can be made.
   */
  SESSION_SECRET?: string;
  /**
   * The deployment's VAPID key pair (P-256, base64url: the public key's 65 raw bytes, the private key's
   * `d`), secrets; `npm start` writes local ones into .dev.vars. Store websites subscribe with the public one.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** Who push services may contact about our messages: `mailto:…` or an https URL (default APP_URL). */
  VAPID_SUBJECT?: string;
  /** `web-push` sends push messages through the browsers' push services; anything else keeps them in push_outbox only. */
  PUSH_DELIVERY?: string;
}
