import type { Db } from "./db/client";
import { emailOutbox } from "./db/schema";
import type { BackendEnv } from "./env";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/**
 * Every message is written to the outbox; when an e-mail API is configured it is also sent
 * there and its row marked sent or failed. Locally (and in tests) the outbox is the inbox.
 */
export function createMailer(db: Db, env: BackendEnv, now: Date): Mailer {
  return {
    async send(message) {
      const status = env.EMAIL_API_URL ? await deliver(env, message) : "queued";
      await db.insert(emailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        status,
        createdAt: now.toISOString(),
      });
    },
  };
}

async function deliver(env: BackendEnv, message: EmailMessage): Promise<"sent" | "failed"> {
  const response = await fetch(env.EMAIL_API_URL!, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.EMAIL_API_KEY ?? ""}` },
    body: JSON.stringify({ from: env.EMAIL_FROM, to: message.to, subject: message.subject, text: message.text }),
  }).catch(() => null);
  return response?.ok ? "sent" : "failed";
}
