import { describe, expect, it } from "vitest";
import { code128Modules } from "./barcode.server";

const START_B = "11010010000";
const STOP = "1100011101011";

describe("code128Modules", () => {
  it("draws a code as Code 128: a start, 11 modules a symbol with the check symbol, and the stop", () => {
    const modules = code128Modules("A")!;
    // Start B, "A" (value 33), the check symbol ((104 + 33) mod 103 = 34), the stop.
    expect(modules).toBe(`${START_B}10100011000${"10001011000"}${STOP}`);
  });

  it("packs digits two a symbol, so a member ID or an EAN stays short enough to scan", () => {
    expect(code128Modules("4890000000017")!.length).toBeLessThan(code128Modules("ABCDEFGHIJKLM")!.length);
    expect(code128Modules("M00042")).toMatch(/^11010010000.*1100011101011$/);
  });

  it("answers null for text Code 128 cannot carry", () => {
    expect(code128Modules("茶")).toBeNull();
  });
});
