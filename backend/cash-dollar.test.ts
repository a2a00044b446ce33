import { describe, expect, it } from "vitest";
import { cashDollarQuote, earnedCashDollarCents } from "./cash-dollar";

describe("the cash-dollar quote", () => {
  it("takes HK$1 off for each HK$1 of cash dollar at the rate 1.00, up to the amount payable", () => {
    expect(cashDollarQuote({ balanceCents: 2_500, redeemRate: 100, payableCents: 10_000 })).toEqual({
      discountCents: 2_500,
      spendCents: 2_500,
    });
    expect(cashDollarQuote({ balanceCents: 20_000, redeemRate: 100, payableCents: 10_000 })).toEqual({
      discountCents: 10_000,
      spendCents: 10_000,
    });
  });

  it("needs more cash dollar per HK$1 at a higher rate, the discount rounded down and its cost up", () => {
    // 2.00 cash dollars take HK$1 off: 9.99 takes HK$4.99 off and costs 9.98.
    expect(cashDollarQuote({ balanceCents: 999, redeemRate: 200, payableCents: 10_000 })).toEqual({
      discountCents: 499,
      spendCents: 998,
    });
    // 1.50 per HK$1: 1.00 takes 66 cents off, which costs 99 cents, never more than the balance.
    expect(cashDollarQuote({ balanceCents: 100, redeemRate: 150, payableCents: 10_000 })).toEqual({
      discountCents: 66,
      spendCents: 99,
    });
  });

  it("uses only what the member asks for, refuses more than the balance, and takes nothing off a free order", () => {
    expect(
      cashDollarQuote({ balanceCents: 5_000, redeemRate: 100, payableCents: 10_000, requestedCents: 1_200 }),
    ).toEqual({
      discountCents: 1_200,
      spendCents: 1_200,
    });
    expect(
      cashDollarQuote({ balanceCents: 5_000, redeemRate: 100, payableCents: 10_000, requestedCents: 5_001 }),
    ).toEqual({
      error: "not-enough-cash-dollar",
    });
    expect(cashDollarQuote({ balanceCents: 5_000, redeemRate: 100, payableCents: 0 })).toEqual({
      discountCents: 0,
      spendCents: 0,
    });
  });
});

describe("cash dollar earned", () => {
  it("is the paid amount at the earn rate, rounded down, and nothing for nothing paid", () => {
    expect(earnedCashDollarCents(12_345, 100)).toBe(12_345);
    expect(earnedCashDollarCents(12_345, 50)).toBe(6_172);
    expect(earnedCashDollarCents(12_345, 0)).toBe(0);
    expect(earnedCashDollarCents(-100, 100)).toBe(0);
  });
});
