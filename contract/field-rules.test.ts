import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  alphanumeric,
  cashDiscount,
  couponCode,
  customPageLink,
  decimal,
  displayName,
  domain,
  email,
  integer,
  isoDate,
  isSingleLineText,
  lines,
  minimumNumber,
  minimumSubtotal,
  multilineText,
  optional,
  percentageDiscount,
  phone,
  refineDateRange,
  refinePasswordRepeat,
  refineTimeRange,
  signedDecimal,
  signedInteger,
  staffPassword,
  newStoreName,
  text,
  time,
  urlCode,
  urlSlug,
  wholeNumberBetween,
} from "./field-rules";
import { VALIDATION_KEYS, parseMessage } from "./messages";

/** Parsed value on success, otherwise the issue messages ("path|message" for nested issues). */
function run(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return { value: result.data };
  return { errors: result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}|${i.message}` : i.message)) };
}
const ok = (schema: z.ZodType, value: unknown) => run(schema, value).value;
const errors = (schema: z.ZodType, value: unknown) => run(schema, value).errors;

/** Table-driven: each valid input parses, each invalid one fails with exactly `key`. */
function rule(name: string, schema: z.ZodType, valid: unknown[], invalid: [unknown, string][]) {
  describe(name, () => {
    it.each(valid.map((v) => [v]))("accepts %j", (value) => {
      expect(run(schema, value).errors).toBeUndefined();
    });
    it.each(invalid)("rejects %j with %s", (value, key) => {
      expect(errors(schema, value)).toEqual([key]);
    });
  });
}

describe("text", () => {
  it("trims and requires a value", () => {
    expect(ok(text(), "  Hello  ")).toBe("Hello");
    expect(errors(text(), "")).toEqual(["force-input"]);
    expect(errors(text(), "   ")).toEqual(["force-input"]);
    expect(errors(text(), undefined)).toEqual(["force-input"]);
  });
  it("defaults to a 70 character counter", () => {
    expect(ok(text(), "a".repeat(70))).toBe("a".repeat(70));
    expect(ok(text(), ` ${"a".repeat(70)} `)).toBe("a".repeat(70));
    expect(errors(text(), "a".repeat(71))).toEqual(["max-length:70"]);
  });
  it("takes a custom max", () => {
    expect(ok(text({ max: 5 }), "12345")).toBe("12345");
    expect(errors(text({ max: 5 }), "123456")).toEqual(["max-length:5"]);
  });
  it("optional variant yields undefined for blank", () => {
    const schema = text({ required: false });
    expect(run(schema, "")).toEqual({ value: undefined });
    expect(run(schema, "   ")).toEqual({ value: undefined });
    expect(run(schema, undefined)).toEqual({ value: undefined });
    expect(ok(schema, " note ")).toBe("note");
    expect(errors(schema, "a".repeat(71))).toEqual(["max-length:70"]);
  });
});

describe("characters", () => {
  // What a person cannot see, or that makes them read something else: "abc\u202Egnp.exe" shows as "abcexe.png".
  const hidden: [string, string][] = [
    ["NUL", "a\u0000b"],
    ["CR", "a\rb"],
    ["LF", "a\nb"],
    ["CR LF", "a\r\nb"],
    ["TAB", "a\tb"],
    ["DEL", "a\u007Fb"],
    ["a C1 control (NEL)", "a\u0085b"],
    ["the right-to-left override", "abc\u202Egnp.exe"],
    ["a bidirectional isolate", "a\u2067b\u2069"],
    ["a left-to-right mark", "a\u200Eb"],
    ["a zero-width space", "a\u200Bb"],
    ["a zero-width joiner between letters", "a\u200Db"],
    ["a byte order mark", "a\uFEFFb"],
    ["a soft hyphen", "a\u00ADb"],
    ["a tag character", "a\u{E0041}b"],
    ["the line separator", "a\u2028b"],
    ["a lone high surrogate", "a\uD800b"],
    ["a lone low surrogate", "a\uDC00"],
  ];
  const shown = ["陳大文", "Crème brûlée", "e\u0301", "😀", "👩‍🍳", "🧑🏽‍🍳", "❤️‍🔥", "🏳️‍🌈", "Tea for two", "１２３"];

  it.each(hidden)("single-line text refuses %s", (_name, value) => {
    expect(errors(text(), value)).toEqual(["invalid-characters"]);
    expect(errors(text({ required: false }), value)).toEqual(["invalid-characters"]);
    expect(isSingleLineText(value)).toBe(false);
  });
  it.each(shown)("single-line text takes %s", (value) => {
    expect(ok(text(), value)).toBe(value);
    expect(isSingleLineText(value)).toBe(true);
  });
  it("multi-line text takes line breaks and tabs, and refuses every other hidden character", () => {
    expect(ok(multilineText(), "First line\r\nSecond\tline\nThird")).toBe("First line\r\nSecond\tline\nThird");
    for (const [, value] of hidden.filter(([name]) => !["CR", "LF", "CR LF", "TAB"].includes(name))) {
      expect(errors(multilineText(), value)).toEqual(["invalid-characters"]);
    }
    for (const value of shown) expect(ok(multilineText(), value)).toBe(value);
    expect(errors(multilineText({ max: 5 }), "a\nbcdef")).toEqual(["max-length:5"]);
    expect(run(multilineText({ required: false }), " \n ")).toEqual({ value: undefined });
  });
  it("every rule built on text refuses them before its own pattern", () => {
    for (const schema of [email(), urlCode(), alphanumeric(), displayName(), isoDate(), integer()]) {
      expect(errors(schema, "1\u0000")).toEqual(["invalid-characters"]);
    }
  });
});

describe("optional()", () => {
  it("skips checks for blank values and validates others", () => {
    expect(run(optional(integer()), "")).toEqual({ value: undefined });
    expect(run(optional(phone()), null)).toEqual({ value: undefined });
    expect(ok(optional(integer()), "7")).toBe(7);
    expect(errors(optional(phone()), "1234")).toEqual(["phone-invalid"]);
  });
});

rule(
  "email",
  email(),
  ["user@example.com", " first.last+tag@mail.example.hk "],
  [
    ["", "force-input"],
    ["user@", "format-not-match"],
    ["user.example.com", "format-not-match"],
    ["user@example", "format-not-match"],
  ],
);

rule(
  "phone",
  phone(),
  ["21234567", "98765432", " 51234567 "],
  [
    ["", "force-input"],
    ["12345678", "phone-invalid"],
    ["0123456", "phone-invalid"],
    ["912345678", "phone-invalid"],
    ["9123 456", "phone-invalid"],
  ],
);

describe("numbers", () => {
  it("integer: digits only, outputs a number", () => {
    expect(ok(integer(), "0")).toBe(0);
    expect(ok(integer(), " 42 ")).toBe(42);
    expect(errors(integer(), "")).toEqual(["force-input"]);
    expect(errors(integer(), "-1")).toEqual(["number-at-least:0"]);
    expect(errors(integer(), "1.5")).toEqual(["format-not-match"]);
    expect(errors(integer(), "1e3")).toEqual(["format-not-match"]);
    expect(errors(integer(), "99999999999999999999")).toEqual(["format-not-match"]);
  });
  it("decimal: digits with an optional single dot", () => {
    expect(ok(decimal(), "12")).toBe(12);
    expect(ok(decimal(), "12.50")).toBe(12.5);
    expect(errors(decimal(), "1.2.3")).toEqual(["format-not-match"]);
    expect(errors(decimal(), "-1.5")).toEqual(["number-at-least:0"]);
    expect(errors(decimal(), "-1.2.3")).toEqual(["format-not-match"]);
    expect(errors(decimal(), "abc")).toEqual(["format-not-match"]);
  });
  it("signed integer and decimal accept a leading minus", () => {
    expect(ok(signedInteger(), "-5")).toBe(-5);
    expect(ok(signedInteger(), "5")).toBe(5);
    expect(errors(signedInteger(), "-1.5")).toEqual(["format-not-match"]);
    expect(errors(signedInteger(), "--5")).toEqual(["format-not-match"]);
    expect(ok(signedDecimal(), "-1.25")).toBe(-1.25);
    expect(ok(signedDecimal(), "3")).toBe(3);
    expect(errors(signedDecimal(), "+1")).toEqual(["format-not-match"]);
    expect(errors(signedDecimal(), "1-")).toEqual(["format-not-match"]);
  });
  it("wholeNumberBetween: out of bounds says both bounds", () => {
    const schema = wholeNumberBetween(1, 100);
    expect(ok(schema, 100)).toBe(100);
    expect(errors(schema, 0)).toEqual(["number-range:1:100"]);
    expect(errors(schema, 101)).toEqual(["number-range:1:100"]);
    expect(errors(wholeNumberBetween(-5, 5), -6)).toEqual(["number-range:-5:5"]);
    expect(errors(schema, 1.5)).toEqual(["format-not-match"]);
    expect(errors(schema, undefined)).toEqual(["force-input"]);
  });
  it("lines: more lines than allowed says how many", () => {
    expect(errors(lines({ maxLines: 2 }), "a\nb\nc")).toEqual(["max-lines:2"]);
  });
  it("minimumNumber: strictly greater than the bound", () => {
    const schema = integer().check(minimumNumber(0));
    expect(ok(schema, "1")).toBe(1);
    expect(ok(schema, "10")).toBe(10);
    expect(errors(schema, "0")).toEqual(["minimum-number:0"]);
    expect(errors(signedDecimal().check(minimumNumber(-1)), "-1")).toEqual(["minimum-number:-1"]);
    // a bad format is reported once, without the minimum check
    expect(errors(schema, "x")).toEqual(["format-not-match"]);
  });
});

rule(
  "percentageDiscount",
  percentageDiscount(),
  ["0.5", "100", "15"],
  [
    ["0", "minimum-number:0"],
    ["100.01", "number-at-most:100"],
    ["-5", "number-at-least:0"],
    ["", "force-input"],
  ],
);

rule(
  "cashDiscount",
  cashDiscount(),
  ["0.1", "500", "1000000"],
  [
    ["0", "minimum-number:0"],
    ["0.00", "minimum-number:0"],
    ["-10", "number-at-least:0"],
    ["1000000.01", "number-at-most:1000000"],
  ],
);

rule(
  "minimumSubtotal",
  minimumSubtotal(),
  ["0", "99.9", "1000000"],
  [
    ["-1", "number-at-least:0"],
    ["1000000.01", "number-at-most:1000000"],
    ["ten", "format-not-match"],
    ["", "force-input"],
  ],
);

rule(
  "alphanumeric",
  alphanumeric(),
  ["abc123", "ABC"],
  [
    ["abc-123", "format-not-match"],
    ["a b", "format-not-match"],
    ["中文", "format-not-match"],
  ],
);

rule(
  "urlSlug",
  urlSlug(),
  ["summer-sale_2024", "夏日優惠", "abc"],
  [
    ["summer sale", "url-invalid"],
    ["a/b", "url-invalid"],
    ["a.b", "url-invalid"],
    ["", "force-input"],
  ],
);

rule(
  "urlCode",
  urlCode(),
  ["中文_code-1", "ABC"],
  [
    ["a b", "url-invalid"],
    ["code!", "url-invalid"],
  ],
);

rule(
  "customPageLink",
  customPageLink(),
  ["about-us", "page_1.v2", "hi!~*'()", "a"],
  [
    ["-about", "custom-page-link-invalid"],
    ["about-", "custom-page-link-invalid"],
    ["about us", "custom-page-link-invalid"],
    ["關於", "custom-page-link-invalid"],
    ["a/b", "custom-page-link-invalid"],
  ],
);

rule(
  "displayName",
  displayName(),
  ["Chan Tai Man", "陳大文", "O'Brien (HK) Ltd.", "a-b_c.d!~*"],
  [
    ["name@shop", "format-not-match"],
    ["a/b", "format-not-match"],
    ["", "force-input"],
    ["a".repeat(71), "max-length:70"],
  ],
);

rule(
  "time",
  time(),
  ["00:00", "09:30", "23:59"],
  [
    ["24:00", "format-not-match"],
    ["9:30", "format-not-match"],
    ["12:60", "format-not-match"],
    ["12.30", "format-not-match"],
  ],
);

rule(
  "couponCode",
  couponCode(),
  ["AB12C", "abcde", "12345"],
  [
    ["ABCD", "format-not-match"],
    ["ABCDEF", "format-not-match"],
    ["AB-1C", "format-not-match"],
    ["", "force-input"],
  ],
);

rule(
  "newStoreName",
  newStoreName(),
  ["My Store", "shop-123"],
  [
    ["My_Store", "format-not-match"],
    ["商店", "format-not-match"],
    ["shop.com", "format-not-match"],
  ],
);

describe("domain", () => {
  it("accepts letters, digits and inner hyphens, case-insensitively", () => {
    expect(ok(domain(), "my-shop")).toBe("my-shop");
    expect(ok(domain(), "Shop123")).toBe("shop123");
    expect(ok(domain(), "ab-c--d")).toBe("ab-c--d");
    expect(ok(domain(), "a")).toBe("a");
  });
  it.each(["-shop", "shop-", "ab--shop", "xn--abc", "my_shop", "my.shop", "商店"])("rejects %j", (value) => {
    expect(errors(domain(), value)).toEqual(["format-not-match"]);
  });
});

rule(
  "isoDate",
  isoDate(),
  ["2024-02-29", "2023-12-31"],
  [
    ["2023-02-29", "format-not-match"],
    ["2024-13-01", "format-not-match"],
    ["2024-1-1", "format-not-match"],
    ["31/12/2023", "format-not-match"],
    ["", "force-input"],
  ],
);

describe("staffPassword", () => {
  it("needs 8+ characters with a letter and a digit", () => {
    expect(ok(staffPassword(), "abcd1234")).toBe("abcd1234");
    expect(ok(staffPassword(), "Pass word 9")).toBe("Pass word 9");
    expect(errors(staffPassword(), "abc123")).toEqual(["password-rule"]);
    expect(errors(staffPassword(), "abcdefgh")).toEqual(["password-rule"]);
    expect(errors(staffPassword(), "12345678")).toEqual(["password-rule"]);
    expect(errors(staffPassword(), "")).toEqual(["force-input"]);
  });
  it("is not trimmed", () => {
    expect(ok(staffPassword(), " abcd123 ")).toBe(" abcd123 ");
  });
});

describe("refinePasswordRepeat", () => {
  const schema = z
    .object({ email: email(), password: staffPassword(), repeat_password: z.string() })
    .check(refinePasswordRepeat());
  it("passes when both match", () => {
    expect(errors(schema, { email: "a@b.hk", password: "abcd1234", repeat_password: "abcd1234" })).toBeUndefined();
  });
  it("reports password-not-match on repeat_password", () => {
    expect(errors(schema, { email: "a@b.hk", password: "abcd1234", repeat_password: "abcd12345" })).toEqual([
      "repeat_password|password-not-match",
    ]);
  });
  it("still reports the mismatch when an unrelated field fails", () => {
    expect(errors(schema, { email: "bad", password: "abcd1234", repeat_password: "x" })).toEqual([
      "email|format-not-match",
      "repeat_password|password-not-match",
    ]);
  });
  it("still reports the mismatch when another field is blank or too long", () => {
    expect(errors(schema, { email: "", password: "abcd1234", repeat_password: "x" })).toEqual([
      "email|force-input",
      "repeat_password|password-not-match",
    ]);
    expect(errors(schema, { email: `${"a".repeat(250)}@b.hk`, password: "abcd1234", repeat_password: "x" })).toEqual([
      "email|max-length:254",
      "repeat_password|password-not-match",
    ]);
  });
  it("does not compare an invalid password", () => {
    expect(errors(schema, { email: "a@b.hk", password: "short", repeat_password: "x" })).toEqual([
      "password|password-rule",
    ]);
  });
  it("takes custom field names", () => {
    const custom = z.object({ pw: z.string(), pw2: z.string() }).check(refinePasswordRepeat("pw", "pw2"));
    expect(errors(custom, { pw: "a", pw2: "b" })).toEqual(["pw2|password-not-match"]);
    expect(errors(custom, { pw: "a", pw2: "a" })).toBeUndefined();
  });
});

describe("refineDateRange", () => {
  const schema = z
    .object({ start_date: isoDate(), end_date: optional(isoDate()) })
    .check(refineDateRange("start_date", "end_date"));
  it("accepts an end on or after the start, or no end", () => {
    expect(errors(schema, { start_date: "2024-01-31", end_date: "2024-02-01" })).toBeUndefined();
    expect(errors(schema, { start_date: "2024-01-31", end_date: "2024-01-31" })).toBeUndefined();
    expect(errors(schema, { start_date: "2024-01-31", end_date: "" })).toBeUndefined();
  });
  it("rejects an end before the start on the end field", () => {
    expect(errors(schema, { start_date: "2024-02-01", end_date: "2024-01-31" })).toEqual([
      "end_date|end-date-before-start",
    ]);
    expect(errors(schema, { start_date: "2024-01-01", end_date: "2023-12-31" })).toEqual([
      "end_date|end-date-before-start",
    ]);
  });
  it("reports only the format error for an invalid date", () => {
    expect(errors(schema, { start_date: "2024-02-01", end_date: "2023-02-30" })).toEqual(["end_date|format-not-match"]);
  });
});

describe("refineTimeRange", () => {
  const schema = z.object({ from: time(), to: time() }).check(refineTimeRange("from", "to"));
  it("accepts an end on or after the start", () => {
    expect(errors(schema, { from: "09:00", to: "18:30" })).toBeUndefined();
    expect(errors(schema, { from: "09:00", to: "09:00" })).toBeUndefined();
  });
  it("rejects an end before the start on the end field", () => {
    expect(errors(schema, { from: "18:00", to: "09:00" })).toEqual(["to|end-time-before-start"]);
    expect(errors(schema, { from: "10:00", to: "09:59" })).toEqual(["to|end-time-before-start"]);
  });
});

describe("messages", () => {
  it("every message is a validation key, optionally with a value", () => {
    const samples = [
      errors(text(), ""),
      errors(text(), "a\u202Eb"),
      errors(text({ max: 3 }), "abcd"),
      errors(email(), "x"),
      errors(urlSlug(), "a b"),
      errors(customPageLink(), "-a"),
      errors(integer().check(minimumNumber(5)), "5"),
      errors(staffPassword(), "x"),
    ].flat();
    for (const message of samples) {
      expect(VALIDATION_KEYS).toContain(parseMessage(message!).key);
    }
  });
});
