import { describe, expect, it } from "vitest";
import { can, canSellOffline, requireCan } from "./permissions.server";
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

const sales = signedIn("store_staff", {
  name: "Sales",
  role: "sales",
  permissions: { product: "read" },
  sellsOffline: false,
});

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

describe("canSellOffline", () => {
  const withPos = (user: SignedIn): SignedIn => ({ ...user, store: { ...user.store!, modules: ["pos"] } });
  const staff = (sellsOffline: boolean, pos: "read" | "write" = "write") =>
    withPos(signedIn("store_staff", { name: "Seller", role: "sales", permissions: { pos }, sellsOffline }));

  it("lets the store account and provider staff sell offline wherever the plan has the POS", () => {
    expect(canSellOffline(withPos(signedIn("store")))).toBe(true);
    expect(canSellOffline(withPos(signedIn("console")))).toBe(true);
    expect(canSellOffline(signedIn("store"))).toBe(false);
  });

  it("lets store staff sell offline only when the merchant allows it and they may sell at all", () => {
    expect(canSellOffline(staff(true))).toBe(true);
    expect(canSellOffline(staff(false))).toBe(false);
    expect(canSellOffline(staff(true, "read"))).toBe(false);
  });
});
