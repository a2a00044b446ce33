import { describe, expect, it } from "vitest";
import type { ProductVariantChoice } from "#modules/product/contract";
import { ActionFailure, type ActionClient } from "./action-client.server";
import { postedProductCodes, variantChoices } from "./variant-choices.server";

const variant = (product_code: string, id: number, label: string, sku: string | null = null): ProductVariantChoice => ({
  id,
  product_code,
  name_zh_hk: product_code,
  name_en: "",
  label_zh_hk: label,
  label_en: label === "黑" ? "Black" : "",
  sku,
});

const STORE = [variant("TEE", 1, "黑", "TEE-B"), variant("TEE", 2, "白"), variant("CAP", 3, "")];

/** A backend holding STORE's variants, answering as the action does, and counting its calls. */
function backend() {
  const calls: string[][] = [];
  const client = {
    get_product_variant_data_list_by_application_key_and_product_codes: async ({
      product_codes,
    }: {
      product_codes: string[];
    }) => {
      calls.push(product_codes);
      const unknown = product_codes.flatMap((code, index) =>
        STORE.some((row) => row.product_code === code) ? [] : [index],
      );
      if (unknown.length > 0) {
        throw new ActionFailure(
          404,
          "not-found",
          Object.fromEntries(unknown.map((index) => [`product_codes.${index}`, ["product-not-found"]])),
        );
      }
      return { data: STORE.filter((row) => product_codes.includes(row.product_code)) };
    },
  } as unknown as ActionClient;
  return { client, calls };
}

describe("a form's variant choices", () => {
  it("offers the variants of the products with several, by code, labelled in the page's language with their SKU", async () => {
    const { client, calls } = backend();
    expect(await variantChoices(client, "k", ["TEE", "CAP", "TEE"], "en")).toEqual({
      TEE: [
        { value: "1", label: "Black · TEE-B" },
        { value: "2", label: "白" },
      ],
    });
    expect(calls).toEqual([["TEE", "CAP"]]);
  });

  it("asks once more without the codes of no product, and not at all for what is no code", async () => {
    const { client, calls } = backend();
    expect(await variantChoices(client, "k", ["NOPE", "TEE", "bad code!", 7, ""], "zh-HK")).toEqual({
      TEE: [
        { value: "1", label: "黑 · TEE-B" },
        { value: "2", label: "白" },
      ],
    });
    expect(calls).toEqual([["NOPE", "TEE"], ["TEE"]]);
    expect(await variantChoices(client, "k", ["NOPE"], "en")).toEqual({});
    expect(await variantChoices(client, "k", ["a b", null], "en")).toEqual({});
    expect(calls).toHaveLength(3);
  });

  it("reads the codes of a form's lines", () => {
    const form = new FormData();
    form.append("name", "x");
    form.append("products[0].product_code", "TEE");
    form.append("products[1].product_code", "CAP");
    form.append("products[1].cost_cents", "1");
    form.append("lines[0].product_code", "OTHER");
    expect(postedProductCodes(form, "products")).toEqual(["TEE", "CAP"]);
  });
});
