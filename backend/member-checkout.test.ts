import { describe, expect, it } from "vitest";
import { paysVipPrices, unitPriceCents, vipOn } from "./member-checkout";

const product = { priceCents: 10_000, discountPriceCents: 8_000, vipPriceCents: 7_000 };

describe("the price a member pays", () => {
  it("is the VIP price for VIP pricing, else the discount price, else the price", () => {
    expect(unitPriceCents(product, true)).toBe(7_000);
    expect(unitPriceCents(product, false)).toBe(8_000);
    expect(unitPriceCents({ ...product, vipPriceCents: null }, true)).toBe(8_000);
    expect(unitPriceCents({ ...product, discountPriceCents: null, vipPriceCents: null }, true)).toBe(10_000);
  });

  it("is VIP pricing only for a VIP member where the plan has VIP and the setting has it on", () => {
    expect(paysVipPrices({ level: "vip" }, vipOn({ hasVip: true }, { enabled: true }))).toBe(true);
    expect(paysVipPrices({ level: "general" }, vipOn({ hasVip: true }, { enabled: true }))).toBe(false);
    expect(paysVipPrices({ level: "vip" }, vipOn({ hasVip: false }, { enabled: true }))).toBe(false);
    expect(paysVipPrices({ level: "vip" }, vipOn({ hasVip: true }, { enabled: false }))).toBe(false);
    expect(paysVipPrices(undefined, vipOn({ hasVip: true }, { enabled: true }))).toBe(false);
  });
});
