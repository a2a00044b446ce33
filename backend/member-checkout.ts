import { and, eq, sql, type SQL } from "drizzle-orm";
import type { OrderMember } from "../modules/order/contract";
import type { StoreScope } from "./db/scope";
import { members, storeSettings } from "./db/schema";
import { ActionError } from "./errors";

/**
 * What checkout (orders, the POS) needs of members: the member it sells to, the price that member pays
 * and the automatic VIP upgrade once an order is paid. Cash dollar has its own file (cash-dollar.ts).
 */

/** The member as checkout reads it, beside its other reads in the caller's batch. */
/** What the engine reads of a member. */
export const checkoutMemberFields = {
  id: members.id,
  memberCode: members.memberCode,
  name: members.name,
  email: members.email,
  level: members.level,
  disabled: members.disabled,
  cashDollarCents: members.cashDollarCents,
};

export const checkoutMemberQuery = (store: StoreScope, memberId: number | SQL) =>
  store.selectFields(members, checkoutMemberFields, eq(members.id, memberId)).limit(1);

export type CheckoutMember = Awaited<ReturnType<typeof checkoutMemberQuery>>[number];

/** The member an order or a cart is for, as the order page and the POS show them. */
export const toOrderMember = (member: Omit<CheckoutMember, "disabled">): OrderMember => ({
  id: member.id,
  member_code: member.memberCode,
  name: member.name,
  level: member.level,
  cash_dollar_cents: member.cashDollarCents,
});

/** A disabled member is refused as firmly as a missing one: a checkout cannot be made for either. */
export function requireCheckoutMember([member]: readonly CheckoutMember[]): CheckoutMember {
  if (!member || member.disabled) throw new ActionError(404, "user-not-found-or-disabled");
  return member;
}

/** The promotion setting's VIP part, read beside the current plan. */
export const vipSettingQuery = (store: StoreScope) =>
  store.selectFields(storeSettings, {
    enabled: storeSettings.vipEnabled,
    upgradeSpendCents: storeSettings.vipUpgradeSpendCents,
    upgradeDays: storeSettings.vipUpgradeDays,
  });

export type VipSetting = Awaited<ReturnType<typeof vipSettingQuery>>[number];

/** VIP pricing and upgrades apply when the current plan has VIP and the store's setting has it on. */
export const vipOn = (plan: { hasVip: boolean } | undefined, setting: { enabled: boolean } | undefined): boolean =>
  Boolean(plan?.hasVip && setting?.enabled);

/** A VIP member pays the VIP price where one is set; anyone else the discount price when set, else the price. */
export function unitPriceCents(
  product: { priceCents: number; discountPriceCents: number | null; vipPriceCents: number | null },
  vipPricing: boolean,
): number {
  if (vipPricing && product.vipPriceCents !== null) return product.vipPriceCents;
  return product.discountPriceCents ?? product.priceCents;
}

/** Whether a member pays VIP prices: a VIP member of a store where VIP is on. */
export const paysVipPrices = (member: Pick<CheckoutMember, "level"> | undefined, vipIsOn: boolean): boolean =>
  vipIsOn && member?.level === "vip";

/**
 * The automatic upgrade, for the batch that marks an order paid: a general member whose spending within
 * the setting's days reaches its amount becomes VIP. `spentCents` is the caller's SQL for that spending
 * (it knows its orders), read as the batch runs. Without a rule (or VIP off) there is nothing to run.
 */
export function vipUpgradeStatement(
  store: StoreScope,
  setting: VipSetting,
  vipIsOn: boolean,
  change: { memberId: number | SQL; spentCents: (sinceDays: number) => SQL },
) {
  if (!vipIsOn || setting.upgradeSpendCents === null || setting.upgradeDays === null) return null;
  return store
    .update(
      members,
      { level: "vip", version: sql`${members.version} + 1` },
      and(
        eq(members.id, change.memberId),
        eq(members.level, "general"),
        sql`${change.spentCents(setting.upgradeDays)} >= ${setting.upgradeSpendCents}`,
      ),
    )
    .returning({ id: members.id });
}
