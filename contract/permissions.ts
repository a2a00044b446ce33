import type { AccountType, PermissionLevel, StaffRole } from "./actions";
import { MODULE_IDS, type ModuleId } from "./modules";
import { MODULE_SALES_ACCESS } from "./sales-access.generated";

const SALES_WRITE: ModuleId[] = [
  "pos",
  "order",
  "member",
  "enquiry",
  "medi_enquiry",
  "appointment",
  "medi_appointment",
  "product_booking",
  "renting",
  "quotation",
];
const SALES_READ: ModuleId[] = ["product", "product_inventory", "add_on_product", "category"];

/**
 * Where a store staff account's permission setting starts: admin writes everything, sales less (the lists here, or
 * what a module's options.ts says, `<MODULE>_SALES_ACCESS`).
 */
export function roleDefaults(role: StaffRole): Record<ModuleId, PermissionLevel> {
  return Object.fromEntries(
    MODULE_IDS.map((module) => [
      module,
      role === "admin"
        ? "write"
        : SALES_WRITE.includes(module)
          ? "write"
          : SALES_READ.includes(module)
            ? "read"
            : (MODULE_SALES_ACCESS[module] ?? "none"),
    ]),
  ) as Record<ModuleId, PermissionLevel>;
}

const RANK: Record<PermissionLevel, number> = { none: 0, read: 1, write: 2 };

/** Staff and store accounts may do anything in a store; store staff what their setting grants, nothing unset. */
export function permissionFor(
  caller: { accountType: AccountType; permissions: Partial<Record<ModuleId, PermissionLevel>> },
  module: ModuleId,
): PermissionLevel {
  if (caller.accountType !== "store_staff") return "write";
  return caller.permissions[module] ?? "none";
}

/**
 * Refunds return money: the store account and provider staff may refund, store staff only with the admin
 * role (sales staff see and work orders but never refund), each still needing the module's write permission.
 */
export function mayRefund(caller: { accountType: AccountType; role: StaffRole | null }): boolean {
  return caller.accountType !== "store_staff" || caller.role === "admin";
}

/**
 * Selling at the POS while offline (issue 39): the store account and provider staff may, store staff only when the
 * merchant allows the account (`sells_offline`), each still needing the POS's write permission.
 */
export function maySellOffline(caller: { accountType: AccountType; sellsOffline: boolean }): boolean {
  return caller.accountType !== "store_staff" || caller.sellsOffline;
}

export function allows(granted: PermissionLevel, needed: Exclude<PermissionLevel, "none">): boolean {
  return RANK[granted] >= RANK[needed];
}

/**
 * A store staff account's role, levels, offline selling and locations in a few characters ("sales:wnrr…:o:3.5", the
 * last "*" for every location). Every backend reply to a store staff caller carries it, so the pages notice at once
 * that the merchant changed the account.
 */
export function accessStamp(
  role: StaffRole,
  permissions: Partial<Record<ModuleId, PermissionLevel>>,
  sellsOffline: boolean,
  locations: readonly number[] | null | undefined,
): string {
  const levels = MODULE_IDS.map((module) => (permissions[module] ?? "none")[0]).join("");
  return `${role}:${levels}:${sellsOffline ? "o" : "-"}:${locations ? locations.join(".") : "*"}`;
}

/** The reply header that carries `accessStamp`. */
export const ACCESS_STAMP_HEADER = "X-Caller-Access";
