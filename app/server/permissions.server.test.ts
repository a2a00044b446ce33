import { describe, expect, it } from "vitest";
import { can, requireCan } from "./permissions.server";
import type { SignedIn, StoreSnapshot } from "./session.server";

const signedIn = (accountType: SignedIn["accountType"], staff: StoreSnapshot["staff"] = null): SignedIn =>
  ({
    token: "t",
    accountType,
    accountId: 1,
    name: "Someone",
    checkedAt: 0,
    store: { modules: ["product", "category"], staff } as StoreSnapshot,
  }) as SignedIn;

const sales = signedIn("store_staff", { name: "Sales", role: "sales", permissions: { product: "read" } });

function refusal(run: () => void) {
  try {
    run();
  } catch (error) {
    // httpError's value: what Remix turns into the error page's status and data.
    const { data, init } = error as { data: unknown; init: ResponseInit | null };
    return { status: init?.status, data };
  }
  return null;
}

describe("can and requireCan", () => {
  it("let the store account and provider staff inside it do anything the plan switches on", () => {
    for (const user of [signedIn("store"), signedIn("console")]) {
      expect(can(user, "product:write")).toBe(true);
      expect(can(user, "category:read")).toBe(true);
      expect(can(user, "member:read")).toBe(false);
    }
  });

  it("let store staff do what their permission setting grants, and nothing unset", () => {
    expect(can(sales, "product:read")).toBe(true);
    expect(can(sales, "product:write")).toBe(false);
    expect(can(sales, "category:read")).toBe(false);
  });

  it("refuse with 403 and say whether the plan or the account is missing it", () => {
    expect(refusal(() => requireCan(sales, "product:read"))).toBeNull();
    expect(refusal(() => requireCan(sales, "product:write"))).toEqual({ status: 403, data: { message: "forbidden" } });
    expect(refusal(() => requireCan(signedIn("store"), "member:read"))).toEqual({
      status: 403,
      data: { message: "module-not-in-plan" },
    });
  });
});
