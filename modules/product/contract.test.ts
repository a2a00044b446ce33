import { describe, expect, it } from "vitest";
import { productPayloads } from "./contract";

const add = productPayloads.add_product_data;
const update = productPayloads.update_product_data_by_application_key_and_product_code;

const IMAGE = `/uploads/abcd1234/${"a".repeat(64)}.jpg`;
const OTHER_IMAGE = `/uploads/abcd1234/${"b".repeat(64)}.jpg`;

const product = { application_key: "abcd1234", product_code: "TEE", name_zh_hk: "T 恤" };
const size = {
  name_zh_hk: "尺碼",
  name_en: "Size",
  values: [{ value_zh_hk: "S" }, { value_zh_hk: "M" }, { value_zh_hk: "L" }],
};
const colour = {
  name_zh_hk: "顏色",
  name_en: "Colour",
  values: [
    { value_zh_hk: "黑色", value_en: "Black" },
    { value_zh_hk: "白色", value_en: "White" },
  ],
};
const variant = (option_values: number[], fields: Record<string, unknown> = {}) => ({
  option_values,
  price_cents: 9900,
  ...fields,
});
const everyTee = [0, 1, 2].flatMap((sizeAt) => [0, 1].map((colourAt) => variant([sizeAt, colourAt])));

/** Each issue as "path: message", so a test reads what the form would show beside each field. */
function issues(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
}

describe("a product without options", () => {
  it("is today's product: no variants, its top-level fields are its one variant", () => {
    const parsed = add.parse({ ...product, price_cents: 1000, sku: "TEE-1" });
    expect(parsed).toMatchObject({ options: [], variants: [], price_cents: 1000, sku: "TEE-1" });
  });

  it("needs its price", () => {
    expect(issues(add.safeParse(product))).toEqual(["price_cents: force-input"]);
  });

  it("takes no variants", () => {
    expect(issues(add.safeParse({ ...product, price_cents: 1000, variants: [variant([])] }))).toEqual([
      "variants: variants-without-options",
    ]);
  });
});

describe("a product with options", () => {
  it("takes every combination once, without a top-level price; variants are sellable unless said", () => {
    const parsed = add.parse({ ...product, images: [IMAGE], options: [size, colour], variants: everyTee });
    expect(parsed.variants).toHaveLength(6);
    expect(parsed.variants[0]).toMatchObject({ option_values: [0, 0], sellable: true, stock: 0 });
    expect(parsed.price_cents).toBeUndefined();
  });

  it("keeps a variant's fields: id, codes, prices, stock, image, flags", () => {
    const fields = {
      id: 7,
      sku: "TEE-S-BLACK",
      barcode: "4890000000011",
      original_price_cents: 12000,
      discount_price_cents: 8000,
      vip_price_cents: 7000,
      cost_cents: 3000,
      unlimited_inventory: true,
      stock: 5,
      heavy: true,
      image_url: IMAGE,
      sellable: false,
    };
    const parsed = add.parse({ ...product, images: [IMAGE], options: [size], variants: [variant([0], fields)] });
    expect(parsed.variants[0]).toEqual({ option_values: [0], price_cents: 9900, ...fields });
  });

  it("needs at least one variant", () => {
    expect(issues(add.safeParse({ ...product, options: [size] }))).toEqual(["variants: variants-required"]);
  });

  it("takes at most 3 options of at most 20 values, and at most 100 variants", () => {
    const fourOptions = ["A", "B", "C", "D"].map((name) => ({ name_zh_hk: name, values: [{ value_zh_hk: "1" }] }));
    expect(issues(add.safeParse({ ...product, options: fourOptions, variants: [variant([0, 0, 0, 0])] }))).toContain(
      "options: too-many-options:3",
    );
    const manyValues = Array.from({ length: 21 }, (_, index) => ({ value_zh_hk: `V${index}` }));
    expect(
      issues(add.safeParse({ ...product, options: [{ ...size, values: manyValues }], variants: [variant([0])] })),
    ).toEqual(["options.0.values: too-many-option-values:20"]);
    const tooMany = Array.from({ length: 101 }, () => variant([0]));
    expect(issues(add.safeParse({ ...product, options: [size], variants: tooMany }))).toContain(
      "variants: too-many-variants:100",
    );
  });

  it("keeps names and values to 20 characters and an option to at least one value", () => {
    const long = "長".repeat(21);
    const option = { name_zh_hk: long, name_en: "x".repeat(21), values: [{ value_zh_hk: long }] };
    expect(issues(add.safeParse({ ...product, options: [option], variants: [variant([0])] }))).toEqual([
      "options.0.name_zh_hk: max-length:20",
      "options.0.name_en: max-length:20",
      "options.0.values.0.value_zh_hk: max-length:20",
    ]);
    expect(issues(add.safeParse({ ...product, options: [{ ...size, values: [] }], variants: [variant([0])] }))).toEqual(
      ["options.0.values: force-input"],
    );
  });

  it("refuses an option name twice, whatever the letters' case, beside the second", () => {
    const options = [size, { ...colour, name_zh_hk: "尺碼", name_en: "SIZE" }];
    expect(issues(add.safeParse({ ...product, options, variants: [variant([0, 0])] }))).toEqual([
      "options.1.name_zh_hk: option-name-repeated",
      "options.1.name_en: option-name-repeated",
    ]);
  });

  it("refuses a value twice in its option, in either language, naming it beside the second", () => {
    const options = [
      {
        ...colour,
        values: [
          { value_zh_hk: "黑色", value_en: "Black" },
          { value_zh_hk: "白色", value_en: "black" },
          { value_zh_hk: "黑色" },
        ],
      },
    ];
    expect(issues(add.safeParse({ ...product, options, variants: [variant([0])] }))).toEqual([
      "options.0.values.2.value_zh_hk: option-value-repeated:黑色",
      "options.0.values.1.value_en: option-value-repeated:black",
    ]);
  });

  it("refuses a repeated combination, and one that does not fit the options, beside the variant", () => {
    const variants = [variant([0, 0]), variant([0, 0]), variant([3, 0]), variant([1]), variant([1, 1])];
    expect(issues(add.safeParse({ ...product, options: [size, colour], variants }))).toEqual([
      "variants.1.option_values: variant-combination-repeated",
      "variants.2.option_values: variant-options-changed",
      "variants.3.option_values: variant-options-changed",
    ]);
  });

  it("refuses a SKU or barcode twice in the product, beside the second", () => {
    const variants = [
      variant([0], { sku: "TEE", barcode: "123" }),
      variant([1], { sku: "TEE-M", barcode: "123" }),
      variant([2], { sku: "TEE" }),
    ];
    expect(issues(add.safeParse({ ...product, options: [size], variants }))).toEqual([
      "variants.2.sku: sku-repeated",
      "variants.1.barcode: barcode-repeated",
    ]);
  });

  it("takes a variant's image only among the product's images", () => {
    const variants = [variant([0], { image_url: OTHER_IMAGE })];
    expect(issues(add.safeParse({ ...product, images: [IMAGE], options: [size], variants }))).toEqual([
      "variants.0.image_url: image-not-of-product",
    ]);
  });

  it("says every error of the form at once: fields, options and variants", () => {
    const variants = [variant([0], { sku: "TEE" }), variant([0], { sku: "TEE", price_cents: -1 })];
    expect(issues(add.safeParse({ ...product, name_zh_hk: "", options: [size, size], variants }))).toEqual([
      "name_zh_hk: force-input",
      "variants.1.price_cents: number-at-least:0",
      "options.1.name_zh_hk: option-name-repeated",
      "options.1.name_en: option-name-repeated",
      "variants.0.option_values: variant-options-changed",
      "variants.1.option_values: variant-options-changed",
      "variants.1.sku: sku-repeated",
    ]);
  });

  it("on an edit, keeps each new variant's opening stock while the product's own stock is not edited", () => {
    const parsed = update.parse({
      ...product,
      version: 3,
      stock: 99,
      options: [size],
      variants: [variant([0], { id: 12 }), variant([1], { stock: 4 })],
    });
    expect(parsed).not.toHaveProperty("stock");
    expect(parsed.variants.map(({ id, stock }) => ({ id, stock }))).toEqual([
      { id: 12, stock: 0 },
      { id: undefined, stock: 4 },
    ]);
  });
});
