import type { Db } from "../../backend/db/client";
import { giftCardEntries, giftCards } from "../../backend/db/schema";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import { newGiftCardCode } from "./actions";
import type { GiftCardExampleRecords } from "./contract";

/**
 * A card of the store worth HK$500 unless said, with its issue entry so its ledger sums to its balance
 * (a card made used up or partly used gets the adjustment that took it there).
 */
export async function createGiftCard(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof giftCards.$inferInsert> = {},
) {
  const initialCents = overrides.initialCents ?? 50_000;
  const [card] = await db
    .insert(giftCards)
    .values({
      applicationKey,
      code: newGiftCardCode(),
      initialCents,
      balanceCents: initialCents,
      recipientName: "Chan Tai Man",
      recipientEmail: "chan@example.com",
      ...overrides,
    })
    .returning();
  const entry = { applicationKey, giftCardId: card.id, actorEmail: "factory@example.com" };
  const createdAt = new Date().toISOString();
  await db.insert(giftCardEntries).values([
    {
      ...entry,
      kind: "issue",
      amountCents: initialCents,
      balanceAfterCents: initialCents,
      reason: "Issued",
      createdAt,
    },
    ...(card.balanceCents === initialCents
      ? []
      : [
          {
            ...entry,
            kind: "adjust" as const,
            amountCents: card.balanceCents - initialCents,
            balanceAfterCents: card.balanceCents,
            reason: "Used",
            createdAt,
          },
        ]),
  ]);
  return card;
}

export async function giftCardExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<GiftCardExampleRecords> {
  return {
    gift_card_id: (await createGiftCard(db, application_key)).id,
    spare_gift_card_id: (await createGiftCard(db, application_key)).id,
    editable_gift_card_id: (await createGiftCard(db, application_key)).id,
  };
}

/** The record of the detail and print pages, for the route sweep. */
export async function giftCardRouteRecords(db: Db, applicationKey: string) {
  return { "/gift-card-list/": (await createGiftCard(db, applicationKey)).id };
}
