import { asc, eq, inArray } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runDailyJobs } from "../../backend";
import { createDb } from "../../backend/db/client";
import { forStore } from "../../backend/db/scope";
import { giftCardEntries, giftCards } from "../../backend/db/schema";
import { hongKongDate } from "../../contract/dates";
import { createGiftCard, createStore } from "../../tests/helpers/factories";
import { newRecording, recordingD1 } from "../../tests/integration/recording-d1";
import { db, merchant, storeD1 } from "../../tests/integration/wire";
import { expireGiftCards, GIFT_CARDS_EXPIRED_PER_BATCH } from "./expiry";
import { giftCardMoveStatements } from "./ledger";

/** 00:00:30 in Hong Kong today, as the daily job runs; cards' days are counted from it. */
const now = new Date(`${hongKongDate(new Date())}T00:00:30+08:00`);
const day = (days: number) => hongKongDate(new Date(now.getTime() + days * 86_400_000));

const ledgerOf = (id: number) =>
  db().select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, id)).orderBy(asc(giftCardEntries.id));
const balanceOf = async (id: number) =>
  (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0].balanceCents;

/** Each card's ledger sums to its balance, and its last entry's balance after is that balance. */
async function expectLedgersHold(ids: number[]) {
  const { results } = await storeD1()
    .prepare(
      `SELECT g.balance_cents AS balance, sum(e.amount_cents) AS total,
      (SELECT balance_after_cents FROM gift_card_entry WHERE gift_card_id = g.id ORDER BY id DESC LIMIT 1) AS last
    FROM gift_card g JOIN gift_card_entry e ON e.gift_card_id = g.id
    WHERE g.id IN (SELECT value FROM json_each(?)) GROUP BY g.id`,
    )
    .bind(JSON.stringify(ids))
    .all<{ balance: number; total: number; last: number }>();
  expect(results).toHaveLength(ids.length);
  expect(results.filter((card) => card.total !== card.balance || card.last !== card.balance)).toEqual([]);
}

const expireEntriesOf = async (id: number) => (await ledgerOf(id)).filter((entry) => entry.kind === "expire");

describe("gift card expiry in the daily job", () => {
  it("takes a card's balance the day after its expiry day, with one expire entry by the system, in every store", async () => {
    const { store, client, key } = await merchant("embedded");
    const other = await createStore(db());
    const expired = await createGiftCard(db(), store.applicationKey, { expiryDate: day(-1), balanceCents: 20_000 });
    const othersExpired = await createGiftCard(db(), other.applicationKey, { expiryDate: day(-30) });
    const untouched = {
      today: await createGiftCard(db(), store.applicationKey, { expiryDate: day(0) }),
      tomorrow: await createGiftCard(db(), store.applicationKey, { expiryDate: day(1) }),
      noExpiry: await createGiftCard(db(), store.applicationKey, { expiryDate: null }),
      usedUp: await createGiftCard(db(), store.applicationKey, { expiryDate: day(-1), balanceCents: 0 }),
      disabled: await createGiftCard(db(), store.applicationKey, {
        expiryDate: day(-1),
        disabledAt: now.toISOString(),
        disabledReason: "Lost",
      }),
    };
    const untouchedLedgers = await Promise.all(Object.values(untouched).map((card) => ledgerOf(card.id)));

    await runDailyJobs(env, now);

    expect(await ledgerOf(expired.id)).toMatchObject([
      { kind: "issue", amountCents: 50_000 },
      { kind: "adjust", amountCents: -30_000, balanceAfterCents: 20_000 },
      {
        applicationKey: store.applicationKey,
        kind: "expire",
        amountCents: -20_000,
        balanceAfterCents: 0,
        reason: null,
        orderId: null,
        actorEmail: "system",
        createdAt: now.toISOString(),
      },
    ]);
    expect(await balanceOf(expired.id)).toBe(0);
    expect(await expireEntriesOf(othersExpired.id)).toMatchObject([{ amountCents: -50_000, balanceAfterCents: 0 }]);
    expect(await balanceOf(othersExpired.id)).toBe(0);
    expect(await Promise.all(Object.values(untouched).map((card) => ledgerOf(card.id)))).toEqual(untouchedLedgers);
    expect(await Promise.all(Object.values(untouched).map((card) => balanceOf(card.id)))).toEqual([
      50_000, 50_000, 50_000, 0, 50_000,
    ]);
    await expectLedgersHold([expired.id, othersExpired.id, ...Object.values(untouched).map((card) => card.id)]);

    // The card's page still calls it expired, its ledger ending in the expiry.
    const { data: card } = await client.get_gift_card_data_by_application_key_and_id({ ...key, id: expired.id });
    expect(card).toMatchObject({ status: "expired", balance_cents: 0 });
    expect(card.entries.at(-1)).toMatchObject({ kind: "expire", amount_cents: -20_000, balance_after_cents: 0 });
  });

  it("writes one entry per card however often it runs, or however late", async () => {
    const store = await createStore(db());
    const card = await createGiftCard(db(), store.applicationKey, { expiryDate: day(-5) });

    await runDailyJobs(env, now);
    await runDailyJobs(env, now);
    await runDailyJobs(env, new Date(now.getTime() + 3 * 86_400_000));

    expect(await expireEntriesOf(card.id)).toMatchObject([{ amountCents: -50_000, createdAt: now.toISOString() }]);
    expect(await balanceOf(card.id)).toBe(0);
    await expectLedgersHold([card.id]);
  });

  it("expires more cards than one batch holds in one run, through the partial index", async () => {
    const stores = [await createStore(db()), await createStore(db())];
    const count = GIFT_CARDS_EXPIRED_PER_BATCH + 20;
    for (const [index, store] of stores.entries()) {
      // Half the cards each, issued in one statement apiece: the factory would take a round trip per card.
      const cards = index === 0 ? Math.ceil(count / 2) : Math.floor(count / 2);
      await storeD1().batch([
        storeD1()
          .prepare(
            `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO gift_card (application_key, code, initial_cents, balance_cents, expiry_date)
          SELECT ?, printf('EXPRD%011d', i), 10000 + i, 10000 + i, ? FROM n`,
          )
          .bind(cards, store.applicationKey, day(-1 - index)),
        storeD1()
          .prepare(
            `INSERT INTO gift_card_entry (application_key, gift_card_id, kind, amount_cents, balance_after_cents,
            actor_email, created_at)
          SELECT application_key, id, 'issue', initial_cents, initial_cents, 'factory@example.com', created_at
          FROM gift_card WHERE application_key = ?`,
          )
          .bind(store.applicationKey),
      ]);
    }
    const ids = (
      await db()
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(
          inArray(
            giftCards.applicationKey,
            stores.map((store) => store.applicationKey),
          ),
        )
    ).map((row) => row.id);
    expect(ids).toHaveLength(count);

    const recording = newRecording();
    expect(await expireGiftCards(createDb(recordingD1(storeD1(), recording)), now)).toBe(count);

    const entries = await db()
      .select()
      .from(giftCardEntries)
      .where(inArray(giftCardEntries.kind, ["expire"]));
    expect(entries).toHaveLength(count);
    expect(new Set(entries.map((entry) => entry.giftCardId))).toEqual(new Set(ids));
    await expectLedgersHold(ids);
    // Two batches and the read that finds none left.
    expect(recording.roundTrips).toBe(5);

    const plans: string[] = [];
    for (const { sql, params } of recording.statements) {
      const { results } = await storeD1()
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      plans.push(...results.map((row) => row.detail));
    }
    expect(plans.filter((detail) => /^SCAN gift_card\b/.test(detail))).toEqual([]);
    expect(plans).toContain("SEARCH gift_card USING INDEX gift_card_expiring_idx (expiry_date<?)");
    // The batch's statements take each card read by its id.
    expect(plans).toContain("SEARCH gift_card USING INTEGER PRIMARY KEY (rowid=?)");
  });

  it("leaves a card whose balance staff changed between the job's read and its write to the next read, as it is then", async () => {
    const store = await createStore(db());
    const raced = await createGiftCard(db(), store.applicationKey, { expiryDate: day(-1), balanceCents: 20_000 });
    const calm = await createGiftCard(db(), store.applicationKey, { expiryDate: day(-1) });
    let adjusted = false;
    // The staff adjustment lands just before the job's first batch.
    const racing = new Proxy(storeD1(), {
      get(target, property) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            if (!adjusted) {
              adjusted = true;
              const [move, entry] = giftCardMoveStatements(forStore(db(), store.applicationKey), {
                giftCardId: raced.id,
                kind: "adjust",
                amountCents: 1_500,
                reason: "Goodwill",
                actorEmail: "staff@example.com",
              });
              await db().batch([move, entry]);
            }
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

    expect(await expireGiftCards(createDb(racing), now)).toBe(2);

    expect((await ledgerOf(raced.id)).slice(-2)).toMatchObject([
      { kind: "adjust", amountCents: 1_500, balanceAfterCents: 21_500 },
      { kind: "expire", amountCents: -21_500, balanceAfterCents: 0 },
    ]);
    expect(await expireEntriesOf(calm.id)).toMatchObject([{ amountCents: -50_000 }]);
    expect([await balanceOf(raced.id), await balanceOf(calm.id)]).toEqual([0, 0]);
    await expectLedgersHold([raced.id, calm.id]);
  });
});
