import { describe, expect, it } from "vitest";
import { snakeCased } from "./records";

const row = { id: 7, applicationKey: "store", nameZhHk: "茶", priceCents: 500, createdAt: "2026-01-01", version: 2 };
interface ProductRecord {
  id: number;
  name_zh_hk: string;
  price_cents: number;
  create_date: string;
  version: number;
  data_type: "product_data";
}

describe("snakeCased", () => {
  it("renames each field, leaves out the omitted ones and adds the extra ones", () => {
    const record: ProductRecord = snakeCased(row, {
      omit: ["applicationKey", "createdAt"],
      add: { create_date: row.createdAt, data_type: "product_data" },
    });
    expect(record).toStrictEqual({
      id: 7,
      name_zh_hk: "茶",
      price_cents: 500,
      create_date: "2026-01-01",
      version: 2,
      data_type: "product_data",
    });
  });

  it("renames every field without options", () => {
    expect(snakeCased({ unlimitedInventory: true, imageUrl: null })).toStrictEqual({
      unlimited_inventory: true,
      image_url: null,
    });
  });

  it("keeps only the picked fields, in their order", () => {
    expect(snakeCased(row, { pick: ["priceCents", "nameZhHk"] })).toStrictEqual({ price_cents: 500, name_zh_hk: "茶" });
  });

  it("does not compile unless the fields are exactly the record's", () => {
    const add = { create_date: row.createdAt, data_type: "product_data" } as const;
    // @ts-expect-error application_key is not the record's
    const leaked: ProductRecord = snakeCased(row, { omit: ["createdAt"], add });
    // @ts-expect-error price_cents is missing
    const lacking: ProductRecord = snakeCased(row, { omit: ["applicationKey", "createdAt", "priceCents"], add });
    // @ts-expect-error data_type is another string
    const mistyped: ProductRecord = snakeCased(row, {
      omit: ["applicationKey", "createdAt"],
      add: { ...add, data_type: "x" },
    });
    expect([leaked, lacking, mistyped]).toHaveLength(3);
  });
});
