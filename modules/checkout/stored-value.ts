import { inArray, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { hongKongDate } from "../../contract/dates";
import { withValue } from "../../contract/messages";
import { formatHkd } from "../../contract/money";
import type { OrderPaymentMethod } from "../../contract/options";
import type { StoreScope } from "../../backend/db/scope";
import { giftCards } from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import { errorText } from "../../backend/unique";
import { giftCardMoveStatements } from "../gift-card/ledger";
import { storeCreditMoveStatements, storeCreditOf } from "../member/store-credit";

/**
 * Gift cards and store credit as payments of an order: read with the checkout, checked against what was
 * read (every field error at once), and redeemed in the order's batch, where the ledgers' CHECKs hold the
 * balances against concurrent spending.
 */

export interface TypedPayment {
  method: OrderPaymentMethod;
  amount_cents: number;
  gift_card_code?: string;
}

const giftCardCodesOf = (payments: TypedPayment[]) => [
  "",
  ...payments.flatMap((payment) =>
    payment.method === "gift_card" && payment.gift_card_code ? [payment.gift_card_code] : [],
  ),
];

/** The cards the payments name, and the member's store credit (a row of one, none when never owed). */
export const storedValueReads = (
  store: StoreScope,
  payments: TypedPayment[],
  memberId: number | SQL<number> | undefined,
) =>
  [
    store.selectFields(
      giftCards,
      {
        id: giftCards.id,
        code: giftCards.code,
        balanceCents: giftCards.balanceCents,
        expiryDate: giftCards.expiryDate,
        disabledAt: giftCards.disabledAt,
      },
      inArray(giftCards.code, giftCardCodesOf(payments)),
    ),
    storeCreditOf(store, memberId ?? 0),
  ] as const;

export type StoredValueReads = BatchResponse<ReturnType<typeof storedValueReads>>;

export interface StoredValueRules {
  /** Whether the store has the gift card module. */
  giftCards: boolean;
  /** The member paying, whose store credit may pay; none for a guest. */
  memberId: number | undefined;
  now: Date;
  /** Whether the order buys gift cards, which gift cards may not pay for (as at Shopify: no card buys another). */
  buysGiftCards?: boolean;
  /** The payload's list the payments are, which a refusal's fields name (`payments.0.amount_cents`). */
  listName?: string;
}

/**
 * The payments with each gift card's id, after checking every stored-value payment against its card or the
 * member's store credit as read: a card of this store, not disabled, not expired, a balance covering what
 * is taken from it (a card named twice counts both amounts), store credit only for a member and within
 * their balance. A refusal names every payment field at fault.
 */
export type CheckedStoredValue<T extends TypedPayment> = T & { gift_card_id?: number };

export function checkedStoredValue<T extends TypedPayment>(
  payments: T[],
  [cards, [credit]]: StoredValueReads,
  rules: StoredValueRules,
): CheckedStoredValue<T>[] {
  const errors: Record<string, string[]> = {};
  const taken = new Map<number, number>();
  const today = hongKongDate(rules.now);
  let creditTaken = 0;
  const checked = payments.map((payment, index) => {
    const refuse = (name: string, key: string) => {
      errors[`${rules.listName ?? "payments"}.${index}.${name}`] = [key];
      return payment;
    };
    if (payment.method === "gift_card") {
      const card = cards.find((row) => row.code === payment.gift_card_code);
      if (!rules.giftCards) return refuse("method", "invalid-payment-method");
      if (rules.buysGiftCards) return refuse("method", "gift-card-buys-gift-card");
      if (!card) return refuse("gift_card_code", "gift-card-unknown");
      if (card.disabledAt !== null) return refuse("gift_card_code", "gift-card-not-usable");
      if (card.expiryDate !== null && card.expiryDate < today) {
        return refuse("gift_card_code", withValue("gift-card-expired", card.expiryDate));
      }
      const total = (taken.get(card.id) ?? 0) + payment.amount_cents;
      taken.set(card.id, total);
      if (total > card.balanceCents) {
        return refuse("amount_cents", withValue("gift-card-balance-short", formatHkd(card.balanceCents)));
      }
      return { ...payment, gift_card_id: card.id };
    }
    if (payment.method === "store_credit") {
      if (rules.memberId === undefined) return refuse("method", "store-credit-needs-member");
      const balance = credit?.balanceCents ?? 0;
      creditTaken += payment.amount_cents;
      if (creditTaken > balance) {
        return refuse("amount_cents", withValue("store-credit-balance-short", formatHkd(balance)));
      }
    }
    return payment;
  });
  if (Object.keys(errors).length > 0) throw new ActionError(400, "invalid-payload", errors);
  return checked;
}

/** The redemptions of an order's stored-value payments that succeeded, for the order's batch. */
export function redemptionStatements(
  store: StoreScope,
  payments: { method: OrderPaymentMethod; amountCents: number; giftCardId?: number; status: string }[],
  {
    memberId,
    orderId,
    actorEmail,
  }: { memberId: number | undefined; orderId: SQL<number> | number; actorEmail: string },
) {
  return payments.flatMap((payment): readonly BatchItem<"sqlite">[] => {
    if (payment.status !== "succeeded") return [];
    const redemption = { kind: "redeem" as const, amountCents: -payment.amountCents, orderId, actorEmail };
    if (payment.method === "gift_card") {
      return giftCardMoveStatements(store, { ...redemption, giftCardId: payment.giftCardId! });
    }
    if (payment.method === "store_credit")
      return storeCreditMoveStatements(store, { ...redemption, memberId: memberId! });
    return [];
  });
}

/** Whether the order's batch was refused by a card or store credit spent (or disabled) since it was read. */
export const isStoredValueRefusal = (error: unknown) =>
  /gift_card_balance_not_negative|store_credit_balance_not_negative|NOT NULL constraint failed: gift_card_entry\.balance_after_cents/.test(
    errorText(error),
  );
