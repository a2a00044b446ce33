import { describe, expect, it } from "vitest";
import { createProviderStaff, createStore, createStoreStaff } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, signIn } from "../../tests/integration/wire";

const NEW_PASSWORD = "greenTea-2026";

describe("my account: the store account's own password", () => {
  it("changes with the current password; the account's other sign-ins end, this one goes on", async () => {
    const store = await createStore(db());
    const key = { application_key: store.applicationKey };
    const [mine, other] = [
      clientOver("embedded", await signIn("embedded", store.email, store.password)),
      clientOver("embedded", await signIn("embedded", store.email, store.password)),
    ];

    await mine.update_own_store_account_password_by_application_key({
      ...key,
      current_password: store.password,
      password: NEW_PASSWORD,
      repeat_password: NEW_PASSWORD,
    });

    await mine.check_session({});
    await expectFailure(other.check_session({}), 401, "token-expired");
    await expectFailure(signIn("embedded", store.email, store.password), 401, "incorrect-email-or-password");
    expect(await signIn("embedded", store.email, NEW_PASSWORD)).toBeTruthy();
    const [entry] = (await logOf(store.applicationKey)).reverse();
    expect(entry).toMatchObject({ action: "edit", data_type: "store_account_data", actor_email: store.email });
    expect(entry.changes).toEqual({ password: ["********", "********"] });
  });

  it("refuses a wrong current password beside its field, changing nothing", async () => {
    const store = await createStore(db());
    const client = clientOver("embedded", await signIn("embedded", store.email, store.password));
    const failure = await expectFailure(
      client.update_own_store_account_password_by_application_key({
        application_key: store.applicationKey,
        current_password: "not-my-password-1",
        password: NEW_PASSWORD,
        repeat_password: NEW_PASSWORD,
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ current_password: ["current-password-incorrect"] });
    expect(await signIn("embedded", store.email, store.password)).toBeTruthy();
  });

  it("is the store account's alone: its admin staff and provider staff inside the store are refused", async () => {
    const store = await createStore(db());
    const [admin, provider] = await Promise.all([
      createStoreStaff(db(), store.applicationKey, { role: "admin" }),
      createProviderStaff(db()),
    ]);
    for (const account of [admin, provider]) {
      const client = clientOver("embedded", await signIn("embedded", account.email, account.password));
      await expectFailure(
        client.update_own_store_account_password_by_application_key({
          application_key: store.applicationKey,
          current_password: store.password,
          password: NEW_PASSWORD,
          repeat_password: NEW_PASSWORD,
        }),
        403,
        "forbidden",
      );
    }
    expect(await signIn("embedded", store.email, store.password)).toBeTruthy();
  });
});
