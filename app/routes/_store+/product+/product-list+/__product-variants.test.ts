import { describe, expect, it } from "vitest";
import {
  addOption,
  allCombinations,
  combinationCount,
  generateVariants,
  hasCombination,
  newVariantRow,
  optionRowsOf,
  parseValueList,
  productStepOf,
  removeOption,
  removeVariant,
  setForTicked,
  stepIntent,
  valueCounts,
  variantLabel,
  variantRowsOf,
  type OptionRow,
  type VariantRow,
} from "./__product-variants";

const size: OptionRow = { name_zh_hk: "尺碼", name_en: "Size", values_zh_hk: "S, M", values_en: "" };
const colour: OptionRow = {
  name_zh_hk: "顏色",
  name_en: "Colour",
  values_zh_hk: "黑色，白色、灰色",
  values_en: "Black\nWhite\nGrey",
};
const combinationsOf = (rows: VariantRow[]) => rows.map((row) => row.option_values?.join(","));
const fresh = (indexes: number[]) => newVariantRow(indexes, { price_cents: "99" });

describe("typed option values", () => {
  it("are split at commas of either width, 、 and line breaks, blanks dropped", () => {
    expect(parseValueList(" 黑色，白色、灰色\n\n紅色 , ")).toEqual(["黑色", "白色", "灰色", "紅色"]);
    expect(parseValueList(undefined)).toEqual([]);
  });

  it("keep a gap between English values, so each pairs with its Chinese value by position", () => {
    expect(parseValueList(", Black,,", { keepGaps: true })).toEqual(["", "Black"]);
  });

  it("count as the Chinese values", () => {
    expect(valueCounts([size, colour])).toEqual([2, 3]);
  });
});

describe("generating the variants", () => {
  it("makes every combination, the first option outermost", () => {
    expect(allCombinations([2, 3])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(combinationCount([2, 3])).toBe(6);
    expect(combinationCount([])).toBe(0);
    expect(allCombinations([])).toEqual([]);
  });

  it("keeps the rows it has, ids and edits included, and makes the others new, priced as the product", () => {
    const edited = { id: "7", option_values: ["1", "2"], sku: "TEE-M-GREY", price_cents: "120" };
    const rows = generateVariants([edited], [2, 3], fresh);
    expect(combinationsOf(rows)).toEqual(["0,0", "0,1", "0,2", "1,0", "1,1", "1,2"]);
    expect(rows[5]).toEqual(edited);
    expect(rows[0]).toEqual({ option_values: ["0", "0"], price_cents: "99", stock: "0", sellable: "on" });
  });

  it("gives rows the first value of an option added since, and leaves out rows whose value is gone", () => {
    const rows = [
      { id: "1", option_values: ["0"] },
      { id: "2", option_values: ["1"] },
      { id: "3", option_values: ["2"] },
    ];
    const generated = generateVariants(rows, [2, 2], fresh);
    expect(generated.map((row) => [row.id, row.option_values?.join(",")])).toEqual([
      ["1", "0,0"],
      [undefined, "0,1"],
      ["2", "1,0"],
      [undefined, "1,1"],
    ]);
  });

  it("keeps the first of two rows of one combination", () => {
    const rows = generateVariants(
      [
        { id: "1", option_values: ["0"] },
        { id: "2", option_values: ["0"] },
      ],
      [1],
      fresh,
    );
    expect(rows).toEqual([{ id: "1", option_values: ["0"] }]);
  });

  it("carries only the product's prices, unlimited and heavy into a new row, never its codes or stock", () => {
    const product = { price_cents: "10", cost_cents: "4", heavy: "on", sku: "TEE", barcode: "123", stock: "8" };
    expect(newVariantRow([0, 1], product)).toEqual({
      option_values: ["0", "1"],
      price_cents: "10",
      cost_cents: "4",
      heavy: "on",
      stock: "0",
      sellable: "on",
    });
  });
});

describe("editing the variants", () => {
  const rows: VariantRow[] = [
    { id: "1", option_values: ["0"], selected: "on", price_cents: "10", stock: "0" },
    { option_values: ["1"], price_cents: "10", stock: "0" },
    { option_values: ["2"], selected: "on", price_cents: "10", stock: "0" },
  ];

  it("removes one row and adds a combination it lacks", () => {
    expect(combinationsOf(removeVariant(rows, 1))).toEqual(["0", "2"]);
    expect(hasCombination(rows, [1])).toBe(true);
    expect(hasCombination(removeVariant(rows, 1), [1])).toBe(false);
  });

  it("sets a price or an opening stock for the ticked rows only", () => {
    expect(setForTicked(rows, "price_cents", "12.5").map((row) => row.price_cents)).toEqual(["12.5", "10", "12.5"]);
    expect(setForTicked(rows, "stock", "3").map((row) => row.stock)).toEqual(["3", "0", "3"]);
  });

  it("adds options up to three", () => {
    expect(addOption([size, colour])).toHaveLength(3);
    expect(addOption([size, colour, size])).toHaveLength(3);
  });

  it("removes an option and its value from each variant, keeping the first of those that then repeat", () => {
    const variants = [
      { id: "1", option_values: ["0", "0"] },
      { id: "2", option_values: ["0", "1"] },
      { id: "3", option_values: ["1", "1"] },
    ];
    const removed = removeOption([size, colour], variants, 1);
    expect(removed.options).toEqual([size]);
    expect(removed.variants).toEqual([
      { id: "1", option_values: ["0"] },
      { id: "3", option_values: ["1"] },
    ]);
    expect(removeOption([size], variants, 0)).toEqual({ options: [], variants: [] });
  });
});

describe("a variant's label", () => {
  it("names its values in the reader's language, Chinese where English is missing", () => {
    expect(variantLabel([size, colour], [1, 0], "zh-HK")).toBe("M / 黑色");
    expect(variantLabel([size, colour], [1, 0], "en")).toBe("M / Black");
    expect(variantLabel([size, { ...colour, values_en: ", White" }], [0, 0], "en")).toBe("S / 黑色");
  });

  it("leaves out a value that is gone", () => {
    expect(variantLabel([size, colour], [5, 2], "zh-HK")).toBe("灰色");
  });
});

describe("a saved product in the form", () => {
  it("types each option's values in one box per language, gaps kept where English is missing", () => {
    const options = [
      {
        name_zh_hk: "顏色",
        name_en: "Colour",
        values: [
          { id: 1, value_zh_hk: "黑色", value_en: "" },
          { id: 2, value_zh_hk: "白色", value_en: "White" },
        ],
      },
      { name_zh_hk: "尺碼", name_en: "", values: [{ id: 3, value_zh_hk: "S", value_en: "" }] },
    ];
    expect(optionRowsOf(options)).toEqual([
      { name_zh_hk: "顏色", name_en: "Colour", values_zh_hk: "黑色, 白色", values_en: ", White" },
      { name_zh_hk: "尺碼", name_en: "", values_zh_hk: "S", values_en: "" },
    ]);
  });

  it("shows its variants' prices in HK$ and flags as ticked boxes", () => {
    const [row] = variantRowsOf([
      {
        id: 9,
        option_values: [1, 0],
        sku: null,
        barcode: "123",
        price_cents: 12050,
        original_price_cents: null,
        discount_price_cents: 9900,
        vip_price_cents: null,
        cost_cents: 0,
        unlimited_inventory: false,
        stock: 4,
        heavy: true,
        image_url: null,
        sellable: true,
        label_zh_hk: "M / 黑色",
        label_en: "M / Black",
      },
    ]);
    expect(row).toEqual({
      id: "9",
      option_values: ["1", "0"],
      sku: "",
      barcode: "123",
      price_cents: "120.50",
      original_price_cents: "",
      discount_price_cents: "99.00",
      vip_price_cents: "",
      cost_cents: "0.00",
      unlimited_inventory: "",
      heavy: "on",
      image_url: "",
      sellable: "on",
    });
  });
});

describe("a step's button", () => {
  it("posts the step, and a row's step its row; anything else saves", () => {
    for (const step of [{ kind: "generate" }, { kind: "remove-variant", index: 3 }] as const) {
      expect(productStepOf(stepIntent(step))).toEqual(step);
    }
    for (const intent of ["save", "remove-variant", "remove-variant:x", "delete", null]) {
      expect(productStepOf(intent)).toBeUndefined();
    }
  });
});
