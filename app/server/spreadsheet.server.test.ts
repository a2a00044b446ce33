import { describe, expect, it } from "vitest";
import { csvField } from "./spreadsheet.server";

describe("csvField", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"');
  });

  it("keeps Excel from running a field as a formula, whatever character starts it", () => {
    for (const text of ['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvField(text).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvField("HK$-5")).toBe("HK$-5");
  });
});
