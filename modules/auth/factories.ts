import { randomToken, sha256Hex } from "../../backend/crypto";
import type { Db } from "../../backend/db/client";
import { passwordResetTokens } from "../../backend/db/schema";

/** A password-reset link's id and token for an account, as the forget-password e-mail would carry them. */
export async function createPasswordReset(db: Db, accountType: "console" | "store" | "store_staff", accountId: number) {
  const token = randomToken();
  const now = Date.now();
  const [row] = await db
    .insert(passwordResetTokens)
    .values({
      accountType,
      accountId,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now + 3_600_000).toISOString(),
      createdAt: new Date(now).toISOString(),
    })
    .returning({ id: passwordResetTokens.id });
  return { id: row.id, token };
}
