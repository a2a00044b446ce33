import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { productFormSchema } from "./__product-form";

/** A posted add form: a product with a T-shirt's options and variants as the page's fields name them. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  const all = {
    product_code: "TEE",
    name_zh_hk: "T 恤",
    minimum_order_quantity: "1",
    "options[0].name_zh_hk": "尺碼",
    "options[0].values_zh_hk": "S, M",
    "variants[0].option_values[0]": "0",
    "variants[0].price_cents": "99",
    "variants[0].sellable": "on",
    "variants[1].option_values[0]": "1",
    "variants[1].price_cents": "109.5",
    bulk_price: "5",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  return parseWithZod(form, { schema: productFormSchema });
}

/** A refused submission's errors by field. */
const errorsOf = (submission: ReturnType<typeof posted>) =>
  submission.status === "success" ? undefined : submission.error;

describe("the product form's options and variants", () => {
  it("carry on as the contract's: values paired by position, prices in cents, an unticked box unsellable, no step inputs", () => {
    const submission = posted({ "options[0].values_en": "Small, Medium" });
    expect(submission.status).toBe("success");
    const value = submission.status === "success" ? submission.value : undefined;
    expect(value?.options).toEqual([
      {
        name_zh_hk: "尺碼",
        values: [
          { value_zh_hk: "S", value_en: "Small" },
          { value_zh_hk: "M", value_en: "Medium" },
        ],
      },
    ]);
    expect(value?.variants.map(({ price_cents, sellable }) => ({ price_cents, sellable }))).toEqual([
      { price_cents: 9900, sellable: true },
      { price_cents: 10950, sellable: false },
    ]);
    expect(value).not.toHaveProperty("bulk_price");
    expect(value?.price_cents).toBeUndefined();
  });

  it("say what is wrong beside each typed box, every error at once", () => {
    const submission = posted({
      "options[0].values_zh_hk": "S, M, s",
      "options[0].values_en": "Small",
      "options[1].name_zh_hk": "尺碼",
      "options[1].values_zh_hk": "x".repeat(21),
    });
    expect(errorsOf(submission)).toMatchObject({
      "options[0].values_zh_hk": ["option-value-repeated:s"],
      "options[0].values_en": ["option-value-counts-differ:3"],
      "options[1].name_zh_hk": ["option-name-repeated"],
      "options[1].values_zh_hk": ["max-length:20"],
      "variants[0].option_values": ["variant-options-changed"],
    });
  });

  it("needs the product's price only without options", () => {
    const submission = posted({ "options[0].name_zh_hk": "" });
    expect(errorsOf(submission)?.["options[0].name_zh_hk"]).toEqual(["force-input"]);
    const single = new FormData();
    for (const [name, value] of Object.entries({ product_code: "CUP", name_zh_hk: "杯", minimum_order_quantity: "1" }))
      single.append(name, value);
    expect(errorsOf(parseWithZod(single, { schema: productFormSchema }))).toEqual({ price_cents: ["force-input"] });
  });
});
