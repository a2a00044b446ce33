import { describe, expect, it } from "vitest";
import { examples, type Payload } from "../../contract/actions";
import { roleDefaults } from "../../contract/permissions";
import { createProviderStaff, createStore, createStoreStaff, waitForEmailTo } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, signIn, TRANSPORT_NAMES } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

function newStaff(overrides: Partial<Payload<"add_store_staff_data">> = {}) {
  return {
    name: `Staff ${unique()}`,
    email: `staff-${unique()}@example.test`,
    role: "sales" as const,
    password_setup: "password" as const,
    password: "counter-pass-1",
    repeat_password: "counter-pass-1",
    ...overrides,
  };
}

const list = (overrides: Partial<Payload<"get_store_staff_data_and_total_number_by_sorting_and_limit">> = {}) => ({
  sorting: "create_date" as const,
  direction: "DESC" as const,
  limit: 20,
  page: 1,
  ...overrides,
});

const newCategory = (application_key: string) => examples.add_category_data({ application_key } as never);

describe.each(TRANSPORT_NAMES)("store staff accounts over the %s transport", (transport) => {
  it("adds an account from its role's defaults and the form's levels, lists, filters and logs it", async () => {
    const { store, client, key } = await merchant(transport);
    const input = newStaff({ permissions: { product: "write", pos: "none" } });
    const { data } = await client.add_store_staff_data({ ...key, ...input });

    const { data: staff } = await client.get_single_data_by_data_type_and_application_key_and_id({
      ...key,
      data_type: "store_staff_data",
      id: data.id,
    });
    expect(staff.permissions).toEqual({ ...roleDefaults("sales"), product: "write", pos: "none" });
    expect(await signIn(transport, input.email, input.password)).toBeTruthy();

    await client.add_store_staff_data({ ...key, ...newStaff({ role: "admin", name: "Ada Admin" }) });
    const admins = await client.get_store_staff_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list({ role: "admin" }),
    });
    expect(admins.data.map((row) => row.name)).toEqual(["Ada Admin"]);
    const found = await client.get_store_staff_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list({ keyword: input.email.slice(0, 12), status: "active" }),
    });
    expect(found.data.map((row) => row.id)).toEqual([data.id]);

    await client.update_store_staff_data_by_application_key_and_id({
      ...key,
      id: data.id,
      name: input.name,
      email: input.email,
      role: "sales",
      permissions: { product: "read" },
      disabled: false,
      version: staff.version,
    });
    const edits = (await logOf(store.applicationKey)).filter((entry) => entry.data_type === "store_staff_data");
    expect(edits.map((entry) => entry.action)).toEqual(["add", "add", "edit"]);
    expect(edits[2].changes).toEqual({ "permission.product": ["write", "read"] });
    expect(edits[0].changes.password).toEqual([null, "********"]);
  });

  it("invites an account by e-mail: the link sets its password, then it signs in", async () => {
    const { client, key } = await merchant(transport);
    const input = newStaff({ password_setup: "invite", password: undefined, repeat_password: undefined });
    await client.add_store_staff_data({ ...key, ...input });
    await expectFailure(
      clientOver(transport).login({ email: input.email, password: "any-pass-1" }),
      401,
      "incorrect-email-or-password",
    );

    const mail = await waitForEmailTo(db(), input.email);
    const [, id, token] = /\/reset-password\/(\d+)\/([A-Za-z0-9_.-]+)/.exec(mail.body) ?? [];
    expect(mail.body).toContain(input.name);
    await clientOver(transport).reset_password({
      id: Number(id),
      token,
      password: "chosen-pass-2",
      repeat_password: "chosen-pass-2",
    });
    expect(await signIn(transport, input.email, "chosen-pass-2")).toBeTruthy();
  });

  it("refuses a typed password that is missing or not repeated, beside its field", async () => {
    const { client, key } = await merchant(transport);
    const missing = await expectFailure(
      client.add_store_staff_data({ ...key, ...newStaff({ password: undefined, repeat_password: undefined }) }),
      400,
      "invalid-payload",
    );
    expect(missing.fields).toEqual({ password: ["force-input"] });
    const mismatched = await expectFailure(
      client.add_store_staff_data({ ...key, ...newStaff({ repeat_password: "other-pass-1" }) }),
      400,
      "invalid-payload",
    );
    expect(mismatched.fields).toEqual({ repeat_password: ["password-not-match"] });
    const withOthers = await expectFailure(
      client.add_store_staff_data({ ...key, ...newStaff({ email: "not-an-email", repeat_password: "other-pass-1" }) }),
      400,
      "invalid-payload",
    );
    expect(withOthers.fields).toEqual({ email: ["format-not-match"], repeat_password: ["password-not-match"] });
  });

  it("refuses an e-mail any other account signs in with, and of two made at once with one e-mail saves one", async () => {
    const { client, key } = await merchant(transport);
    const other = await createStore(db());
    const used = await expectFailure(
      client.add_store_staff_data({ ...key, ...newStaff({ email: other.email.toUpperCase() }) }),
      409,
      "email-used",
    );
    expect(used.fields).toEqual({ email: ["email-used"] });

    const otherMerchant = clientOver(transport, await signIn(transport, other.email, other.password));
    const provider = await createProviderStaff(db());
    const console = clientOver(transport, await signIn(transport, provider.email, provider.password));
    const email = `shared-${unique()}@example.test`;
    const outcomes = await Promise.allSettled([
      client.add_store_staff_data({ ...key, ...newStaff({ email }) }),
      otherMerchant.add_store_staff_data({ application_key: other.applicationKey, ...newStaff({ email }) }),
      console.add_internal_account_data({ email, name: "Provider", password: "provider-pass-3" }),
      client.add_store_staff_data({ ...key, ...newStaff({ email }) }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect((outcome.reason as Error).message).toBe("email-used");
    }
  });

  it("holds a lowered permission from the account's very next call, and a disabled account is signed out", async () => {
    const { client, key } = await merchant(transport);
    const staff = await createStoreStaff(db(), key.application_key, {
      role: "sales",
      permissions: { category: "write" },
    });
    const staffClient = clientOver(transport, await signIn(transport, staff.email, staff.password));
    await staffClient.add_category_data(newCategory(key.application_key));

    const { data: record } = await client.get_single_data_by_data_type_and_application_key_and_id({
      ...key,
      data_type: "store_staff_data",
      id: staff.id,
    });
    const edit = {
      ...key,
      id: staff.id,
      name: record.name,
      email: record.email,
      role: record.role,
      permissions: { category: "read" as const },
      disabled: false,
      version: record.version,
    };
    await client.update_store_staff_data_by_application_key_and_id(edit);
    await expectFailure(staffClient.add_category_data(newCategory(key.application_key)), 403, "forbidden");
    expect((await staffClient.get_category_data_list_by_application_key(key)).data.length).toBeGreaterThan(0);

    await client.update_store_staff_data_by_application_key_and_id({ ...edit, disabled: true, version: 2 });
    await expectFailure(staffClient.get_category_data_list_by_application_key(key), 401, "token-expired");
    await expectFailure(
      clientOver(transport).login({ email: staff.email, password: staff.password }),
      401,
      "incorrect-email-or-password",
    );
  });

  it("lets an account sell offline as the merchant sets it, from its next call, logged", async () => {
    const { store, client, key } = await merchant(transport);
    const input = newStaff();
    const { data } = await client.add_store_staff_data({ ...key, ...input });
    const seller = clientOver(transport, await signIn(transport, input.email, input.password));
    const offlineSale = examples.add_pos_offline_order_data({ ...key, product_code: "none" } as never);
    await expectFailure(seller.add_pos_offline_order_data(offlineSale), 403, "forbidden");
    expect((await seller.get_store_account_data_by_application_key(key)).data.store_staff_data?.sells_offline).toBe(
      false,
    );

    await client.update_store_staff_data_by_application_key_and_id({
      ...key,
      id: data.id,
      name: input.name,
      email: input.email,
      role: "sales",
      sells_offline: true,
      version: 1,
    });
    // Allowed now: the sale goes as far as its product, which this store has not.
    await expectFailure(seller.add_pos_offline_order_data(offlineSale), 404, "not-found");
    expect((await seller.get_store_account_data_by_application_key(key)).data.store_staff_data?.sells_offline).toBe(
      true,
    );
    const edits = (await logOf(store.applicationKey)).filter((entry) => entry.data_type === "store_staff_data");
    expect(edits.at(-1)!.changes).toEqual({ sells_offline: [false, true] });
  });

  it("lets nobody grant offline selling they lack themselves", async () => {
    const { key } = await merchant(transport);
    const admin = await createStoreStaff(db(), key.application_key, { role: "admin", sellsOffline: false });
    const adminClient = clientOver(transport, await signIn(transport, admin.email, admin.password));
    await expectFailure(
      adminClient.add_store_staff_data({ ...key, ...newStaff({ sells_offline: true }) }),
      403,
      "permission-above-own",
    );
    const { data } = await adminClient.add_store_staff_data({ ...key, ...newStaff() });
    expect(data.id).toBeGreaterThan(0);
  });

  it("lets nobody raise their own permissions or disable themselves, and sales staff manage no accounts", async () => {
    const store = await createStore(db());
    const key = { application_key: store.applicationKey };
    const admin = await createStoreStaff(db(), store.applicationKey, {
      role: "admin",
      permissions: { member: "read" },
    });
    const adminClient = clientOver(transport, await signIn(transport, admin.email, admin.password));
    const { data: own } = await adminClient.get_single_data_by_data_type_and_application_key_and_id({
      ...key,
      data_type: "store_staff_data",
      id: admin.id,
    });
    const ownEdit = { ...key, id: admin.id, name: own.name, email: own.email, role: own.role, version: own.version };

    const raised = await expectFailure(
      adminClient.update_store_staff_data_by_application_key_and_id({ ...ownEdit, permissions: { member: "write" } }),
      403,
      "permission-above-own",
    );
    expect(raised.fields).toEqual({ "permissions.member": ["permission-above-own"] });
    await expectFailure(
      adminClient.update_store_staff_data_by_application_key_and_id({ ...ownEdit, disabled: true }),
      409,
      "cannot-disable-self",
    );
    await expectFailure(
      adminClient.add_store_staff_data({ ...key, ...newStaff({ permissions: { member: "write" } }) }),
      403,
      "permission-above-own",
    );
    // Within their own levels an admin adds accounts; lowering their own level is theirs to do.
    await adminClient.add_store_staff_data({ ...key, ...newStaff({ permissions: { member: "read" } }) });
    await adminClient.update_store_staff_data_by_application_key_and_id({ ...ownEdit, permissions: { pos: "read" } });

    const sales = await createStoreStaff(db(), store.applicationKey, {
      role: "sales",
      permissions: { staff_account: "write" },
    });
    const salesClient = clientOver(transport, await signIn(transport, sales.email, sales.password));
    expect(
      (await salesClient.get_store_staff_data_and_total_number_by_sorting_and_limit({ ...key, ...list() })).data,
    ).not.toHaveLength(0);
    await expectFailure(salesClient.add_store_staff_data({ ...key, ...newStaff() }), 403, "forbidden");
  });

  it("saves an edit only over the version it was loaded with", async () => {
    const { store, client, key } = await merchant(transport);
    const staff = await createStoreStaff(db(), key.application_key);
    const edit = (name: string) =>
      client.update_store_staff_data_by_application_key_and_id({
        ...key,
        id: staff.id,
        name,
        email: staff.email,
        role: "sales",
        version: 1,
      });
    await edit("First");
    await expectFailure(edit("Second"), 409, "edited-elsewhere");
    const { data } = await client.get_single_data_by_data_type_and_application_key_and_id({
      ...key,
      data_type: "store_staff_data",
      id: staff.id,
    });
    expect(data.name).toBe("First");
    expect((await logOf(store.applicationKey)).filter((entry) => entry.data_type === "store_staff_data")).toHaveLength(
      1,
    );
  });

  it("sets a typed password, ending the account's sessions, or mails a new invitation", async () => {
    const { client, key } = await merchant(transport);
    const staff = await createStoreStaff(db(), key.application_key);
    const oldToken = await signIn(transport, staff.email, staff.password);
    await client.update_store_staff_password_by_application_key_and_id({
      ...key,
      id: staff.id,
      password_setup: "password",
      password: "renewed-pass-4",
      repeat_password: "renewed-pass-4",
    });
    await expectFailure(clientOver(transport, oldToken).check_session({}), 401, "token-expired");
    expect(await signIn(transport, staff.email, "renewed-pass-4")).toBeTruthy();

    await client.update_store_staff_password_by_application_key_and_id({
      ...key,
      id: staff.id,
      password_setup: "invite",
    });
    expect((await waitForEmailTo(db(), staff.email)).body).toMatch(/\/reset-password\/\d+\//);
  });
});
