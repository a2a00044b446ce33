import { describe, expect, it } from "vitest";
import { emvCrc, fpsBankCode, fpsIdentifier, fpsQrPayload, parseEmvTlv, readTlv, type FpsPayment } from "./fps-qr";

const payment: FpsPayment = {
  identifier: { type: "fps-id", value: "1234567" },
  amountCents: 12050,
  merchantName: "Demo Shop",
  city: "Hong Kong",
  reference: "1042",
};

/** The payload's objects with the templates (26, 62, 64) read too, after parseEmvTlv checked the CRC. */
function fieldsOf(payload: string) {
  const objects = parseEmvTlv(payload);
  const template = (id: string) => {
    const value = objects.get(id);
    return value === undefined ? undefined : Object.fromEntries(readTlv(value));
  };
  return {
    ids: [...objects.keys()],
    top: Object.fromEntries(objects),
    account: template("26"),
    additional: template("62"),
    language: template("64"),
  };
}

describe("fpsIdentifier", () => {
  const parse = (typed: unknown) => fpsIdentifier().safeParse(typed);
  const errors = (typed: unknown) => parse(typed).error?.issues.map((issue) => issue.message);

  it.each([
    ["1234567", { type: "fps-id", value: "1234567" }],
    [" 123456789 ", { type: "fps-id", value: "123456789" }],
    ["91234567", { type: "mobile", value: "91234567" }],
    ["4123 4567", { type: "mobile", value: "41234567" }],
    ["+852-61234567", { type: "mobile", value: "61234567" }],
    ["+852 7123 4567", { type: "mobile", value: "71234567" }],
    ["85281234567", { type: "mobile", value: "81234567" }],
    ["pay@example.com.hk", { type: "email", value: "pay@example.com.hk" }],
  ])("reads %j as %j", (typed, identifier) => {
    expect(parse(typed).data).toEqual(identifier);
  });

  it.each([
    "123456", // too short for an FPS ID
    "12345678", // 8 digits, but no mobile number starts with 1
    "21234567", // a fixed line
    "31234567",
    "1234567890",
    "+852-9123456",
    "+86-13812345678",
    "pay@",
    "pay@example",
    "FPS 1234567",
  ])("refuses %j", (typed) => {
    expect(errors(typed)).toEqual(["fps-identifier-invalid"]);
  });

  it("asks for a value, and no longer than ID 26 holds an e-mail", () => {
    expect(errors("  ")).toEqual(["force-input"]);
    expect(parse(`${"a".repeat(60)}@example.com`).data).toEqual({
      type: "email",
      value: `${"a".repeat(60)}@example.com`,
    });
    expect(errors(`${"a".repeat(61)}@example.com`)).toEqual(["max-length:72"]);
  });
});

describe("fpsBankCode", () => {
  it("takes a bank's 3-digit code", () => {
    expect(fpsBankCode().parse(" 004 ")).toBe("004");
    for (const typed of ["04", "0044", "HSB"]) {
      expect(
        fpsBankCode()
          .safeParse(typed)
          .error?.issues.map((issue) => issue.message),
      ).toEqual(["fps-bank-code-invalid"]);
    }
  });
});

describe("emvCrc", () => {
  it("is CRC-16/CCITT-FALSE: its check value for 123456789 is 29B1", () => {
    expect(emvCrc("123456789")).toBe("29B1");
    expect(emvCrc("")).toBe("FFFF");
  });

  it("matches the EMVCo specification's example, Chinese name included (over UTF-8 bytes)", () => {
    const example =
      "00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A";
    expect(emvCrc(example.slice(0, -4))).toBe("A13A");
    const objects = parseEmvTlv(example);
    expect(Object.fromEntries(readTlv(objects.get("64")!))).toEqual({ "00": "ZH", "01": "最佳运输", "02": "北京" });
  });

  it("matches the FPS payloads that Odoo's Hong Kong localisation publishes in its tests", () => {
    for (const published of [
      "00020101021226330012hk.com.hkicl0313+852-6789123452040000530334454031005802HK5914company_1_data6002HK62170513INV/TEST/00016304A154",
      "00020101021226330012hk.com.hkicl0313+852-678912345204000053033445405100.55802HK5914company_1_data6002HK62170513INV/TEST/000263049E64",
    ]) {
      expect(readTlv(parseEmvTlv(published).get("26")!).get("03")).toBe("+852-67891234");
    }
  });
});

describe("fpsQrPayload", () => {
  it("writes every field in order for an FPS ID, with its CRC", () => {
    const payload = fpsQrPayload(payment);
    // The CRC as Python's binascii.crc_hqx(payload, 0xFFFF) also computes it.
    expect(payload).toBe(
      "000201" +
        "010212" +
        "26270012hk.com.hkicl02071234567" +
        "52040000" +
        "5303344" +
        "5406120.50" +
        "5802HK" +
        "5909Demo Shop" +
        "6009Hong Kong" +
        "620805041042" +
        "630464B2",
    );
    const fields = fieldsOf(payload);
    expect(fields.ids).toEqual(["00", "01", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    expect(fields.top).toMatchObject({
      "00": "01",
      "01": "12",
      "52": "0000",
      "53": "344",
      "54": "120.50",
      "58": "HK",
      "59": "Demo Shop",
      "60": "Hong Kong",
      "63": emvCrc(payload.slice(0, -4)),
    });
    expect(fields.account).toEqual({ "00": "hk.com.hkicl", "02": "1234567" });
    expect(fields.additional).toEqual({ "05": "1042" });
    expect(fields.language).toBeUndefined();
  });

  it("writes a mobile number as +852- and its 8 digits, after the bank's code when there is one", () => {
    const withBank = fpsQrPayload({ ...payment, identifier: { type: "mobile", value: "91234567", bankCode: "004" } });
    expect(fieldsOf(withBank).account).toEqual({ "00": "hk.com.hkicl", "01": "004", "03": "+852-91234567" });
    expect(Object.keys(fieldsOf(withBank).account!)).toEqual(["00", "01", "03"]);
    const withoutBank = fpsQrPayload({ ...payment, identifier: { type: "mobile", value: "91234567" } });
    expect(fieldsOf(withoutBank).account).toEqual({ "00": "hk.com.hkicl", "03": "+852-91234567" });
  });

  it("writes an e-mail under 04, the longest one filling ID 26 to its 99 characters", () => {
    const email = `${"a".repeat(60)}@example.com`;
    const payload = fpsQrPayload({ ...payment, identifier: { type: "email", value: email, bankCode: "024" } });
    expect(fieldsOf(payload).account).toEqual({ "00": "hk.com.hkicl", "01": "024", "04": email });
    expect(parseEmvTlv(payload).get("26")).toHaveLength(99);
  });

  it.each([
    [1, "0.01"],
    [10, "0.10"],
    [100, "1.00"],
    [12050, "120.50"],
    [9_999_999_999, "99999999.99"],
    [999_999_999_999, "9999999999.99"],
  ])("writes %i cents as %s", (cents, amount) => {
    expect(parseEmvTlv(fpsQrPayload({ ...payment, amountCents: cents })).get("54")).toBe(amount);
  });

  it.each([0, -100, 12.5, Number.NaN, 1_000_000_000_000])("refuses %d cents", (cents) => {
    expect(() => fpsQrPayload({ ...payment, amountCents: cents })).toThrow(RangeError);
  });

  it("cuts a long name, city and reference to 25, 15 and 25 characters", () => {
    const fields = fieldsOf(
      fpsQrPayload({
        ...payment,
        merchantName: "The Harbour View Tea House and Bakery Limited",
        city: "Tsim Sha Tsui East, Kowloon",
        reference: "ORDER-2026-12-06-000001042-A",
      }),
    );
    expect(fields.top["59"]).toBe("The Harbour View Tea Hous");
    expect(fields.top["60"]).toBe("Tsim Sha Tsui E");
    expect(fields.additional).toEqual({ "05": "ORDER-2026-12-06-00000104" });
  });

  it("keeps a Latin name's letters without their accents, and no space where a cut falls", () => {
    const fields = fieldsOf(fpsQrPayload({ ...payment, merchantName: "Tom's Café ＡＢＣ", city: "Kwun Tong Area 2" }));
    expect(fields.top["59"]).toBe("Tom's Cafe ABC");
    expect(fields.top["60"]).toBe("Kwun Tong Area");
    expect(fields.language).toBeUndefined();
    expect(fieldsOf(fpsQrPayload({ ...payment, englishMerchantName: "Demo Shop Limited" })).top["59"]).toBe(
      "Demo Shop Limited",
    );
  });

  it("puts a Chinese name into 64 with ZH, and the English name (or NA) into 59", () => {
    const chinese = fieldsOf(
      fpsQrPayload({ ...payment, merchantName: "陳記茶莊", englishMerchantName: "Chan Kee Tea", city: "香港" }),
    );
    expect(chinese.ids).toEqual(["00", "01", "26", "52", "53", "54", "58", "59", "60", "62", "64", "63"]);
    expect(chinese.top["59"]).toBe("Chan Kee Tea");
    expect(chinese.top["60"]).toBe("HK");
    expect(chinese.language).toEqual({ "00": "ZH", "01": "陳記茶莊", "02": "香港" });

    const withoutEnglish = fieldsOf(fpsQrPayload({ ...payment, merchantName: "陳記 Tea House" }));
    expect(withoutEnglish.top["59"]).toBe("NA");
    expect(withoutEnglish.top["60"]).toBe("Hong Kong");
    expect(withoutEnglish.language).toEqual({ "00": "ZH", "01": "陳記 Tea House" });
  });

  it("counts a Chinese name's length in characters, not bytes, and cuts it to 25", () => {
    const name = "𨋢".repeat(3) + "香港仔海鮮舫".repeat(5);
    const payload = fpsQrPayload({ ...payment, merchantName: name });
    const cut = [...name].slice(0, 25).join("");
    expect(payload).toContain(`0125${cut}`);
    expect(fieldsOf(payload).language).toEqual({ "00": "ZH", "01": cut });
  });
});

describe("parseEmvTlv", () => {
  const payload = fpsQrPayload(payment);

  it("refuses a wrong CRC and a payload changed under its CRC", () => {
    const wrongCrc = payload.slice(0, -1) + (payload.endsWith("0") ? "1" : "0");
    expect(() => parseEmvTlv(wrongCrc)).toThrow(/CRC/);
    expect(() => parseEmvTlv(payload.replace("120.50", "100.50"))).toThrow(/CRC/);
    expect(() => parseEmvTlv(payload.slice(0, -4) + payload.slice(-4).toLowerCase())).toThrow(/CRC/);
  });

  it("refuses a payload without its format indicator first and its CRC last", () => {
    expect(() => parseEmvTlv(payload.slice(6))).toThrow(/000201/);
    expect(() => parseEmvTlv(payload.slice(0, -8))).toThrow(/6304/);
  });

  it("refuses a length that runs past the end, a repeated ID and text that is no ID and length", () => {
    expect(() => readTlv("0005abc")).toThrow(/past the end/);
    expect(() => readTlv("00020100020")).toThrow(/past the end/);
    expect(() => readTlv("0002011")).toThrow(/No EMV ID/);
    expect(() => readTlv("00020100020202")).toThrow(/repeated/);
  });
});
