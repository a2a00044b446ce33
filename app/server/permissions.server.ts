import type { ModuleId } from "#contract/modules";
import { allows, maySellOffline, permissionFor } from "#contract/permissions";
import { httpError } from "./errors.server";
import type { SignedIn } from "./session.server";

/** A store permission as the backend registry names it after `store:`, e.g. "product:write". */
export type Need = `${ModuleId}:${"read" | "write"}`;

function parseNeed(need: Need) {
  const [module, level] = need.split(":") as [ModuleId, "read" | "write"];
  return { module, level };
}

/**
 * Whether the signed-in user may do this in the store they are viewing: the store's plan and menu
 * switch the module on, and the account's permission reaches the level. Pages use it to render
 * only what can be used; the backend checks every action again.
 */
export function can(user: SignedIn, need: Need): boolean {
  const { module, level } = parseNeed(need);
  if (!user.store?.modules.includes(module)) return false;
  const permissions = user.store.staff?.permissions ?? {};
  return allows(permissionFor({ accountType: user.accountType, permissions }, module), level);
}

/** The same check for a loader or an action: 403 when the plan lacks the module or the account the permission. */
export function requireCan(user: SignedIn, need: Need): void {
  if (can(user, need)) return;
  const inPlan = user.store?.modules.includes(parseNeed(need).module);
  throw httpError(403, inPlan ? "forbidden" : "module-not-in-plan");
}

/** Managing staff accounts: write permission on the module, and never a sales-role staff account (the backend's `:admin`). */
export function canManageStaff(user: SignedIn): boolean {
  return can(user, "staff_account:write") && user.store?.staff?.role !== "sales";
}

/** Refunds and returns (the backend's `store:order:admin`): order write permission, never a sales-role staff account. */
export function canRefundOrders(user: SignedIn): boolean {
  return can(user, "order:write") && user.store?.staff?.role !== "sales";
}

/**
 * The offline sales to review (the backend's `store:pos:admin`): POS write permission, never a sales-role staff
 * account. The list is a check on the counter's own sales (an oversold unit, a price the device had wrong), so
 * the sellers who made them do not clear it; a plan with the POS but no orders module needs it all the same.
 */
export function canReviewOfflineSales(user: SignedIn): boolean {
  return can(user, "pos:write") && user.store?.staff?.role !== "sales";
}

/**
 * Selling at the POS while offline (the backend's `store:pos:offline`): POS write permission, and for a store staff
 * account the merchant's leave (`sells_offline`); the store account and provider staff always may.
 */
export function canSellOffline(user: SignedIn): boolean {
  const staff = user.store?.staff;
  return (
    can(user, "pos:write") &&
    maySellOffline({ accountType: user.accountType, sellsOffline: staff?.sellsOffline === true })
  );
}

/**
 * The locations the user may work at (ids), or null for every one: the pages' side of backend/location-access.ts,
 * from the session (the store account and provider staff: every location).
 */
export function allowedLocations(user: SignedIn): number[] | null {
  return user.accountType === "store_staff" ? (user.store?.staff?.locations ?? null) : null;
}

/** The backend's `:admin` on top of `requireCan(…":write")`: 403 for a sales-role staff account. */
export function requireAdminRole(user: SignedIn): void {
  if (user.store?.staff?.role === "sales") throw httpError(403, "forbidden");
}

/**
 * A medical appointment's patient details (the backend's `store:medi_appointment:admin`): write permission
 * on medical appointments, and never a sales-role staff account, who books without seeing them.
 */
export function canSeePatientDetails(user: SignedIn): boolean {
  return can(user, "medi_appointment:write") && user.store?.staff?.role !== "sales";
}
