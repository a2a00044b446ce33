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
}
