import { eq, gte, isNull, or, sql, type SQL } from "drizzle-orm";
import { databaseNow } from "../../backend/db/columns";
import type { StoreScope } from "../../backend/db/scope";
import { giftCardEntries, giftCards } from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import { errorText } from "../../backend/unique";
import type { GIFT_CARD_ENTRY_KINDS } from "./options";

/** Today in Hong Kong (UTC+8 all year round), as expiry days are stored. */
export const hongKongToday = sql`date('now', '+8 hours')`;

export const notExpired = or(isNull(giftCards.expiryDate), gte(giftCards.expiryDate, hongKongToday));

/**
 * What a change may move: any card not disabled; a redemption only a card not expired either (an expired
 * card can still be given money back or adjusted by staff).
 */
const movable = (kind: GiftCardMove["kind"]) =>
  kind === "redeem" ? [isNull(giftCards.disabledAt), notExpired] : [isNull(giftCards.disabledAt)];

/** The card's balance as the statement reading it finds it, or NULL once the card may not move. */
export const movableBalanceOf = (store: StoreScope, id: number | SQL, kind: GiftCardMove["kind"] = "adjust") =>
  sql<number>`(select ${giftCards.balanceCents} from ${giftCards} where ${store.where(giftCards, eq(giftCards.id, id), ...movable(kind))})`;

export interface GiftCardMove {
  giftCardId: number;
  kind: Extract<(typeof GIFT_CARD_ENTRY_KINDS)[number], "adjust" | "redeem" | "refund">;
  /** Cents, + added, − taken. */
  amountCents: number;
  reason?: string | null;
  orderId?: number | SQL<number> | null;
  actorEmail: string;
}

/**
 * A card's balance moved in the database (`balance_cents + ?`) with its ledger entry, for the caller's batch.
 * The entry's balance after reads the card again: the CHECK refuses a balance below 0, and a card that may
 * not move (disabled, or expired for a redemption) leaves it NULL, either aborting the whole batch, so
 * concurrent changes can neither overdraw a card nor part its ledger from it (`rethrowGiftCardRefused`).
 */
export function giftCardMoveStatements(store: StoreScope, move: GiftCardMove) {
  return [
    store.update(
      giftCards,
      { balanceCents: sql`${giftCards.balanceCents} + ${move.amountCents}` },
      eq(giftCards.id, move.giftCardId),
      ...movable(move.kind),
    ),
    store
      .insert(giftCardEntries, [
        {
          giftCardId: move.giftCardId,
          kind: move.kind,
          amountCents: move.amountCents,
          balanceAfterCents: movableBalanceOf(store, move.giftCardId, move.kind),
          reason: move.reason ?? null,
          orderId: move.orderId ?? null,
          actorEmail: move.actorEmail,
          createdAt: databaseNow,
        },
      ])
      .returning({ id: giftCardEntries.id, balanceAfterCents: giftCardEntries.balanceAfterCents }),
  ] as const;
}

/** A batch a card's move refused, in the catalogue's words: `short` for a balance overdrawn meanwhile. */
export function rethrowGiftCardRefused(error: unknown, short: () => ActionError): never {
  const text = errorText(error);
  if (text.includes("gift_card_balance_not_negative")) throw short();
  if (/NOT NULL constraint failed: gift_card_entry\.balance_after_cents/.test(text)) {
    throw new ActionError(409, "gift-card-disabled");
  }
  throw error;
}
