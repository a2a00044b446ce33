import jsQR from "jsqr";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { fpsQrPayload, parseEmvTlv, readTlv, type FpsPayment } from "#contract/fps-qr";
import { FPS_QR_OPTIONS, fpsQrSvg } from "./fps-qr.server";

const MODULE_PIXELS = 4;
const QUIET_ZONE_MODULES = 4;

/** A QR code's modules (its quiet zone included) as an image's RGBA pixels, each module 4 × 4 pixels. */
function rasterise(modules: boolean[][]) {
  const width = modules.length * MODULE_PIXELS;
  const pixels = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const shade = modules[Math.floor(y / MODULE_PIXELS)][Math.floor(x / MODULE_PIXELS)] ? 0 : 255;
      pixels.set([shade, shade, shade, 255], (y * width + x) * 4);
    }
  }
  return { pixels, width };
}

/** The dark modules that uqr's SVG path draws, one "M<x>,<y>" square of 10 units each. */
function drawnModules(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) /.exec(svg)![1]) / 10;
  const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y] of svg.matchAll(/M(\d+),(\d+)/g)) modules[Number(y) / 10][Number(x) / 10] = true;
  return modules;
}

const shop = { amountCents: 12050, merchantName: "Demo Shop", city: "Hong Kong", reference: "1042" };
const shopFields = {
  "00": "01",
  "01": "12",
  "52": "0000",
  "53": "344",
  "54": "120.50",
  "58": "HK",
  "59": "Demo Shop",
  "60": "Hong Kong",
};

const cases: [string, FpsPayment, Record<string, string>, Record<string, Record<string, string>>][] = [
  [
    "an FPS ID",
    { ...shop, identifier: { type: "fps-id", value: "123456789" } },
    shopFields,
    { "26": { "00": "hk.com.hkicl", "02": "123456789" }, "62": { "05": "1042" } },
  ],
  [
    "a mobile number with its bank's code",
    { ...shop, identifier: { type: "mobile", value: "91234567", bankCode: "004" } },
    shopFields,
    { "26": { "00": "hk.com.hkicl", "01": "004", "03": "+852-91234567" }, "62": { "05": "1042" } },
  ],
  [
    "an e-mail",
    { ...shop, amountCents: 1, identifier: { type: "email", value: "pay@example.com.hk" } },
    { ...shopFields, "54": "0.01" },
    { "26": { "00": "hk.com.hkicl", "04": "pay@example.com.hk" }, "62": { "05": "1042" } },
  ],
  [
    "a Chinese store name",
    {
      ...shop,
      amountCents: 9_999_999_999,
      merchantName: "陳記茶莊𨋢",
      englishMerchantName: "Chan Kee Tea",
      city: "香港",
      identifier: { type: "fps-id", value: "1234567" },
    },
    { ...shopFields, "54": "99999999.99", "59": "Chan Kee Tea", "60": "HK" },
    {
      "26": { "00": "hk.com.hkicl", "02": "1234567" },
      "62": { "05": "1042" },
      "64": { "00": "ZH", "01": "陳記茶莊𨋢", "02": "香港" },
    },
  ],
];

describe("fpsQrSvg", () => {
  it("draws an SVG image named for screen readers", () => {
    const svg = fpsQrSvg(fpsQrPayload(cases[0][1]), "FPS QR code, HK$120.50");
    expect(svg).toMatch(/^<svg role="img" aria-label="FPS QR code, HK\$120.50" class="fps-qr" /);
  });

  it.each(cases)("draws a code that a QR decoder reads back whole, for %s", (_, payment, fields, templates) => {
    const payload = fpsQrPayload(payment);
    const modules = encode(payload, FPS_QR_OPTIONS).data;
    expect(drawnModules(fpsQrSvg(payload, "FPS"))).toEqual(modules);
    const quietRows = [...modules.slice(0, QUIET_ZONE_MODULES), ...modules.slice(-QUIET_ZONE_MODULES)];
    const quietColumns = modules.flatMap((row) => [
      ...row.slice(0, QUIET_ZONE_MODULES),
      ...row.slice(-QUIET_ZONE_MODULES),
    ]);
    expect([...quietRows.flat(), ...quietColumns].some(Boolean)).toBe(false);

    const { pixels, width } = rasterise(modules);
    const decoded = jsQR(pixels, width, width);
    expect(decoded?.data).toBe(payload);
    expect(decoded?.binaryData).toEqual([...new TextEncoder().encode(payload)]);

    const objects = parseEmvTlv(decoded!.data);
    const ids = [...objects.keys()];
    expect(ids[0]).toBe("00");
    expect(ids.at(-1)).toBe("63");
    expect(
      Object.fromEntries(ids.filter((id) => !(id in templates) && id !== "63").map((id) => [id, objects.get(id)])),
    ).toEqual(fields);
    for (const [id, template] of Object.entries(templates)) {
      expect(Object.fromEntries(readTlv(objects.get(id)!))).toEqual(template);
    }
    expect(objects.get("63")).toMatch(/^[0-9A-F]{4}$/);
    const wrongCrc = decoded!.data.slice(0, -1) + (decoded!.data.endsWith("0") ? "1" : "0");
    expect(() => parseEmvTlv(wrongCrc)).toThrow(/CRC/);
  });
});
