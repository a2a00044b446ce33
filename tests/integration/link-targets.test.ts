import { describe, expect, it } from "vitest";
import { forStore } from "../../backend/db/scope";
import { ActionError } from "../../backend/errors";
import { linkTargetColumnsOf, linkTargetReads } from "../../backend/link-target";
import { cachedReply, forgetCachedReplies } from "../../backend/public-cache";
import type { LinkTargetInput } from "../../contract/link-target";
import { createCategory, createCustomPage, createProduct, createStore } from "../helpers/factories";
import { db, merchant } from "./wire";

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
      { status: 400, fields: { link_product_code: ["link-target-not-found"] } },
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
