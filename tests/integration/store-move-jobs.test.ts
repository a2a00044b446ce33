import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDailyJobs, runHourlyJobs, runMinuteJobs } from "../../backend";
import { CONTROL, d1Of } from "../../backend/db/databases";
import { moveStore, MOVE_LEASE_MS, MoveRefused } from "../../backend/db/move-store";
import { createDb } from "../../backend/db/client";
import { logs, storeAccounts, storeDirectory, storeSettings } from "../../backend/db/schema";
import { checksumOf } from "../../backend/db/move-store";
import { storeRows } from "../../backend/db/store-rows";
import { hongKongDate } from "../../contract/dates";
import {
  addDays,
  createGiftCard,
  createMember,
  createMonthlyFeePlan,
  createMonthlyFeeRecord,
  createOrderRow,
  createPushNotification,
  createPushSubscription,
  createRentingProduct,
  createRentingRecord,
  createStore,
  shardDb,
} from "../helpers/factories";

const shardEnv = { ...env, STORE_SHARDS: "SHARD_1,SHARD_2" };
const noWait = async () => {};
const HOUR_MS = 3_600_000;

/** The tables the jobs below write for a store set up by `storeForEveryJob`. */
const WRITTEN_BY_JOBS = [
  "store_account", // the current plan, refreshed daily
  "coupon", // birthday coupons
  "coupon_member",
  "gift_card", // expired
  "gift_card_entry",
  "log", // pruned
  "monthly_fee_record", // renewed and reminded
  "store_order", // cancelled when unpaid too long, reminded
  "order_status_history",
  "renting_record", // reminded
  "push_notification", // sent
  "push_delivery",
];

/**
 * A store on the shard with something for each scheduled job to do at `now`: a current plan copied wrong, a member
 * born this month, a gift card past its expiry, a log entry past its keeping, a monthly fee ending in two days, an
 * unpaid order to cancel and one to remind, a rental due back within the reminder hours, a push due.
 */
async function storeForEveryJob(shard: string, now: Date) {
  const db = shardDb(env, shard);
  const { applicationKey } = await createStore(db, { birthdayCoupons: true });
  const today = hongKongDate(now);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  await db
    .update(storeAccounts)
    .set({ currentPlanType: "trial" })
    .where(eq(storeAccounts.applicationKey, applicationKey));
  await db
    .update(storeSettings)
    .set({ unpaidOrderReminderHours: 1 })
    .where(eq(storeSettings.applicationKey, applicationKey));
  const member = await createMember(db, applicationKey, {
    birthdayMonth: Number(today.slice(5, 7)),
    registrationDate: addDays(today, -400),
  });
  await createGiftCard(db, applicationKey, { expiryDate: addDays(today, -1) });
  await db.insert(logs).values({
    applicationKey,
    actorType: "store",
    actorId: 1,
    actorEmail: "owner@example.test",
    action: "add",
    dataType: "member_data",
    module: "member",
    recordId: String(member.id),
    changes: {},
    createdAt: ago(401 * 24),
  });
  const plan = await createMonthlyFeePlan(db, applicationKey);
  await createMonthlyFeeRecord(db, applicationKey, member.id, plan, { periodStart: addDays(today, -28) });
  await createOrderRow(db, applicationKey, { createdAt: ago(49) });
  await createOrderRow(db, applicationKey, { createdAt: ago(2) });
  const product = await createRentingProduct(db, applicationKey);
  await createRentingRecord(db, applicationKey, product, {
    status: "rented",
    startsAt: ago(24),
    endsAt: ago(-12),
    customerEmail: "renter@example.test",
  });
  await createPushSubscription(db, applicationKey);
  await createPushNotification(db, applicationKey, { status: "scheduled", sendAt: ago(0.1) });
  return applicationKey;
}

const runEveryJob = async (now: Date) => {
  await runDailyJobs(shardEnv, now);
  await runHourlyJobs(shardEnv, now);
  await runMinuteJobs(shardEnv, now);
};

/** Every kind of the store's rows on a database: how many and their checksum. */
async function snapshot(binding: string, applicationKey: string) {
  const kinds = storeRows();
  const sums = await Promise.all(kinds.map((kind) => checksumOf(d1Of(env, binding), kind, applicationKey)));
  return Object.fromEntries(kinds.map((kind, index) => [kind.table, sums[index]]));
}

/** The kinds of rows that differ between two snapshots. */
const changed = (before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>) =>
  Object.keys(before).filter((table) => before[table].sum !== after[table].sum);

const markedMoving = async (binding: string) =>
  (await d1Of(env, binding).prepare("SELECT application_key FROM store_moving").all()).results;

describe("the scheduled jobs and a store that moves", () => {
  it("leave its rows alone on both shards until the switch, then handle it where it lives", async () => {
    const now = new Date();
    const moving = await storeForEveryJob("SHARD_1", now);
    const staying = await storeForEveryJob("SHARD_1", now);

    // Marked read-only: the jobs skip it on the shard it leaves, and handle the store beside it.
    expect(await moveStore(shardEnv, moving, "SHARD_2", { wait: noWait, steps: 0 })).toBe("copy");
    expect([await markedMoving("SHARD_1"), await markedMoving("SHARD_2")]).toEqual([
      [{ application_key: moving }],
      [{ application_key: moving }],
    ]);
    const before = await snapshot("SHARD_1", moving);
    const besideBefore = await snapshot("SHARD_1", staying);
    await runEveryJob(now);
    expect(await snapshot("SHARD_1", moving)).toEqual(before);
    expect(changed(besideBefore, await snapshot("SHARD_1", staying))).toEqual(expect.arrayContaining(WRITTEN_BY_JOBS));

    // Copied, not yet verified: neither copy changes.
    expect(await moveStore(shardEnv, moving, "SHARD_2", { wait: noWait, steps: storeRows().length })).toBe("copy");
    const copied = await snapshot("SHARD_2", moving);
    await runEveryJob(now);
    expect(await snapshot("SHARD_1", moving)).toEqual(before);
    expect(await snapshot("SHARD_2", moving)).toEqual(copied);

    // The verification finds nothing changed; after the switch the jobs handle the store on its new shard, and
    // still leave the old copy alone until it is deleted.
    let phase;
    do phase = await moveStore(shardEnv, moving, "SHARD_2", { wait: noWait, steps: 1 });
    while (phase !== "delete");
    expect([await markedMoving("SHARD_1"), await markedMoving("SHARD_2")]).toEqual([[{ application_key: moving }], []]);
    expect(await snapshot("SHARD_2", moving)).toEqual(before);
    await runEveryJob(now);
    expect(await snapshot("SHARD_1", moving)).toEqual(before);
    expect(changed(before, await snapshot("SHARD_2", moving))).toEqual(expect.arrayContaining(WRITTEN_BY_JOBS));

    expect(await moveStore(shardEnv, moving, "SHARD_2", { wait: noWait })).toBe("done");
    expect([await markedMoving("SHARD_1"), await markedMoving("SHARD_2")]).toEqual([[], []]);
  });
});

describe("one run at a time moves a store", () => {
  const control = () => createDb(d1Of(env, CONTROL));
  const shardOf = async (applicationKey: string) =>
    (await control().select().from(storeDirectory).where(eq(storeDirectory.applicationKey, applicationKey)))[0];

  it("refuses a second run while the first holds the move, and lets a run take it over once the lease ran out", async () => {
    const { applicationKey: key } = await createStore(shardDb(env, "SHARD_1"));

    // Two operators at once: one moves the store, the other is refused.
    const [first, second] = await Promise.allSettled([
      moveStore(shardEnv, key, "SHARD_2", { wait: noWait }),
      moveStore(shardEnv, key, "SHARD_2", { wait: noWait }),
    ]);
    const outcomes = [first, second].map((outcome) =>
      outcome.status === "fulfilled" ? outcome.value : (outcome.reason as Error),
    );
    expect(outcomes).toContain("done");
    const refused = outcomes.find((outcome) => outcome !== "done");
    expect(refused).toBeInstanceOf(MoveRefused);
    expect(String(refused)).toMatch(`${key} is being moved by another run`);
    expect(await shardOf(key)).toMatchObject({ shard: "SHARD_2", movingTo: null });

    // A run that stops answering mid-copy (a crash) keeps the move until its lease ends.
    let release = () => {};
    let stalled = () => {};
    const stalling = new Promise<void>((resolve) => (stalled = resolve));
    const stuck = moveStore(shardEnv, key, "SHARD_1", {
      wait: () => {
        stalled();
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await stalling;
    await expect(moveStore(shardEnv, key, "SHARD_1", { wait: noWait })).rejects.toThrow(/lease lasts until/);

    const later = () => new Date(Date.now() + MOVE_LEASE_MS + 1000);
    expect(await moveStore(shardEnv, key, "SHARD_1", { wait: noWait, now: later })).toBe("done");
    expect(await shardOf(key)).toMatchObject({ shard: "SHARD_1", movingTo: null });
    // The stalled run, woken, finds its lease taken and writes nothing more.
    release();
    await expect(stuck).rejects.toThrow(/lease ran out/);
  });
});
