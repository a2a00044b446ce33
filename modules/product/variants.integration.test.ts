import { describe, expect, it } from "vitest";
import type { Payload } from "../../contract/actions";
import { UPLOAD_ACTION } from "../../modules/upload/contract";
import { createProduct } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, storeD1 } from "../../tests/integration/wire";

type Client = Awaited<ReturnType<typeof merchant>>["client"];
type NewProduct = Omit<Payload<"add_product_data">, "application_key">;
type Variant = NewProduct["variants"][number];

/** A 1×1 PNG. */
const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const unique = () => crypto.randomUUID().slice(0, 8);
const size = { name_zh_hk: "尺碼", name_en: "Size", values: [{ value_zh_hk: "S" }, { value_zh_hk: "M" }] };
const colour = {
  name_zh_hk: "顏色",
  name_en: "Colour",
  values: [
    { value_zh_hk: "黑色", value_en: "Black" },
    { value_zh_hk: "白色", value_en: "White" },
    { value_zh_hk: "灰色" },
  ],
};

/** A T-shirt in sizes S and M and three colours: six variants, each with its own codes, price and stock. */
function tee(code = `TEE-${unique()}`): NewProduct {
  return {
    product_code: code,
    name_zh_hk: "T 恤",
    options: [size, colour],
    variants: [0, 1].flatMap((sizeAt) =>
      [0, 1, 2].map((colourAt) => ({
        option_values: [sizeAt, colourAt],
        sku: `${code}-${sizeAt}${colourAt}`,
        barcode: `${unique()}${sizeAt}${colourAt}`,
        price_cents: 9900 + sizeAt * 1000,
        stock: sizeAt * 3 + colourAt,
        unlimited_inventory: false,
        heavy: false,
        sellable: true,
      })),
    ),
  } as NewProduct;
}

async function detail(client: Client, key: { application_key: string }, productCode: string) {
  return (await client.get_product_data_by_application_key_and_product_code({ ...key, product_code: productCode }))
    .data;
}

/** The detail's variants as an edit sends them back, with their ids. */
const asSent = (variants: Awaited<ReturnType<typeof detail>>["variants"]): Variant[] =>
  variants.map((variant) => ({
    id: variant.id,
    option_values: variant.option_values,
    sku: variant.sku ?? undefined,
    barcode: variant.barcode ?? undefined,
    price_cents: variant.price_cents,
    unlimited_inventory: variant.unlimited_inventory,
    stock: 0,
    heavy: variant.heavy,
    image_url: variant.image_url ?? undefined,
    sellable: variant.sellable,
  }));

describe("a product's options and variants", () => {
  it("are added together: six variants with their own codes, prices, stock and image, named by their values", async () => {
    const { client, key } = await merchant("embedded");
    const { data: upload } = await client[UPLOAD_ACTION]({
      ...key,
      base64: PNG_DATA_URL,
      file_type: "image",
      module: "product",
    });
    const image = upload[0].filename;
    const input = tee();
    input.images = [image];
    input.variants[4].image_url = image;
    input.variants[5].sellable = false;
    await client.add_product_data({ ...key, ...input });

    const product = await detail(client, key, input.product_code);
    expect(product.options).toEqual([
      { ...size, values: size.values.map((value) => ({ ...value, id: expect.any(Number), value_en: "" })) },
      {
        ...colour,
        values: colour.values.map((value) => ({ value_en: "", ...value, id: expect.any(Number) })),
      },
    ]);
    expect(product.variants.map((variant) => [variant.label_zh_hk, variant.label_en, variant.stock])).toEqual([
      ["S / 黑色", "S / Black", 0],
      ["S / 白色", "S / White", 1],
      ["S / 灰色", "S / 灰色", 2],
      ["M / 黑色", "M / Black", 3],
      ["M / 白色", "M / White", 4],
      ["M / 灰色", "M / 灰色", 5],
    ]);
    expect(product.variants[4]).toMatchObject({
      option_values: [1, 1],
      sku: input.variants[4].sku,
      barcode: input.variants[4].barcode,
      price_cents: 10900,
      image_url: image,
      sellable: true,
    });
    expect(product.variants[5].sellable).toBe(false);
    // The product sums them up: the price range of the sellable ones, the stock of all.
    expect(product).toMatchObject({ price_cents: 9900, price_max_cents: 10900, stock: 15, variant_count: 6 });
    const [added] = await logOf(key.application_key);
    expect(added.changes.variants[1]).toContain(`S / 黑色 ${input.variants[0].sku}`);
  });

  it("keep their ids when a value is renamed in its place; a variant removed goes, one added is new", async () => {
    const { client, key } = await merchant("embedded");
    const input = tee();
    await client.add_product_data({ ...key, ...input });
    const before = await detail(client, key, input.product_code);
    const renamed = { ...colour, values: [{ value_zh_hk: "黑" }, ...colour.values.slice(1)] };
    const [first, removed, ...rest] = asSent(before.variants);
    const kept = [first, ...rest];
    const added = { ...asSent(before.variants)[1], id: undefined, sku: undefined, barcode: undefined, stock: 8 };

    await client.update_product_data_by_application_key_and_product_code({
      ...key,
      ...input,
      version: before.version,
      options: [size, renamed],
      variants: [...kept, added],
    });

    const after = await detail(client, key, input.product_code);
    expect(after.variants.map((variant) => variant.id)).toEqual([
      ...kept.map((variant) => variant.id),
      expect.any(Number),
    ]);
    expect(after.variants.at(-1)?.id).not.toBe(removed.id);
    expect(after.variants.map((variant) => [variant.label_zh_hk, variant.stock])).toEqual([
      ["S / 黑", 0],
      ["S / 灰色", 2],
      ["M / 黑", 3],
      ["M / 白色", 4],
      ["M / 灰色", 5],
      ["S / 白色", 8],
    ]);
    expect(after.options[1].values.map((value) => value.id)).toEqual(before.options[1].values.map((value) => value.id));
    expect(after).toMatchObject({ version: before.version + 1, stock: 22, variant_count: 6 });
  });

  it("turn a product of one variant into several and back, keeping its variant and stock", async () => {
    const { store, client, key } = await merchant("embedded");
    const single = await createProduct(db(), store.applicationKey, { stock: 7, sku: `ONE-${unique()}` });
    const before = await detail(client, key, single.productCode);
    expect(before).toMatchObject({
      options: [],
      variants: [{ id: single.variantId, option_values: [], label_zh_hk: "" }],
    });
    const fields = { ...key, product_code: single.productCode, name_zh_hk: single.nameZhHk, price_cents: 100 };

    await client.update_product_data_by_application_key_and_product_code({
      ...fields,
      version: before.version,
      options: [size],
      variants: [
        { option_values: [0], price_cents: 100, stock: 3, unlimited_inventory: false, heavy: false, sellable: true },
        { option_values: [1], price_cents: 200, stock: 4, unlimited_inventory: false, heavy: false, sellable: true },
      ],
    });
    const several = await detail(client, key, single.productCode);
    expect(
      several.variants.map((variant) => [variant.id === single.variantId, variant.label_zh_hk, variant.stock]),
    ).toEqual([
      [true, "S", 7],
      [false, "M", 4],
    ]);

    await client.update_product_data_by_application_key_and_product_code({ ...fields, version: several.version });
    const one = await detail(client, key, single.productCode);
    expect(one).toMatchObject({ options: [], variant_count: 1, stock: 7, price_cents: 100 });
    expect(one.variants.map((variant) => variant.id)).toEqual([single.variantId]);
  });

  it("refuse more than 100 variants, a fourth option and a repeated combination, beside the field", async () => {
    const { client, key } = await merchant("embedded");
    const input = tee();
    const variant = input.variants[0];
    const many = Array.from({ length: 101 }, () => ({ ...variant, sku: undefined, barcode: undefined }));
    const tooMany = await expectFailure(
      client.add_product_data({ ...key, ...input, variants: many }),
      400,
      "invalid-payload",
    );
    expect(tooMany.fields?.variants).toEqual(["too-many-variants:100"]);
    const options = [
      size,
      colour,
      { ...size, name_zh_hk: "款式", name_en: "Style" },
      { ...size, name_zh_hk: "物料", name_en: "Fabric" },
    ];
    const fourOptions = await expectFailure(
      client.add_product_data({ ...key, ...input, options }),
      400,
      "invalid-payload",
    );
    expect(fourOptions.fields?.options).toEqual(["too-many-options:3"]);
    const repeated = [...input.variants, { ...variant, sku: undefined, barcode: undefined }];
    const twice = await expectFailure(
      client.add_product_data({ ...key, ...input, variants: repeated }),
      400,
      "invalid-payload",
    );
    expect(twice.fields).toEqual({ "variants.6.option_values": ["variant-combination-repeated"] });
  });

  it("refuse a SKU or barcode another product's variant has, beside the variant; an edit keeps its own", async () => {
    const { client, key } = await merchant("embedded");
    const first = tee();
    await client.add_product_data({ ...key, ...first });
    const second = tee();
    second.variants[2].sku = first.variants[5].sku;
    second.variants[3].barcode = first.variants[0].barcode;
    const used = await expectFailure(client.add_product_data({ ...key, ...second }), 409, "invalid-payload");
    expect(used.fields).toEqual({ "variants.2.sku": ["sku-used"], "variants.3.barcode": ["barcode-used"] });

    // Its own codes, even moved from one variant to another, are no conflict.
    const saved = await detail(client, key, first.product_code);
    const variants = asSent(saved.variants);
    [variants[0].sku, variants[1].sku] = [variants[1].sku, variants[0].sku];
    await client.update_product_data_by_application_key_and_product_code({
      ...key,
      ...first,
      version: saved.version,
      variants,
    });
    const swapped = await detail(client, key, first.product_code);
    expect(swapped.variants.slice(0, 2).map((variant) => variant.sku)).toEqual([
      first.variants[1].sku,
      first.variants[0].sku,
    ]);
  });

  it("show in the list as a price range, the total stock and the count; a variant's SKU finds the product", async () => {
    const { client, key } = await merchant("embedded");
    const input = tee();
    await client.add_product_data({ ...key, ...input });
    const { data } = await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      ...key,
      sorting: "create_date",
      direction: "DESC",
      limit: 20,
      page: 1,
      filter_additional_product: true,
      merge_with_quantity: true,
      include_pos: true,
      keyword: input.variants[4].sku,
    });
    expect(
      data.map((product) => [
        product.product_code,
        product.price_cents,
        product.price_max_cents,
        product.stock,
        product.variant_count,
      ]),
    ).toEqual([[input.product_code, 9900, 10900, 15, 6]]);
  });

  it("are written within D1's 100 bound values per statement: three options, a hundred variants", async () => {
    const { client, key } = await merchant("embedded");
    const values = (count: number) =>
      Array.from({ length: count }, (_, at) => ({ value_zh_hk: `V${at}`, value_en: `Value ${at}` }));
    const options = [
      { name_zh_hk: "甲", name_en: "A", values: values(5) },
      { name_zh_hk: "乙", name_en: "B", values: values(5) },
      { name_zh_hk: "丙", name_en: "C", values: values(4) },
    ];
    const code = `BIG-${unique()}`;
    const variants = [0, 1, 2, 3, 4].flatMap((a) =>
      [0, 1, 2, 3, 4].flatMap((b) =>
        [0, 1, 2, 3].map((c) => ({
          option_values: [a, b, c],
          sku: `${code}-${a}${b}${c}`,
          barcode: `${a}${b}${c}${unique()}`,
          price_cents: 999_999,
          original_price_cents: 1_999_999,
          discount_price_cents: 899_999,
          vip_price_cents: 799_999,
          cost_cents: 1,
          stock: 1,
          unlimited_inventory: false,
          heavy: true,
          sellable: true,
        })),
      ),
    );
    await client.add_product_data({ ...key, product_code: code, name_zh_hk: "大", options, variants });
    const saved = await detail(client, key, code);
    expect(saved.variant_count).toBe(100);
    const renamed = options.map((option) => ({
      ...option,
      values: option.values.map((value) => ({ ...value, value_en: `${value.value_en}!` })),
    }));
    await client.update_product_data_by_application_key_and_product_code({
      ...key,
      product_code: code,
      name_zh_hk: "大",
      version: saved.version,
      options: renamed,
      variants: asSent(saved.variants).map((variant) => ({ ...variant, price_cents: 1 })),
    });
    expect((await detail(client, key, code)).price_max_cents).toBe(1);
    // The codes' read goes through the store's unique SKU index, never over every variant.
    const plan = await storeD1()
      .prepare("EXPLAIN QUERY PLAN SELECT product_id FROM product_variant WHERE application_key = ? AND sku IN (?, ?)")
      .bind(key.application_key, "a", "b")
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join(" ")).toContain("product_variant_sku_unique");
  });

  it("refuse an edit over a stale version", async () => {
    const { client, key } = await merchant("embedded");
    const input = tee();
    await client.add_product_data({ ...key, ...input });
    const saved = await detail(client, key, input.product_code);
    const edit = { ...key, ...input, variants: asSent(saved.variants) };
    await client.update_product_data_by_application_key_and_product_code({ ...edit, version: saved.version });
    await expectFailure(
      client.update_product_data_by_application_key_and_product_code({ ...edit, version: saved.version }),
      409,
      "edited-elsewhere",
    );
  });
});
