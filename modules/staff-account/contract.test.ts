import { describe, expect, it } from "vitest";
import { storeStaffPayloads } from "./contract";

const staff = { application_key: "abcd1234", name: "Casey", email: "casey@example.com", role: "sales" };

describe("a new staff account's password", () => {
  it("is refused beside the password field when sent with an invitation, not silently dropped", () => {
    const result = storeStaffPayloads.add_store_staff_data.safeParse({
      ...staff,
      password_setup: "invite",
      password: "cashier-pass-1",
      repeat_password: "cashier-pass-1",
    });
    expect(result.error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [["password"], "password-with-invitation"],
    ]);
  });

  it("is not asked for with an invitation, and taken when typed", () => {
    expect(storeStaffPayloads.add_store_staff_data.safeParse({ ...staff, password_setup: "invite" }).success).toBe(
      true,
    );
    const typed = {
      ...staff,
      password_setup: "password",
      password: "cashier-pass-1",
      repeat_password: "cashier-pass-1",
    };
    expect(storeStaffPayloads.add_store_staff_data.safeParse(typed).success).toBe(true);
  });
});
