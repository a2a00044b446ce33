import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { hongKongDate } from "../../contract/dates";
import type { Db } from "../../backend/db/client";
import { giftCardEntries, giftCards } from "../../backend/db/schema";
import { notMoving } from "../../backend/db/store-moving";
import { SYSTEM_ACTOR } from "../../backend/order-workflow";

/** Cards one batch expires; their ids and balances ride in one bound JSON value (D1 binds at most 100). */
export const GIFT_CARDS_EXPIRED_PER_BATCH = 250;
/** Batches one run makes (10,000 cards); a run left with more leaves them to the next day's. */
export const GIFT_CARD_EXPIRY_BATCHES_PER_RUN = 40;

/**
 * A card the job may expire on `today`: its expiry day before it, not disabled, a balance left, its store not moving.
 * The literal `> 0` and `IS NULL` (never bound values) let SQLite prove the partial index `gift_card_expiring_idx`
 * holds it.
 */
const expirable = (today: string) =>
  and(
    lt(giftCards.expiryDate, today),
    sql`${giftCards.balanceCents} > 0`,
    isNull(giftCards.disabledAt),
    notMoving(giftCards.applicationKey),
  );

/**
 * The gift cards' part of the daily job (00:00 HKT), over every store: each card whose expiry day has passed
 * in Hong Kong, not disabled, with a balance, gets an `expire` entry of minus its balance and its balance goes
 * to 0, so its ledger still sums to it. Set-based, a batch of cards at a time: it reads the cards and balances
 * through the partial index, then one D1 batch (a transaction) inserts their entries and takes the same amounts
 * off, both statements guarded alike by the balance read (a compare-and-set), so a card whose balance a staff
 * adjustment or a refund changed in between is neither recorded nor moved, and the next read takes it as it
 * is now. A card expired has no balance left, so another run, or one days late, writes nothing more; a card
 * given money while still past its expiry is expired again by the next run. Returns how many were expired.
 * (Not `giftCardMoveStatements`: that moves one card per statement pair, where one pair here moves a batch.)
 */
export async function expireGiftCards(db: Db, now: Date): Promise<number> {
  const today = hongKongDate(now);
  let expired = 0;
  for (let batch = 0; batch < GIFT_CARD_EXPIRY_BATCHES_PER_RUN; batch++) {
    const due = await db
      .select({ id: giftCards.id, balance: giftCards.balanceCents })
      .from(giftCards)
      .where(expirable(today))
      .orderBy(asc(giftCards.expiryDate), asc(giftCards.id))
      .limit(GIFT_CARDS_EXPIRED_PER_BATCH);
    if (due.length === 0) break;
    // The cards read, each with the balance it had: both statements move only a card that still has it.
    const picked = sql`json_each(${JSON.stringify(due)}) as picked`;
    const pickedBalance = sql<number>`json_extract(picked.value, '$.balance')`;
    const guard = and(
      eq(giftCards.id, sql`json_extract(picked.value, '$.id')`),
      eq(giftCards.balanceCents, pickedBalance),
      expirable(today),
    );
    const [entries] = await db.batch([
      db.insert(giftCardEntries).select(
        db
          .select({
            id: sql`null`.as("id"),
            applicationKey: giftCards.applicationKey,
            giftCardId: giftCards.id,
            kind: sql`'expire'`.as("kind"),
            amountCents: sql`-${pickedBalance}`.as("amount_cents"),
            balanceAfterCents: sql`0`.as("balance_after_cents"),
            reason: sql`null`.as("reason"),
            orderId: sql`null`.as("order_id"),
            actorEmail: sql`${SYSTEM_ACTOR}`.as("actor_email"),
            createdAt: sql`${now.toISOString()}`.as("created_at"),
          })
          .from(picked)
          .innerJoin(giftCards, guard),
      ),
      db
        .update(giftCards)
        .set({ balanceCents: sql`${giftCards.balanceCents} - ${pickedBalance}` })
        .from(picked)
        .where(guard),
    ]);
    expired += entries.meta.changes;
  }
  return expired;
}
