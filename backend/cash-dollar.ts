import { eq, sql, type SQL } from "drizzle-orm";
import type { CASH_DOLLAR_ACTIONS } from "../contract/options";
import type { Caller } from "./caller";
import type { StoreScope } from "./db/scope";
import { cashDollarRecords, members, storeSettings } from "./db/schema";
import { ActionError, notFound } from "./errors";
import { errorText } from "./unique";

export type CashDollarAction = (typeof CASH_DOLLAR_ACTIONS)[number];

export interface CashDollarChange {
  /** The member's id, or an SQL expression giving it (a member inserted earlier in the same batch). */
  memberId: number | SQL;
  /** Cash-dollar cents: positive to give or earn, negative to spend or take back; never 0. */
  amountCents: number;
  action: CashDollarAction;
  orderId?: number | SQL | null;
  /** Required for `admin` (the table's CHECK). */
  reason?: string | null;
}

/** The member's balance as the statement reading it finds it (after the update earlier in the batch). */
export const cashDollarBalanceOf = (store: StoreScope, memberId: number | SQL) =>
  sql<number>`(select ${members.cashDollarCents} from ${members} where ${store.where(members, eq(members.id, memberId))})`;

/**
 * The statements that change a member's cash-dollar balance, for the caller's own batch (an order puts
 * them beside its own rows): the balance's update, then its ledger row, whose balance_after reads the
 * balance the update left. The member's CHECK refuses a balance below 0 and so aborts the whole batch;
 * concurrent spends cannot overdraw. End the batch with `.catch(rethrowCashDollarRefused)`. A member that
 * does not exist leaves balance_after NULL, refused by its NOT NULL (404).
 */
export function cashDollarStatements(store: StoreScope, caller: Pick<Caller, "email">, change: CashDollarChange) {
  return [
    store.update(
      members,
      { cashDollarCents: sql`${members.cashDollarCents} + ${change.amountCents}` },
      eq(members.id, change.memberId),
    ),
    store
      .insert(cashDollarRecords, [
        {
          memberId: change.memberId,
          action: change.action,
          amountCents: change.amountCents,
          balanceAfterCents: cashDollarBalanceOf(store, change.memberId),
          orderId: change.orderId ?? null,
          actorEmail: caller.email,
          reason: change.reason ?? null,
          // The database's clock as it writes: the ledger's order by time is the order of its writes,
          // which the balances chain in, however requests race.
          createdAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
        },
      ])
      .returning({ id: cashDollarRecords.id, balanceAfterCents: cashDollarRecords.balanceAfterCents }),
  ] as const;
}

/**
 * A take-back of up to `amountCents` (> 0) that never refuses: it takes what the balance still holds, so
 * a refund reclaims the cash dollar its order earned even when part of it is spent already. The ledger
 * row goes first and reads the balance before the update; a balance of 0 writes no row and changes nothing.
 */
export function cashDollarTakeBackStatements(
  store: StoreScope,
  caller: Caller,
  change: { memberId: number | SQL; amountCents: number; orderId?: number | SQL | null },
) {
  const taken = sql`min(${change.amountCents}, ${members.cashDollarCents})`;
  const memberMatches = store.where(members, eq(members.id, change.memberId), sql`${members.cashDollarCents} > 0`);
  return [
    store.insertFrom(cashDollarRecords, (qb) =>
      qb
        // Every column, in the table's order (drizzle's rule for INSERT … SELECT); the id is the table's to give.
        .select({
          id: sql`null`.as("id"),
          applicationKey: members.applicationKey,
          memberId: members.id,
          action: sql`'refund_order'`.as("action"),
          amountCents: sql`-${taken}`.as("amount_cents"),
          balanceAfterCents: sql`${members.cashDollarCents} - ${taken}`.as("balance_after_cents"),
          orderId: sql`${change.orderId ?? null}`.as("order_id"),
          actorEmail: sql`${caller.email}`.as("actor_email"),
          reason: sql`null`.as("reason"),
          createdAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
        })
        .from(members)
        .where(memberMatches),
    ),
    store.update(
      members,
      { cashDollarCents: sql`${members.cashDollarCents} - ${taken}` },
      eq(members.id, change.memberId),
    ),
  ] as const;
}

/**
 * What a balance can take off an order at the store's redeem rate (cash dollars, in hundredths, that take
 * HK$1 off): at most the amount payable, and at most what the member asks to use. `spendCents` is the
 * cash dollar that discount costs, rounded up, never more than the balance.
 */
export function cashDollarQuote({
  balanceCents,
  redeemRate,
  payableCents,
  requestedCents = balanceCents,
}: {
  balanceCents: number;
  redeemRate: number;
  payableCents: number;
  requestedCents?: number;
}): { discountCents: number; spendCents: number } | { error: "not-enough-cash-dollar" } {
  if (requestedCents > balanceCents) return { error: "not-enough-cash-dollar" };
  const discountCents = Math.min(Math.floor((requestedCents * 100) / redeemRate), Math.max(payableCents, 0));
  return { discountCents, spendCents: Math.ceil((discountCents * redeemRate) / 100) };
}

/** Cash dollar a paid amount earns at the store's earn rate (cash dollars per HK$1, in hundredths), rounded down. */
export const earnedCashDollarCents = (paidCents: number, earnRate: number): number =>
  Math.floor((Math.max(paidCents, 0) * earnRate) / 100);

/** A cash-dollar change the database refused: a balance below 0 (409), or no such member (404). */
export function rethrowCashDollarRefused(error: unknown): never {
  const text = errorText(error);
  if (text.includes("member_cash_dollar_not_negative")) throw new ActionError(409, "not-enough-cash-dollar");
  if (/NOT NULL constraint failed: cash_dollar_record\.balance_after_cents/.test(text)) throw notFound();
  throw error;
}

/** The store's promotion setting, read beside the current plan: is cash dollar on for it? */
export const cashDollarSettingQuery = (store: StoreScope) =>
  store.selectFields(storeSettings, {
    enabled: storeSettings.cashDollarEnabled,
    welcomeCents: storeSettings.welcomeCashDollarCents,
    earnRate: storeSettings.cashDollarEarnRate,
    redeemRate: storeSettings.cashDollarRedeemRate,
  });

/** Cash dollar is usable when the current plan has it and the store's setting has it on. */
export const cashDollarOn = (
  plan: { hasCashDollar: boolean } | undefined,
  setting: { enabled: boolean } | undefined,
): boolean => Boolean(plan?.hasCashDollar && setting?.enabled);
