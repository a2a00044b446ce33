import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "../product/demo-data";
import { DEMO_QUOTATION_REQUESTS } from "../quotation-request/demo-data";
import { STOCK_CHECKED_QUOTATION_STATUSES } from "./contract";
import { DEMO_QUOTATIONS } from "./demo-data";

describe("the demo's quotations", () => {
  it("quote no product beyond what the demo puts on its shelf, so each one still to convert converts", () => {
    // The quotations of demo-data.ts, and the pending ones the quoted requests of quotation-request's make.
    const convertible = [
      ...DEMO_QUOTATIONS.filter((demo) => STOCK_CHECKED_QUOTATION_STATUSES.includes(demo.status)).map((demo) => ({
        quotation: demo.contact,
        lines: [[DEMO_PRODUCTS[demo.product - 1].code, demo.quantity] as const],
      })),
      ...DEMO_QUOTATION_REQUESTS.filter((request) => request.status === "quoted").map((request) => ({
        quotation: request.contact,
        lines: request.lines,
      })),
    ];
    expect(convertible).toHaveLength(5);
    // All of them together, as the demo may convert them one after another.
    const quoted = new Map<string, number>();
    for (const { lines } of convertible) {
      for (const [code, quantity] of lines) quoted.set(code, (quoted.get(code) ?? 0) + quantity);
    }
    const beyond = [...quoted].flatMap(([code, quantity]) => {
      const product = DEMO_PRODUCTS.find((row) => row.code === code)!;
      const refused = !product.publish || (!product.unlimited && quantity > product.stock);
      return refused ? [{ code, quantity, stock: product.stock, publish: product.publish }] : [];
    });
    expect(beyond).toEqual([]);
  });
});
