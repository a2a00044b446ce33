import { describe, expect, it } from "vitest";
import { forStore } from "../../backend/db/scope";
import { ActionError } from "../../backend/errors";
import { linkTargetColumnsOf, linkTargetReads } from "../../backend/link-target";
import { cachedReply, forgetCachedReplies } from "../../backend/public-cache";
import { LINK_PRODUCT_CHOICES, type LinkTargetInput } from "../../modules/link-target/contract";
import { createCategory, createCustomPage, createProduct, createStore } from "../../tests/helpers/factories";
import { db, merchant } from "../../tests/integration/wire";

const noLink: LinkTargetInput = {
  link_kind: null,
  link_product_code: null,
  link_category_id: null,
  link_custom_page_id: null,
  link_url: null,
};

async function columnsFor(applicationKey: string, input: LinkTargetInput) {
  const [product, category, customPage] = await db().batch(linkTargetReads(forStore(db(), applicationKey), input));
  return linkTargetColumnsOf(input, [product, category, customPage]);
}

async function refusalOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (refused: unknown) => refused,
  );
  expect(error).toBeInstanceOf(ActionError);
  return { status: (error as ActionError).status, fields: (error as ActionError).fields };
}

describe("link targets", () => {
  it("offer the store's own categories and custom pages, never another store's", async () => {
    const { store, client, key } = await merchant("embedded");
    const other = await createStore(db());
    const [category, customPage] = await Promise.all([
      createCategory(db(), store.applicationKey),
      createCustomPage(db(), store.applicationKey),
      createCategory(db(), other.applicationKey),
      createCustomPage(db(), other.applicationKey),
    ]);
    const { data } = await client.get_link_target_data_list_by_application_key(key);
    expect(data.categories.map((choice) => choice.id)).toEqual([category.id]);
    expect(data.custom_pages).toEqual([
      { id: customPage.id, name_zh_hk: customPage.titleZhHk, name_en: customPage.titleEn },
    ]);
  });

  it("find the store's products by name, code, SKU or barcode, at most 20 in code order, never another store's", async () => {
    const { store, client, key } = await merchant("embedded");
    const other = await createStore(db());
    const teas = Array.from(
      { length: LINK_PRODUCT_CHOICES + 1 },
      (_, index) => `TEA-${String(index).padStart(2, "0")}`,
    );
    await Promise.all([
      ...teas.map((code, index) =>
        createProduct(db(), store.applicationKey, {
          productCode: code,
          nameZhHk: `烏龍茶 ${index}`,
          nameEn: `Oolong tea ${index}`,
        }),
      ),
      createProduct(db(), store.applicationKey, {
        productCode: "CUP-01",
        nameZhHk: "茶杯",
        nameEn: "Cup",
        sku: "SKU-CERAMIC",
        publish: false,
      }),
      createProduct(db(), other.applicationKey, { productCode: "TEA-99", nameZhHk: "烏龍茶", nameEn: "Oolong tea" }),
    ]);
    const found = async (keyword?: string) =>
      (await client.get_link_target_product_data_list_by_application_key({ ...key, keyword })).data.products;
    const codes = async (keyword?: string) => (await found(keyword)).map((product) => product.product_code);

    // Three characters or more go through the search index, shorter ones compare each product.
    expect(await codes("oolong")).toEqual(teas.slice(0, LINK_PRODUCT_CHOICES));
    expect(await codes("烏龍")).toEqual(teas.slice(0, LINK_PRODUCT_CHOICES));
    expect(await codes("ceramic")).toEqual(["CUP-01"]);
    expect(await codes("杯")).toEqual(["CUP-01"]);
    expect(await codes("coffee")).toEqual([]);
    expect(await codes()).toEqual(["CUP-01", ...teas.slice(0, LINK_PRODUCT_CHOICES - 1)]);
    expect(await found("a-07")).toEqual([{ product_code: "TEA-07", name_zh_hk: "烏龍茶 7", name_en: "Oolong tea 7" }]);
  });

  it("keep the chosen kind's target alone, and refuse a target of another store beside its field", async () => {
    const store = await createStore(db());
    const other = await createStore(db());
    const [product, category, foreignProduct, foreignCategory, foreignPage] = await Promise.all([
      createProduct(db(), store.applicationKey),
      createCategory(db(), store.applicationKey),
      createProduct(db(), other.applicationKey),
      createCategory(db(), other.applicationKey),
      createCustomPage(db(), other.applicationKey),
    ]);
    expect(
      await columnsFor(store.applicationKey, {
        ...noLink,
        link_kind: "product",
        link_product_code: product.productCode,
        link_category_id: category.id,
        link_url: "https://example.com",
      }),
    ).toEqual({
      linkKind: "product",
      linkProductId: product.id,
      linkCategoryId: null,
      linkCustomPageId: null,
      linkUrl: null,
    });
    expect(await columnsFor(store.applicationKey, { ...noLink, link_kind: "url", link_url: "/sale" })).toMatchObject({
      linkKind: "url",
      linkUrl: "/sale",
    });

    const refusals = await Promise.all([
      refusalOf(
        columnsFor(store.applicationKey, {
          ...noLink,
          link_kind: "product",
          link_product_code: foreignProduct.productCode,
        }),
      ),
      refusalOf(
        columnsFor(store.applicationKey, { ...noLink, link_kind: "category", link_category_id: foreignCategory.id }),
      ),
      refusalOf(
        columnsFor(store.applicationKey, { ...noLink, link_kind: "custom_page", link_custom_page_id: foreignPage.id }),
      ),
    ]);
    expect(refusals).toEqual([
      { status: 400, fields: { link_product_code: ["product-not-found"] } },
      { status: 400, fields: { link_category_id: ["link-target-not-found"] } },
      { status: 400, fields: { link_custom_page_id: ["link-target-not-found"] } },
    ]);
  });
});

describe("the public reads' cache", () => {
  it("answers a payload from the cache until a write forgets it, and keeps no failure", async () => {
    const name = "get_link_target_data_list_by_application_key";
    const payload = { application_key: `cache-${crypto.randomUUID()}` };
    let answered = 0;
    const answer = (status: number) => async () => {
      answered += 1;
      return Response.json({ answered }, { status });
    };
    const read = (status = 200) => cachedReply(name, payload, 60, answer(status), (work) => work);

    expect(await (await read(500)).json()).toEqual({ answered: 1 });
    expect(await (await read()).json()).toEqual({ answered: 2 });
    expect(await (await read()).json()).toEqual({ answered: 2 });
    // The same payload with its fields in another order is the same read.
    expect(await (await cachedReply(name, { ...payload }, 60, answer(200), (work) => work)).json()).toEqual({
      answered: 2,
    });

    await forgetCachedReplies([{ name, payload }]);
    expect(await (await read()).json()).toEqual({ answered: 3 });
  });
});
