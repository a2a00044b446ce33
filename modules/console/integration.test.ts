import { describe, expect, it } from "vitest";
import type { InternalAccountData, Payload, PlanRecord } from "../../contract/actions";
import { MODULE_IDS } from "../../contract/modules";
import { plans } from "../../backend/db/schema";
import { createProviderStaff, createStore, FACTORY_PASSWORD } from "../../tests/helpers/factories";
import {
  clientOver,
  control,
  db,
  expectFailure,
  signIn,
  storeD1,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

function newStore(overrides: Partial<Payload<"add_store_account_data">> = {}) {
  const id = unique();
  return {
    store_name: `Console Shop ${id}`,
    sub_domain: `console-${id}`,
    email: `owner-${id}@factory.test`,
    password: "initial-pass-1",
    cms_side_menu: [...MODULE_IDS],
    accept_language: ["zh-HK" as const],
    accept_currency: ["HKD" as const],
    payment_method_list: [],
    delivery_method_list: ["self_pickup" as const],
    enquiry_only: false,
    ...overrides,
  };
}

async function staffClient(transport: TransportName) {
  const staff = await createProviderStaff(db());
  return { staff, client: clientOver(transport, await signIn(transport, staff.email, staff.password)) };
}

function today(offsetDays = 0) {
  return new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe.each(TRANSPORT_NAMES)("provider console actions over the %s transport", (transport) => {
  it("creates a store with its website data, logged with the values it set", async () => {
    const { staff, client } = await staffClient(transport);
    const input = newStore();
    const { data } = await client.add_store_account_data(input);
    expect(data.application_key).toMatch(/^[0-9a-f]{16}$/);

    const ownerToken = await signIn(transport, input.email, input.password);
    const account = await clientOver(transport, ownerToken).get_store_account_data_by_application_key(data);
    expect(account.data).toMatchObject({
      store_name: input.store_name,
      website_data: { disabled: false },
      latest_plan: null,
    });

    const log = await client.get_log_data_and_total_number_by_sorting_and_limit({
      application_key: data.application_key,
    });
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ action: "add", actor_email: staff.email, data_type: "store_account_data" });
    expect(log.data[0].changes.store_name).toEqual([null, input.store_name]);
    expect(log.data[0].changes.password).toEqual([null, "********"]);
  });

  it("refuses a used store name (any case), sub-domain or login e-mail", async () => {
    const { staff, client } = await staffClient(transport);
    const first = newStore();
    await client.add_store_account_data(first);
    await expectFailure(
      client.add_store_account_data(newStore({ store_name: first.store_name.toUpperCase() })),
      409,
      "store-name-used",
    );
    await expectFailure(
      client.add_store_account_data(newStore({ sub_domain: first.sub_domain })),
      409,
      "domain-repeated",
    );
    await expectFailure(client.add_store_account_data(newStore({ email: staff.email })), 409, "email-used");
  });

  it("answers bad store fields with the field rules' message keys", async () => {
    const { client } = await staffClient(transport);
    const failure = await expectFailure(
      client.add_store_account_data(newStore({ store_name: "Shop #1", sub_domain: "ab--cd", password: "short" })),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toMatchObject({
      store_name: ["format-not-match"],
      sub_domain: ["format-not-match"],
      password: ["password-rule"],
    });
  });

  it("edits a store, logs before and after, and a disabled store's users are signed out", async () => {
    const { client } = await staffClient(transport);
    const store = await createStore(db());
    const ownerClient = clientOver(transport, await signIn(transport, store.email, store.password));
    const current = (await client.get_store_account_data_by_application_key({ application_key: store.applicationKey }))
      .data;

    await client.update_store_account_data_by_application_key({
      application_key: store.applicationKey,
      store_name: `${store.storeName} Renamed`,
      sub_domain: current.sub_domain,
      email: store.email,
      cms_side_menu: ["product"],
      accept_language: ["zh-HK", "en"],
      accept_currency: ["HKD"],
      enquiry_only: false,
      disabled: true,
      version: current.version,
    });
    await expectFailure(
      ownerClient.get_store_website_data_by_application_key({ application_key: store.applicationKey }),
      401,
      "token-expired",
    );
    const [entry] = (
      await client.get_log_data_and_total_number_by_sorting_and_limit({ application_key: store.applicationKey })
    ).data;
    expect(entry.action).toBe("edit");
    expect(entry.changes).toMatchObject({
      store_name: [store.storeName, `${store.storeName} Renamed`],
      disabled: [false, true],
      cms_side_menu: [MODULE_IDS, ["product"]],
    });
    expect(entry.changes).not.toHaveProperty("email");
    expect(entry).toMatchObject({
      record_name_zh_hk: `${store.storeName} Renamed`,
      record_name_en: `${store.storeName} Renamed`,
    });
  });

  it("resets a merchant's password and closes the merchant's sessions", async () => {
    const { client } = await staffClient(transport);
    const store = await createStore(db());
    const oldToken = await signIn(transport, store.email, store.password);
    await client.update_store_account_password_by_application_key({
      application_key: store.applicationKey,
      password: "staff-set-9",
      repeat_password: "staff-set-9",
    });
    await expectFailure(
      clientOver(transport, oldToken).get_store_website_data_by_application_key({
        application_key: store.applicationKey,
      }),
      401,
      "token-expired",
    );
    expect(await signIn(transport, store.email, "staff-set-9")).toBeTruthy();
  });

  it("lists every plan at once by English name, past a page's hundred, disabled ones only when asked", async () => {
    const { client } = await staffClient(transport);
    const id = unique();
    const names = Array.from({ length: 101 }, (_, n) => `Zz ${id} ${String(n).padStart(3, "0")}`);
    const rows = names.map((nameEn, n) => ({
      nameZhHk: nameEn,
      nameEn,
      planType: "paid" as const,
      periodDays: 30,
      disabled: n === 0,
    }));
    const [first, ...rest] = rows.map((row) => control().insert(plans).values(row));
    await control().batch([first, ...rest]);
    const ours = (list: PlanRecord[]) => list.map((plan) => plan.name_en).filter((name) => name.startsWith(`Zz ${id}`));

    expect(ours((await client.get_plan_data_list_by_include_disabled({})).data)).toEqual(names.slice(1));
    expect(ours((await client.get_plan_data_list_by_include_disabled({ include_disabled: true })).data)).toEqual(names);
  });

  it("orders plans: the current one shows on the store list, and each purchase has its status", async () => {
    const { client } = await staffClient(transport);
    const store = await createStore(db(), { withPlan: false });
    const { data: plan } = await client.add_plan_data({
      name_zh_hk: "試用",
      name_en: `Trial ${unique()}`,
      plan_type: "trial",
      price_cents: 0,
      period_days: 14,
      module_list: ["product", "order"],
      has_cash_dollar: false,
      has_vip: false,
      default_language_and_currency_only: true,
    });
    const order = (start: string, expiry: string) =>
      client.add_purchased_plan_data({
        application_key: store.applicationKey,
        plan_id: plan.id,
        plan_type: "trial",
        store_payment_id: "ignored-for-trial",
        start_date: start,
        expiry_date: expiry,
        module_list: ["product"],
      });
    const expired = await order(today(-40), today(-20));
    const current = await order(today(-1), today(10));
    const upcoming = await order(today(11), today(30));

    const list = await client.get_store_account_data_and_total_number_by_sorting_and_limit({
      keyword: store.storeName,
      filter: "expiring",
    });
    expect(list.data).toEqual([
      expect.objectContaining({ application_key: store.applicationKey, plan_type: "trial", expiry_date: today(10) }),
    ]);

    const records = (
      await client.get_purchased_plan_data_list_by_application_key({ application_key: store.applicationKey })
    ).data;
    expect(records.map((record) => [record.id, record.status, record.store_payment_id])).toEqual([
      [upcoming.data.id, "upcoming", "trial"],
      [current.data.id, "current", "trial"],
      [expired.data.id, "expired", "trial"],
    ]);

    await client.update_purchased_plan_data_by_application_key_and_id({
      id: current.data.id,
      application_key: store.applicationKey,
      store_payment_id: "trial",
      start_date: today(-1),
      expiry_date: today(10),
      module_list: ["product"],
      disabled: true,
      version: 1,
    });
    const after = (
      await client.get_purchased_plan_data_list_by_application_key({ application_key: store.applicationKey })
    ).data;
    expect(after.map((record) => record.status)).toEqual(["upcoming", "disabled", "expired"]);
    const log = await client.get_log_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
    });
    expect(new Set(log.data.map((entry) => `${entry.data_type} ${entry.record_name_zh_hk}`))).toEqual(
      new Set(["purchased_plan_data 試用"]),
    );
    const expiredList = await client.get_store_account_data_and_total_number_by_sorting_and_limit({
      keyword: store.applicationKey,
      filter: "expired",
    });
    expect(expiredList.data.map((row) => row.expiry_date)).toEqual([today(-20)]);
  });

  it("refuses each edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { staff, client } = await staffClient(transport);
    const store = await createStore(db());
    const worker = await createProviderStaff(db());
    const application_key = store.applicationKey;
    const account = (await client.get_store_account_data_by_application_key({ application_key })).data;
    const [purchase] = (await client.get_purchased_plan_data_list_by_application_key({ application_key })).data;
    const readPlan = async () =>
      (await client.get_single_data_by_data_type_and_id({ data_type: "plan_data", id: purchase.plan_id }))
        .data as unknown as PlanRecord;
    const readWorker = async () =>
      (await client.get_single_data_by_data_type_and_id({ data_type: "internal_account_data", id: worker.id }))
        .data as unknown as InternalAccountData;
    const plan = await readPlan();
    const { version: workerVersion } = await readWorker();
    const edits = {
      store: (name: string) =>
        client.update_store_account_data_by_application_key({
          ...account,
          store_name: name,
          accept_language: ["zh-HK"],
          accept_currency: ["HKD"],
        }),
      plan: (name: string) => client.update_plan_data_by_id({ ...plan, name_en: name }),
      purchase: (name: string) =>
        client.update_purchased_plan_data_by_application_key_and_id({
          ...purchase,
          store_payment_id: name,
          module_list: purchase.plan_data.module_list,
        }),
      worker: (name: string) =>
        client.update_internal_account_data_by_id({ id: worker.id, email: worker.email, name, version: workerVersion }),
    };

    for (const [record, edit] of Object.entries(edits)) {
      await edit(`Theirs ${record} ${unique()}`);
      await expectFailure(edit(`Mine ${record} ${unique()}`), 409, "edited-elsewhere");
    }

    const saved = [
      (await client.get_store_account_data_by_application_key({ application_key })).data.store_name,
      (await readPlan()).name_en,
      (await client.get_purchased_plan_data_list_by_application_key({ application_key })).data[0].store_payment_id,
      (await readWorker()).name,
    ];
    expect(saved).toEqual(Object.keys(edits).map((record) => expect.stringMatching(`^Theirs ${record} `)));
    const log = await client.get_log_data_and_total_number_by_sorting_and_limit({ actor_email: staff.email });
    expect(log.data.map((entry) => entry.data_type).sort()).toEqual(
      ["internal_account_data", "plan_data", "purchased_plan_data", "store_account_data"].sort(),
    );
  });

  it("finds a store by any part of its name, application key, sub-domain or login e-mail", async () => {
    const { client } = await staffClient(transport);
    const store = await createStore(db());
    await createStore(db());
    const id = store.applicationKey.replace("store-", "");
    const found = async (keyword: string) =>
      (await client.get_store_account_data_and_total_number_by_sorting_and_limit({ keyword })).data.map(
        (row) => row.application_key,
      );
    expect(await found(`ORE ${id}`)).toEqual([store.applicationKey]);
    expect(await found(`re-${id}`)).toEqual([store.applicationKey]);
    expect(await found(`op-${id}`)).toEqual([store.applicationKey]);
    expect(await found(`nt-${id}@`)).toEqual([store.applicationKey]);
  });

  it("refuses an expiry before the start, and another store's purchase id", async () => {
    const { client } = await staffClient(transport);
    const store = await createStore(db());
    const other = await createStore(db());
    const [otherPurchase] = (
      await client.get_purchased_plan_data_list_by_application_key({ application_key: other.applicationKey })
    ).data;
    const failure = await expectFailure(
      client.add_purchased_plan_data({
        application_key: store.applicationKey,
        plan_id: otherPurchase.plan_id,
        plan_type: "paid",
        store_payment_id: "pay-1",
        start_date: today(5),
        expiry_date: today(1),
        module_list: [],
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ expiry_date: ["end-date-before-start"] });
    await expectFailure(
      client.update_purchased_plan_data_by_application_key_and_id({
        id: otherPurchase.id,
        application_key: store.applicationKey,
        store_payment_id: "pay-1",
        start_date: today(),
        expiry_date: today(3),
        module_list: [],
        disabled: true,
        version: 1,
      }),
      404,
      "not-found",
    );
  });

  it("lets a merchant read only their own purchase records and change nothing", async () => {
    const store = await createStore(db());
    const other = await createStore(db());
    const owner = clientOver(transport, await signIn(transport, store.email, store.password));
    expect(
      (await owner.get_purchased_plan_data_list_by_application_key({ application_key: store.applicationKey })).data,
    ).toHaveLength(1);
    await expectFailure(
      owner.get_purchased_plan_data_list_by_application_key({ application_key: other.applicationKey }),
      403,
      "forbidden",
    );
    await expectFailure(
      owner.update_store_account_data_by_application_key({
        ...newStore(),
        application_key: store.applicationKey,
        disabled: false,
        version: 1,
      }),
      403,
      "forbidden",
    );
    await expectFailure(
      owner.add_plan_data({
        name_zh_hk: "x",
        name_en: "x",
        plan_type: "paid",
        price_cents: 1,
        period_days: 1,
        module_list: [],
        has_cash_dollar: true,
        has_vip: true,
        default_language_and_currency_only: false,
      }),
      403,
      "forbidden",
    );
    await expectFailure(
      owner.add_internal_account_data({ email: "x@factory.test", name: "x", password: "pass-word-1" }),
      403,
      "forbidden",
    );
    await expectFailure(owner.get_log_data_and_total_number_by_sorting_and_limit({}), 403, "forbidden");
    await expectFailure(owner.get_store_account_data_and_total_number_by_sorting_and_limit({}), 403, "forbidden");
  });

  it("manages worker accounts: a new one signs in, no one disables themselves, a disabled one is signed out", async () => {
    const { staff, client } = await staffClient(transport);
    const email = `worker-${unique()}@factory.test`;
    const { data } = await client.add_internal_account_data({ email, name: "New Worker", password: FACTORY_PASSWORD });
    const workerToken = await signIn(transport, email, FACTORY_PASSWORD);
    await expectFailure(
      client.add_internal_account_data({ email, name: "Again", password: FACTORY_PASSWORD }),
      409,
      "email-used",
    );
    await expectFailure(
      client.update_internal_account_data_by_id({
        id: staff.id,
        email: staff.email,
        name: "Me",
        disabled: true,
        version: 1,
      }),
      409,
      "cannot-disable-self",
    );
    await client.update_internal_account_data_by_id({
      id: data.id,
      email,
      name: "New Worker",
      disabled: true,
      version: 1,
    });
    await expectFailure(
      clientOver(transport, workerToken).get_store_account_data_and_total_number_by_sorting_and_limit({}),
      401,
      "token-expired",
    );
    const log = await client.get_log_data_and_total_number_by_sorting_and_limit({ actor_email: staff.email });
    expect(log.data.map((entry) => [entry.action, entry.data_type, entry.changes.disabled])).toEqual([
      ["edit", "internal_account_data", [false, true]],
      ["add", "internal_account_data", [null, false]],
    ]);
    expect(log.data.map((entry) => entry.record_name_en)).toEqual(["New Worker", "New Worker"]);
  });

  it("filters the log by action and Hong Kong date range", async () => {
    const { staff, client } = await staffClient(transport);
    await client.add_store_account_data(newStore());
    const byAction = await client.get_log_data_and_total_number_by_sorting_and_limit({
      actor_email: staff.email,
      action: "add",
    });
    expect(byAction.data).toHaveLength(1);
    const todayOnly = await client.get_log_data_and_total_number_by_sorting_and_limit({
      actor_email: staff.email,
      date_from: today(),
      date_to: today(),
    });
    expect(Number(todayOnly.extra.total_number)).toBe(1);
    const tomorrow = await client.get_log_data_and_total_number_by_sorting_and_limit({
      actor_email: staff.email,
      date_from: today(1),
    });
    expect(tomorrow.data).toEqual([]);
  });
});

describe("the store list's queries", () => {
  const plan = async (query: string) =>
    (await storeD1().prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results
      .map((row) => row.detail)
      .join("\n");

  it("use an index for every filter and sort", async () => {
    const plans = await Promise.all([
      plan("SELECT * FROM store_account ORDER BY created_at DESC, id DESC LIMIT 20"),
      plan("SELECT * FROM store_account ORDER BY store_name COLLATE NOCASE ASC, id ASC LIMIT 20"),
      plan("SELECT * FROM store_account ORDER BY current_plan_expiry_date ASC, id ASC LIMIT 20"),
      plan("SELECT * FROM store_account WHERE current_plan_expiry_date BETWEEN '2026-01-01' AND '2026-01-15'"),
      plan("SELECT * FROM store_account WHERE current_plan_expiry_date < '2026-01-01'"),
    ]);
    for (const detail of plans) expect(detail).toMatch(/USING (COVERING )?INDEX/);
    for (const detail of plans) expect(detail).not.toMatch(/SCAN store_account$|USE TEMP B-TREE/m);
  });
});
