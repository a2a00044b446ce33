import type { ModuleId } from "../../contract/modules";
import { allows, permissionFor } from "../../contract/permissions";
import type { SignedIn } from "~/server/session.server";

/**
 * Whether the signed-in user may change a module's data in the store they are viewing, so pages
 * can hide what would be refused. The backend checks every action again.
 */
export function canWrite(user: SignedIn, module: ModuleId): boolean {
  const permissions = user.store?.staff?.permissions ?? {};
  return allows(permissionFor({ accountType: user.accountType, permissions }, module), "write");
}

/** A page that only changes data: a read-only user gets 403 (forbidden). */
export function requireWrite(user: SignedIn, module: ModuleId) {
  if (!canWrite(user, module)) throw new Response("forbidden", { status: 403, statusText: "Forbidden" });
}
