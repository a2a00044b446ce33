import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { createDb } from "../../backend/db/client";
import { CONTROL, d1Of } from "../../backend/db/databases";
import { storeNameDirectory, subDomainDirectory } from "../../backend/db/schema";
import { examples } from "../../contract/actions";
import { createPlanWithCode, createProviderStaff } from "../../modules/console/factories";
import { createStore, shardDb, unique } from "../helpers/factories";
import { expectFailure } from "./wire";

/** The deployment as issue 42 builds it: new stores go to two shards, the control database keeps the directory. */
const sharded = { ...env, STORE_SHARDS: "SHARD_1,SHARD_2" };
const DATABASES = [CONTROL, "SHARD_1", "SHARD_2"] as const;
const control = () => createDb(env.DB);

async function providerClient(deployment: typeof env = sharded) {
  const staff = await createProviderStaff(control());
  const transport = (request: Request) => handleActionRequest(request, deployment);
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

/** New stores go to SHARD_2 alone: a store made there meets names held on SHARD_1 only in the control database. */
const onShard2 = { ...env, STORE_SHARDS: "SHARD_2" };

const newStore = (overrides: Partial<{ store_name: string; sub_domain: string; email: string }> = {}) => ({
  store_name: `Named ${unique()}`,
  email: `${unique()}@names.test`,
  password: "example-pass-1",
  accept_language: ["zh-HK" as const],
  accept_currency: ["HKD" as const],
  ...overrides,
});

/** The console's edit of a store as it is now, with `overrides`. */
async function storeEdit(
  provider: Awaited<ReturnType<typeof providerClient>>,
  applicationKey: string,
  overrides: Partial<{ store_name: string; sub_domain: string; version: number }>,
) {
  const { data } = await provider.get_store_account_data_by_application_key({ application_key: applicationKey });
  return {
    application_key: applicationKey,
    store_name: data.store_name,
    sub_domain: data.sub_domain ?? undefined,
    email: data.email,
    accept_language: ["zh-HK" as const],
    accept_currency: ["HKD" as const],
    enquiry_only: data.enquiry_only,
    cms_side_menu: data.cms_side_menu,
    disabled: data.disabled,
    version: data.version,
    ...overrides,
  };
}

/** Who holds a store name and a sub-domain in the control database (compared without case). */
const holderOf = async (storeName: string, subDomain?: string) => ({
  name: (await control().select().from(storeNameDirectory).where(eq(storeNameDirectory.storeName, storeName)))[0]
    ?.applicationKey,
  subDomain:
    subDomain === undefined
      ? undefined
      : (await control().select().from(subDomainDirectory).where(eq(subDomainDirectory.subDomain, subDomain)))[0]
          ?.applicationKey,
});

describe("store names and sub-domains across shards", () => {
  it("refuses a name or sub-domain a store on another shard holds, whatever the case, for a new store or a rename", async () => {
    const taken = await createStore(shardDb(env, "SHARD_1"), {
      storeName: `Taken ${unique()}`,
      subDomain: `Taken-${unique()}`,
    });
    const provider = await providerClient(onShard2);
    const mine = await createStore(shardDb(env, "SHARD_2"));
    const sameName = taken.storeName.toLowerCase();
    const sameSubDomain = taken.subDomain!.toLowerCase();

    await expectFailure(provider.add_store_account_data(newStore({ store_name: sameName })), 409, "store-name-used");
    await expectFailure(
      provider.add_store_account_data(newStore({ sub_domain: sameSubDomain })),
      409,
      "domain-repeated",
    );
    await expectFailure(
      provider.update_store_account_data_by_application_key(
        await storeEdit(provider, mine.applicationKey, { store_name: sameName }),
      ),
      409,
      "store-name-used",
    );
    await expectFailure(
      provider.update_store_account_data_by_application_key(
        await storeEdit(provider, mine.applicationKey, { sub_domain: sameSubDomain }),
      ),
      409,
      "domain-repeated",
    );

    // The merchant's own general setting, beside each field.
    const transport = (request: Request) => handleActionRequest(request, sharded);
    const { data: signedIn } = await createActionClient(transport).login({
      email: mine.email,
      password: mine.password,
    });
    if (!("token" in signedIn)) throw new Error("the store signs in with one step here");
    const owner = createActionClient(transport, signedIn.token);
    const key = { application_key: mine.applicationKey };
    const { data: setting } = await owner.get_store_setting_data_by_application_key(key);
    const general = { ...key, ...setting.general, version: setting.version };
    for (const [field, value, message] of [
      ["store_name", sameName, "store-name-used"],
      ["sub_domain", sameSubDomain, "domain-repeated"],
    ] as const) {
      const failure = await expectFailure(
        owner.update_store_general_setting_data_by_application_key({ ...general, [field]: value }),
        409,
        message,
      );
      expect(failure.fields).toEqual({ [field]: [message] });
    }

    expect(await holderOf(taken.storeName, taken.subDomain!)).toEqual({
      name: taken.applicationKey,
      subDomain: taken.applicationKey,
    });
    expect(await holderOf(mine.storeName, mine.subDomain!)).toEqual({
      name: mine.applicationKey,
      subDomain: mine.applicationKey,
    });
    const row = await env.SHARD_2.prepare("SELECT store_name, sub_domain FROM store_account WHERE application_key = ?")
      .bind(mine.applicationKey)
      .first();
    expect(row).toEqual({ store_name: mine.storeName, sub_domain: mine.subDomain });
  });

  it("frees the old name and sub-domain once a rename is written", async () => {
    const provider = await providerClient(onShard2);
    const first = await createStore(shardDb(env, "SHARD_1"));
    const second = await createStore(shardDb(env, "SHARD_2"));
    const [renamed, subDomain] = [`Renamed ${unique()}`, `renamed-${unique()}`];

    await provider.update_store_account_data_by_application_key(
      await storeEdit(provider, first.applicationKey, { store_name: renamed, sub_domain: subDomain }),
    );
    expect(await holderOf(first.storeName, first.subDomain!)).toEqual({ name: undefined, subDomain: undefined });
    expect(await holderOf(renamed, subDomain)).toEqual({ name: first.applicationKey, subDomain: first.applicationKey });

    await provider.update_store_account_data_by_application_key(
      await storeEdit(provider, second.applicationKey, { store_name: first.storeName, sub_domain: first.subDomain! }),
    );
    expect(await holderOf(first.storeName, first.subDomain!)).toEqual({
      name: second.applicationKey,
      subDomain: second.applicationKey,
    });
    // A change of case only keeps the claim.
    await provider.update_store_account_data_by_application_key(
      await storeEdit(provider, second.applicationKey, { store_name: first.storeName.toUpperCase() }),
    );
    expect((await holderOf(first.storeName)).name).toBe(second.applicationKey);
  });

  it("lets one of two concurrent new stores with one name, one on each shard, win", async () => {
    const providers = [await providerClient({ ...env, STORE_SHARDS: "SHARD_1" }), await providerClient(onShard2)];
    const name = `Contested ${unique()}`;
    const answers = await Promise.all(
      [name, name.toUpperCase()].map((storeName, index) =>
        providers[index].add_store_account_data(newStore({ store_name: storeName })).then(
          ({ data }) => data.application_key,
          (failure: { status: number; messageKey: string }) => `${failure.status} ${failure.messageKey}`,
        ),
      ),
    );
    const winner = answers.find((answer) => !answer.startsWith("409"));
    expect(answers.filter((answer) => answer === "409 store-name-used")).toHaveLength(1);
    expect((await holderOf(name)).name).toBe(winner);
    let stores = 0;
    for (const binding of DATABASES) {
      const row = await d1Of(env, binding)
        .prepare("SELECT count(*) AS n FROM store_account WHERE store_name = ? COLLATE NOCASE")
        .bind(name)
        .first<{ n: number }>();
      stores += row!.n;
    }
    expect(stores).toBe(1);
  });

  it("gives the claims back when the shard refuses the write", async () => {
    const provider = await providerClient(onShard2);
    // A name the shard itself holds without the directory knowing (the shard's own unique index refuses it).
    const unclaimed = `Unclaimed ${unique()}`;
    await env.SHARD_2.prepare(
      `INSERT INTO store_account (application_key, store_name, email, password_hash, cms_side_menu, accept_language,
        accept_currency) VALUES (?, ?, ?, 'x', '[]', '["zh-HK"]', '["HKD"]')`,
    )
      .bind(`unclaimed-${unique()}`, unclaimed, `${unique()}@names.test`)
      .run();
    const refused = newStore({ store_name: unclaimed, sub_domain: `refused-${unique()}` });
    await expectFailure(provider.add_store_account_data(refused), 409, "store-name-used");
    expect(await holderOf(unclaimed, refused.sub_domain)).toEqual({ name: undefined, subDomain: undefined });
    const email = await env.DB.prepare("SELECT count(*) AS n FROM account_directory WHERE email = ?")
      .bind(refused.email)
      .first<{ n: number }>();
    expect(email).toEqual({ n: 0 });

    // A rename the shard refuses (edited elsewhere since) keeps the old name and frees the new one.
    const mine = await createStore(shardDb(env, "SHARD_2"));
    const wanted = `Wanted ${unique()}`;
    await expectFailure(
      provider.update_store_account_data_by_application_key(
        await storeEdit(provider, mine.applicationKey, { store_name: wanted, version: 99 }),
      ),
      409,
      "edited-elsewhere",
    );
    expect((await holderOf(wanted)).name).toBeUndefined();
    expect((await holderOf(mine.storeName)).name).toBe(mine.applicationKey);
  });
});
