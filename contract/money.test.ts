import { expect, it } from "vitest";
import { hkdAsCents } from "./field-rules";
import { centsToDollars, dollarsToCents, formatHkd, isWholeCents } from "./money";

it("shows cents as Hong Kong dollars with a thousands comma and two decimals", () => {
  expect(formatHkd(0)).toBe("HK$0.00");
  expect(formatHkd(123_456_789)).toBe("HK$1,234,567.89");
  expect(formatHkd(50)).toBe("HK$0.50");
  // An amount taken off: the minus before the currency.
  expect(formatHkd(-1_000)).toBe("-HK$10.00");
});

it("never shows a negative zero, whatever sign a zero or a rounded-away fraction of a cent carries", () => {
  expect(formatHkd(-0)).toBe("HK$0.00");
  expect(formatHkd(-0.4)).toBe("HK$0.00");
});

it("round-trips a form's dollars through integer cents", () => {
  expect(dollarsToCents(0.29)).toBe(29);
  expect(dollarsToCents(1234.5)).toBe(123_450);
  expect(centsToDollars(123_450)).toBe("1234.50");
});

it("accepts at most two decimal places", () => {
  expect(isWholeCents(0.29)).toBe(true);
  expect(isWholeCents(19.99)).toBe(true);
  expect(isWholeCents(1.005)).toBe(false);
});

it("reads a typed HK$ amount as integer cents, refusing more decimals, signs and amounts over HK$1,000,000", () => {
  expect(hkdAsCents().parse("0.29")).toBe(29);
  expect(hkdAsCents().parse(" 1234.5 ")).toBe(123_450);
  expect(hkdAsCents().parse("1000000")).toBe(100_000_000);
  for (const [typed, message] of [
    ["1.005", "format-not-match"],
    ["-1", "number-at-least:0"],
    ["1,000", "format-not-match"],
    ["1000000.01", "number-at-most:1000000"],
    ["abc", "format-not-match"],
  ]) {
    expect(hkdAsCents().safeParse(typed).error?.issues[0].message).toBe(message);
  }
});
