import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { purchasedPlans } from "../../backend/db/schema";
import { createProviderStaff, createStore, createStoreStaff } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, signIn, TRANSPORT_NAMES } from "../../tests/integration/wire";

describe.each(TRANSPORT_NAMES)("store actions over the %s transport", (transport) => {
  async function storeUser() {
    const store = await createStore(db());
    return { store, client: clientOver(transport, await signIn(transport, store.email, store.password)) };
  }

  it("returns the caller's own store with website and current plan, never a password", async () => {
    const { store, client } = await storeUser();
    const { data } = await client.get_store_account_data_by_application_key({ application_key: store.applicationKey });
    const [purchase] = await db()
      .select()
      .from(purchasedPlans)
      .where(eq(purchasedPlans.applicationKey, store.applicationKey));
    expect(data).toMatchObject({
      application_key: store.applicationKey,
      store_name: store.storeName,
      website_data: { application_key: store.applicationKey, disabled: false },
      latest_plan: { application_key: store.applicationKey, plan_type: "paid", plan_id: purchase.planId },
      store_staff_data: null,
    });
    expect(JSON.stringify(data)).not.toMatch(/password/i);
  });

  it("lets provider staff read any store", async () => {
    const store = await createStore(db());
    const staff = await createProviderStaff(db());
    const client = clientOver(transport, await signIn(transport, staff.email, staff.password));
    const { data } = await client.get_store_website_data_by_application_key({ application_key: store.applicationKey });
    expect(data.application_key).toBe(store.applicationKey);
    await expectFailure(
      client.get_store_website_data_by_application_key({ application_key: "no-such-store" }),
      404,
      "not-found",
    );
  });

  it("answers the current plan: the latest started one that is not disabled", async () => {
    const { store, client } = await storeUser();
    const payload = { application_key: store.applicationKey };
    const current = (await client.get_current_purchased_plan_exluding_disabled_by_application_key(payload)).data;
    expect(current?.store_payment_id).toMatch(/^payment-/);

    await db().update(purchasedPlans).set({ disabled: true }).where(eq(purchasedPlans.id, current!.id));
    expect((await client.get_current_purchased_plan_exluding_disabled_by_application_key(payload)).data).toBeNull();
  });

  it("lets store staff read their own record but not a colleague's without the staff-account permission", async () => {
    const store = await createStore(db());
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const admin = await createStoreStaff(db(), store.applicationKey, { role: "admin" });
    const salesClient = clientOver(transport, await signIn(transport, sales.email, sales.password));
    const adminClient = clientOver(transport, await signIn(transport, admin.email, admin.password));
    const read = (id: number) => ({
      application_key: store.applicationKey,
      data_type: "store_staff_data" as const,
      id,
    });

    const own = await salesClient.get_single_data_by_data_type_and_application_key_and_id(read(sales.id));
    expect(own.data).toMatchObject({
      id: sales.id,
      role: "sales",
      permissions: { pos: "write", product: "read", setting: "none" },
    });
    await expectFailure(
      salesClient.get_single_data_by_data_type_and_application_key_and_id(read(admin.id)),
      403,
      "forbidden",
    );
    expect((await adminClient.get_single_data_by_data_type_and_application_key_and_id(read(sales.id))).data.id).toBe(
      sales.id,
    );

    const account = await salesClient.get_store_account_data_by_application_key({
      application_key: store.applicationKey,
    });
    expect(account.data.store_staff_data?.id).toBe(sales.id);
  });

  it("asks for a session: none is login-expired, a bad one token-expired", async () => {
    const store = await createStore(db());
    const payload = { application_key: store.applicationKey };
    await expectFailure(clientOver(transport).get_store_website_data_by_application_key(payload), 401, "login-expired");
    await expectFailure(
      clientOver(transport, "forged").get_store_website_data_by_application_key(payload),
      401,
      "token-expired",
    );
  });

  it("rejects a payload without application_key with its field error", async () => {
    const { client } = await storeUser();
    const failure = await expectFailure(
      client.get_store_website_data_by_application_key({} as { application_key: string }),
      400,
      "invalid-payload",
    );
    expect(Object.keys(failure.fields ?? {})).toEqual(["application_key"]);
  });
});

describe.each(TRANSPORT_NAMES)("staff actions over the %s transport", (transport) => {
  it("reads any record by data type and id, without the password hash, for staff only", async () => {
    const staff = await createProviderStaff(db());
    const store = await createStore(db());
    const staffClient = clientOver(transport, await signIn(transport, staff.email, staff.password));
    const storeClient = clientOver(transport, await signIn(transport, store.email, store.password));

    const { data } = await staffClient.get_single_data_by_data_type_and_id({
      data_type: "internal_account_data",
      id: staff.id,
    });
    expect(data).toMatchObject({ id: staff.id, data_type: "internal_account_data", email: staff.email });
    const storeRecord = await staffClient.get_single_data_by_data_type_and_id({
      data_type: "store_account_data",
      id: store.id,
    });
    expect(JSON.stringify(storeRecord.data)).not.toMatch(/password/i);
    await expectFailure(
      staffClient.get_single_data_by_data_type_and_id({ data_type: "plan_data", id: 999999 }),
      404,
      "not-found",
    );
    await expectFailure(
      storeClient.get_single_data_by_data_type_and_id({ data_type: "internal_account_data", id: staff.id }),
      403,
      "forbidden",
    );
  });

  it("lists stores with the total in one answer, for staff only", async () => {
    const staff = await createProviderStaff(db());
    const store = await createStore(db(), { planType: "trial", expiresInDays: 10 });
    const staffClient = clientOver(transport, await signIn(transport, staff.email, staff.password));
    const { data, extra } = await staffClient.get_store_account_data_and_total_number_by_sorting_and_limit({
      sorting: "create_date",
      direction: "DESC",
      limit: 100,
      page: 1,
    });
    expect(Number(extra.total_number)).toBeGreaterThanOrEqual(1);
    expect(data.find((row) => row.application_key === store.applicationKey)).toMatchObject({ plan_type: "trial" });

    const storeClient = clientOver(transport, await signIn(transport, store.email, store.password));
    await expectFailure(storeClient.get_store_account_data_and_total_number_by_sorting_and_limit({}), 403, "forbidden");
  });
});
