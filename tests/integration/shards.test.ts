import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { createDb } from "../../backend/db/client";
import { CONTROL, d1Of } from "../../backend/db/databases";
import { examples } from "../../contract/actions";
import { createPlanWithCode, createProviderStaff } from "../../modules/console/factories";
import { createStore, shardDb, unique } from "../helpers/factories";

/** The deployment as issue 42 builds it: new stores go to two shards, the control database keeps the directory. */
const sharded = { ...env, STORE_SHARDS: "SHARD_1,SHARD_2" };
const DATABASES = [CONTROL, "SHARD_1", "SHARD_2"] as const;
const control = () => createDb(env.DB);

async function providerClient() {
  const staff = await createProviderStaff(control());
  const transport = (request: Request) => handleActionRequest(request, sharded);
  const { data } = await createActionClient(transport).login({ email: staff.email, password: staff.password });
  if (!("token" in data)) throw new Error("provider staff sign in with one step here");
  return createActionClient(transport, data.token);
}

/** How many rows of `table` each database holds for a store. */
async function rowsPerDatabase(table: string, applicationKey: string) {
  const counts: Record<string, number> = {};
  for (const binding of DATABASES) {
    const row = await d1Of(env, binding)
      .prepare(`SELECT count(*) AS n FROM ${table} WHERE application_key = ?`)
      .bind(applicationKey)
      .first<{ n: number }>();
    counts[binding] = row!.n;
  }
  return counts;
}

const shardOf = async (applicationKey: string) =>
  (await env.DB.prepare("SELECT shard FROM store_directory WHERE application_key = ?")
    .bind(applicationKey)
    .first<{ shard: string }>())!.shard;

describe("stores spread over shards", () => {
  it("places each new store on the least full shard, and keeps its rows there alone", async () => {
    const provider = await providerClient();
    const keys: string[] = [];
    for (const name of ["Alpha", "Beta", "Gamma"]) {
      const { data } = await provider.add_store_account_data({
        store_name: `${name} ${unique()}`,
        email: `${unique()}@shards.test`,
        password: "example-pass-1",
        accept_language: ["zh-HK"],
        accept_currency: ["HKD"],
      });
      keys.push(data.application_key);
    }

    expect(await Promise.all(keys.map(shardOf))).toEqual(["SHARD_1", "SHARD_2", "SHARD_1"]);
    for (const key of keys) {
      const home = await shardOf(key);
      const only = Object.fromEntries(DATABASES.map((binding) => [binding, binding === home ? 1 : 0]));
      expect(await rowsPerDatabase("store_account", key)).toEqual(only);
      expect(await rowsPerDatabase("website_data", key)).toEqual(only);
      expect(await rowsPerDatabase("log", key)).toEqual(only);
    }
  });

  it("answers a store's actions from its own shard", async () => {
    const provider = await providerClient();
    const stores = [await createStore(shardDb(env, "SHARD_1")), await createStore(shardDb(env, "SHARD_2"))];

    for (const store of stores) {
      const key = { application_key: store.applicationKey };
      await provider.add_category_data({
        ...key,
        name_zh_hk: `分類 ${store.applicationKey}`,
        name_en: "Category",
        sort_order: 1,
        publish: true,
      });
      const { data } = await provider.get_category_data_list_by_application_key(key);
      expect(data.map((category) => category.name_zh_hk)).toEqual([`分類 ${store.applicationKey}`]);
    }
    expect(await rowsPerDatabase("category", stores[0].applicationKey)).toEqual({ DB: 0, SHARD_1: 1, SHARD_2: 0 });
    expect(await rowsPerDatabase("category", stores[1].applicationKey)).toEqual({ DB: 0, SHARD_1: 0, SHARD_2: 1 });
  });

  it("buys and edits a plan for a store on a shard, the promotion code's use counted in the control database", async () => {
    const provider = await providerClient();
    const store = await createStore(shardDb(env, "SHARD_2"));
    const { planId, code } = await createPlanWithCode(control());
    const purchase = examples.add_purchased_plan_data({
      application_key: store.applicationKey,
      plan_id: planId,
    } as never);

    const { data } = await provider.add_purchased_plan_data({ ...purchase, promotion_code: code });
    await provider.update_purchased_plan_data_by_application_key_and_id({
      ...examples.update_purchased_plan_data_by_application_key_and_id({
        application_key: store.applicationKey,
        purchased_plan_id: data.id,
      } as never),
      module_list: ["product"],
    });

    const bought = await env.SHARD_2.prepare("SELECT price_cents, module_list FROM purchased_plan WHERE id = ?")
      .bind(data.id)
      .first<{ price_cents: number; module_list: string }>();
    expect(bought).toEqual({ price_cents: 85_000, module_list: '["product"]' });
    expect(await rowsPerDatabase("purchased_plan", store.applicationKey)).toMatchObject({ DB: 0, SHARD_1: 0 });
    const used = await env.DB.prepare("SELECT times_used FROM plan_promotion_code WHERE code = ?")
      .bind(code)
      .first<{ times_used: number }>();
    expect(used).toEqual({ times_used: 1 });
  });

  it("lists every database's stores and log in one order, page by page", async () => {
    const provider = await providerClient();
    const prefix = unique();
    const names = ["b", "D", "a", "c", "E"].map((letter) => `${prefix} ${letter}`);
    const homes = [CONTROL, "SHARD_1", "SHARD_2", "SHARD_1", "SHARD_2"];
    for (const [index, name] of names.entries()) {
      await createStore(shardDb(env, homes[index]), { storeName: name });
    }
    const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

    const pages = [];
    for (const page of [1, 2, 3]) {
      const { data, extra } = await provider.get_store_account_data_and_total_number_by_sorting_and_limit({
        keyword: prefix,
        sorting: "store_name",
        direction: "ASC",
        limit: 2,
        page,
      });
      expect(extra.total_number).toBe(5);
      pages.push(...data.map((store) => store.store_name));
    }
    expect(pages).toEqual(sorted);

    const { data: log } = await provider.get_log_data_and_total_number_by_sorting_and_limit({
      sorting: "create_date",
      direction: "DESC",
      limit: 100,
      page: 1,
    });
    const times = log.map((entry) => entry.create_date);
    expect(times).toEqual([...times].sort().reverse());
  });
});
