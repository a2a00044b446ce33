import { describe, expect, it } from "vitest";
import { allows, permissionFor, roleDefaults } from "./permissions";

describe("store permissions", () => {
  it("gives admin write on everything and sales the spec's limited set", () => {
    expect(Object.values(roleDefaults("admin")).every((level) => level === "write")).toBe(true);
    const sales = roleDefaults("sales");
    expect([sales.pos, sales.order, sales.member, sales.enquiry]).toEqual(["write", "write", "write", "write"]);
    expect([sales.renting, sales.quotation, sales.product_booking]).toEqual(["write", "write", "write"]);
    expect([sales.product, sales.category]).toEqual(["read", "read"]);
    expect([
      sales.setting,
      sales.staff_account,
      sales.staff_log,
      sales.supplier,
      sales.purchase_order,
      sales.promotion,
    ]).toEqual(Array(6).fill("none"));
  });

  it("lets staff and store accounts do anything and store staff only what is set", () => {
    expect(permissionFor({ accountType: "console", permissions: {} }, "setting")).toBe("write");
    expect(permissionFor({ accountType: "store", permissions: {} }, "setting")).toBe("write");
    expect(permissionFor({ accountType: "store_staff", permissions: { product: "read" } }, "product")).toBe("read");
    expect(permissionFor({ accountType: "store_staff", permissions: {} }, "product")).toBe("none");
  });

  it("ranks none < read < write", () => {
    expect([allows("write", "read"), allows("read", "read"), allows("read", "write"), allows("none", "read")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
