import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { examples } from "../../contract/actions";
import { newSessionToken } from "../../backend/caller";
import { sha256Hex } from "../../backend/crypto";
import { createDb } from "../../backend/db/client";
import { CONTROL, d1Of, forgetPlacement } from "../../backend/db/databases";
import { ID_RANGE_SIZE } from "../../backend/db/id-ranges";
import { checksumOf, moveStore, MoveRefused } from "../../backend/db/move-store";
import { sessions, storeDirectory, storeMoves, suppliers } from "../../backend/db/schema";
import { storeRows } from "../../backend/db/store-rows";
import { createStore, shardDb } from "../helpers/factories";
import { expectFailure, storeWithRecords } from "./wire";

const shardEnv = { ...env, STORE_SHARDS: "SHARD_1,SHARD_2" };
const noWait = async () => {};
const control = () => createDb(d1Of(env, CONTROL));

/** A client signed in as the store's owner, its session on the store's shard (its home). */
async function ownerOf(shard: string, applicationKey: string, accountId: number) {
  const token = newSessionToken(applicationKey);
  await shardDb(env, shard)
    .insert(sessions)
    .values({
      tokenHash: await sha256Hex(token),
      accountType: "store",
      accountId,
      applicationKey,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
  return createActionClient((request) => handleActionRequest(request, shardEnv), token);
}

/** Every kind of the store's rows on a database: how many and their checksum. */
async function snapshot(binding: string, applicationKey: string) {
  const kinds = storeRows();
  const sums = await Promise.all(kinds.map((kind) => checksumOf(d1Of(env, binding), kind, applicationKey)));
  return Object.fromEntries(kinds.map((kind, index) => [kind.table, sums[index]]));
}

const placementOf = async (applicationKey: string) =>
  (await control().select().from(storeDirectory).where(eq(storeDirectory.applicationKey, applicationKey)))[0];

describe("moving a store between shards", () => {
  it("copies every row, refuses writes meanwhile, answers every read, and the store goes on on the new shard", async () => {
    const records = await storeWithRecords(shardDb(env, "SHARD_1"));
    const key = records.application_key;
    const [account] = await env.SHARD_1.prepare("SELECT id FROM store_account WHERE application_key = ?")
      .bind(key)
      .all<{ id: number }>()
      .then(({ results }) => results);
    const client = await ownerOf("SHARD_1", key, account.id);
    const before = await snapshot("SHARD_1", key);
    expect(before.product.rows).toBeGreaterThan(0);
    expect(before.supplier.rows).toBeGreaterThan(0);
    expect(before.product_gram.rows).toBeGreaterThan(0);

    const read = async () => {
      forgetPlacement(key);
      const [suppliers, products] = await Promise.all([
        client.get_supplier_data_list_by_application_key({ application_key: key }),
        client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
          application_key: key,
        }),
      ]);
      return { suppliers: suppliers.data.length, products: products.extra.total_number };
    };
    const expected = await read();
    expect(expected.products).toBeGreaterThan(0);

    // Before its first step, the move marks the store read-only.
    expect(await moveStore(shardEnv, key, "SHARD_2", { wait: noWait, steps: 0 })).toBe("copy");
    expect(await placementOf(key)).toMatchObject({ shard: "SHARD_1", movingTo: "SHARD_2" });
    const newSupplier = {
      application_key: key,
      name: "New Supplier",
      phone: "23456789",
      products: [{ product_code: records.product_code, cost_cents: 12_00, minimum_order_quantity: 6 }],
    };
    forgetPlacement(key);
    await expectFailure(client.add_supplier_data(newSupplier), 503, "store-moving");
    // A store website's write too; the signed-in user's session still answers.
    const visitor = createActionClient((request) => handleActionRequest(request, shardEnv));
    await expectFailure(
      visitor.add_quotation_request_data(examples.add_quotation_request_data(records)),
      503,
      "store-moving",
    );
    await client.check_session({});

    // The rest of the move, ten steps at a time, each beside a read.
    const answers: Awaited<ReturnType<typeof read>>[] = [];
    let phase;
    do {
      [phase] = await Promise.all([
        moveStore(shardEnv, key, "SHARD_2", { wait: noWait, steps: 10 }),
        read().then((answer) => answers.push(answer)),
      ]);
    } while (phase !== "done");
    expect(answers.length).toBeGreaterThan(5);
    for (const answer of answers) expect(answer).toEqual(expected);

    expect(await snapshot("SHARD_2", key)).toEqual(before);
    const left = await snapshot("SHARD_1", key);
    for (const kind of storeRows().filter((rows) => !rows.shared))
      expect([kind.table, left[kind.table].rows]).toEqual([kind.table, 0]);
    const emails = (binding: string) =>
      d1Of(env, binding)
        .prepare("SELECT count(*) AS n FROM account_email WHERE email = ?")
        .bind(records.email)
        .first("n");
    expect([await emails("SHARD_1"), await emails("SHARD_2")]).toEqual([0, 1]);
    expect(await placementOf(key)).toMatchObject({ shard: "SHARD_2", movingTo: null });
    expect(await read()).toEqual(expected);

    // Writable again, on SHARD_2, with ids from a range no database hands out otherwise.
    forgetPlacement(key);
    const { data } = await client.add_supplier_data(newSupplier);
    const [moved] = await shardDb(env, "SHARD_2").select().from(suppliers).where(eq(suppliers.id, data.id));
    expect(moved.applicationKey).toBe(key);
    const [{ idRange }] = await control().select().from(storeMoves).where(eq(storeMoves.applicationKey, key));
    expect(idRange).toBeGreaterThanOrEqual(1000);
    expect(data.id).toBeGreaterThanOrEqual(idRange! * ID_RANGE_SIZE);

    const other = await createStore(shardDb(env, "SHARD_1"));
    const [onFirst] = await shardDb(env, "SHARD_1")
      .insert(suppliers)
      .values({ applicationKey: other.applicationKey, name: "Other", phone: "23456789" })
      .returning();
    expect(onFirst.id).toBeGreaterThanOrEqual(ID_RANGE_SIZE);
    expect(onFirst.id).toBeLessThan(2 * ID_RANGE_SIZE);
    const idsOnSecond = await env.SHARD_2.prepare("SELECT id FROM supplier").all<{ id: number }>();
    expect(idsOnSecond.results.map((row) => row.id)).not.toContain(onFirst.id);
  });

  it("goes on from where an interrupted move stopped, and verifies", async () => {
    const records = await storeWithRecords(shardDb(env, "SHARD_1"));
    const key = records.application_key;
    const before = await snapshot("SHARD_1", key);

    expect(await moveStore(shardEnv, key, "SHARD_2", { wait: noWait, steps: 12 })).toBe("copy");
    const [stopped] = await control().select().from(storeMoves).where(eq(storeMoves.applicationKey, key));
    expect(stopped.tableIndex).toBeGreaterThan(0);
    expect(await moveStore(shardEnv, key, "SHARD_2", { wait: noWait, steps: 15 })).toBe("copy");
    await expect(moveStore(shardEnv, key, "SHARD_1", { wait: noWait })).rejects.toThrow(MoveRefused);

    expect(await moveStore(shardEnv, key, "SHARD_2", { wait: noWait })).toBe("done");
    expect(await snapshot("SHARD_2", key)).toEqual(before);
    expect(await placementOf(key)).toMatchObject({ shard: "SHARD_2", movingTo: null });
  });

  it("copies again when the old shard changed while the store was copied", async () => {
    const store = await createStore(shardDb(env, "SHARD_1"));
    const key = store.applicationKey;
    // A step a table: stopped with every table copied, before the verification.
    expect(await moveStore(shardEnv, key, "SHARD_2", { wait: noWait, steps: storeRows().length })).toBe("copy");
    // A write that got past the read-only mark (an isolate trusting what it read of the directory too long).
    await shardDb(env, "SHARD_1").insert(suppliers).values({ applicationKey: key, name: "Late", phone: "23456789" });
    await expect(moveStore(shardEnv, key, "SHARD_2", { wait: noWait })).rejects.toThrow(/supplier differ/);
    expect((await snapshot("SHARD_2", key)).store_account.rows).toBe(0);

    expect(await moveStore(shardEnv, key, "SHARD_2", { wait: noWait })).toBe("done");
    expect((await snapshot("SHARD_2", key)).supplier.rows).toBe(1);
  });

  it("knows every table that holds store rows, and every trigger either skips a store being copied or keeps an index", async () => {
    const { results: tables } = await env.SHARD_1.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%`application_key` text%' ORDER BY name",
    ).all<{ name: string }>();
    const known = new Set(storeRows().map((rows) => rows.table));
    expect(tables.map((table) => table.name).filter((name) => !known.has(name))).toEqual([
      "account_directory",
      "store_copy",
      "store_directory",
      "store_move",
      "store_moving",
      "store_name_directory",
      "sub_domain_directory",
    ]);

    const { results: unguarded } = await env.SHARD_1.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql NOT LIKE '%store_copy%'
       AND (sql LIKE '%INSERT ON%' OR sql LIKE '%DELETE ON%') ORDER BY name`,
    ).all<{ name: string }>();
    expect(
      unguarded.map((trigger) => trigger.name).filter((name) => !/_email_|_gram_|^product_search_/.test(name)),
      // account_directory is the control database's own: no store's copy writes it.
    ).toEqual(["account_directory_not_provider_staff", "location_use_allowed"]);
  });
});
