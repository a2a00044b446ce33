import { describe, expect, it } from "vitest";
import type { Payload } from "../../contract/actions";
import { productAddOns, uploads } from "../../backend/db/schema";
import { createAddOn, createProduct, createStore, createStoreStaff } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  signIn,
  storeD1,
  TRANSPORT_NAMES,
} from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

function newAddOn(overrides: Partial<Payload<"add_add_on_product_data">> = {}) {
  const id = unique();
  return {
    name_zh_hk: `加配 ${id}`,
    name_en: `Extra ${id}`,
    price_cents: 1550,
    stock: 12,
    publish: true,
    ...overrides,
  };
}

const list = (overrides: Partial<Payload<"get_add_on_product_data_and_total_number_by_sorting_and_limit">> = {}) => ({
  sorting: "create_date" as const,
  direction: "DESC" as const,
  limit: 20,
  page: 1,
  ...overrides,
});

describe.each(TRANSPORT_NAMES)("add-on product actions over the %s transport", (transport) => {
  it("adds, reads, edits and deletes an add-on, logging every write", async () => {
    const { store, client, key } = await merchant(transport);
    const objectKey = `uploads/${store.applicationKey}/${"a".repeat(64)}.png`;
    await db()
      .insert(uploads)
      .values({ applicationKey: store.applicationKey, objectKey, contentType: "image/png", size: 1 });
    const other = await createStore(db());
    const foreign = `/uploads/${other.applicationKey}/${"b".repeat(64)}.png`;
    await db()
      .insert(uploads)
      .values({ applicationKey: other.applicationKey, objectKey: foreign.slice(1), contentType: "image/png", size: 1 });
    const refused = await expectFailure(
      client.add_add_on_product_data({ ...key, ...newAddOn({ image_url: foreign }) }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ image_url: ["invalid-file"] });

    const input = newAddOn({ image_url: `/${objectKey}` });
    const { data: added } = await client.add_add_on_product_data({ ...key, ...input });

    const { data } = await client.get_add_on_product_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ ...input, id: added.id, unlimited_inventory: false });

    await client.update_add_on_product_data_by_application_key_and_id({
      ...key,
      ...newAddOn({ name_zh_hk: input.name_zh_hk, name_en: undefined, price_cents: 990, unlimited_inventory: true }),
      id: added.id,
      version: data.version,
    });
    expect(
      (await client.get_add_on_product_data_by_application_key_and_id({ ...key, id: added.id })).data,
    ).toMatchObject({
      name_en: "",
      price_cents: 990,
      unlimited_inventory: true,
      image_url: null,
      version: data.version + 1,
    });

    await client.delete_add_on_product_data_by_application_key_and_id({ ...key, id: added.id });
    await expectFailure(
      client.get_add_on_product_data_by_application_key_and_id({ ...key, id: added.id }),
      404,
      "not-found",
    );

    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "add_on_product_data", String(added.id)],
      ["edit", "add_on_product_data", String(added.id)],
      ["delete", "add_on_product_data", String(added.id)],
    ]);
    expect(log[1].changes).toMatchObject({
      price_cents: [1550, 990],
      unlimited_inventory: [false, true],
      name_en: [input.name_en, ""],
      image_url: [input.image_url, null],
    });
    expect(log[1].changes).not.toHaveProperty("name_zh_hk");
    // Each entry names the add-on as it was named then, a deleted one too.
    expect(log.map(({ record_name_zh_hk, record_name_en }) => [record_name_zh_hk, record_name_en])).toEqual([
      [input.name_zh_hk, input.name_en],
      [input.name_zh_hk, ""],
      [input.name_zh_hk, ""],
    ]);
  });

  it("refuses an edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { store, client, key } = await merchant(transport);
    const addOn = await createAddOn(db(), store.applicationKey);
    const id = { ...key, id: addOn.id };
    const { data: loaded } = await client.get_add_on_product_data_by_application_key_and_id(id);
    const theirs = newAddOn();
    await client.update_add_on_product_data_by_application_key_and_id({ ...id, ...theirs, version: loaded.version });

    await expectFailure(
      client.update_add_on_product_data_by_application_key_and_id({ ...id, ...newAddOn(), version: loaded.version }),
      409,
      "edited-elsewhere",
    );
    expect((await client.get_add_on_product_data_by_application_key_and_id(id)).data).toMatchObject({
      name_zh_hk: theirs.name_zh_hk,
      version: loaded.version + 1,
    });
    expect((await logOf(store.applicationKey)).map((entry) => entry.record_name_zh_hk)).toEqual([theirs.name_zh_hk]);
  });

  it("answers bad fields with the field rules' keys", async () => {
    const { client, key } = await merchant(transport);
    const failure = await expectFailure(
      client.add_add_on_product_data({
        ...key,
        ...newAddOn({ name_zh_hk: " ", name_en: "x".repeat(71), price_cents: -1, stock: 1.5 }),
        image_url: "https://elsewhere.example/a.png",
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      name_zh_hk: ["force-input"],
      name_en: ["max-length:70"],
      price_cents: ["number-at-least:0"],
      stock: ["format-not-match"],
      image_url: ["invalid-file"],
    });
  });

  it("lists by a word anywhere in the name, sorts, pages and counts in one answer", async () => {
    const { client, key } = await merchant(transport);
    const tea = newAddOn({ name_zh_hk: "珍珠", name_en: "Tapioca 100%", price_cents: 800 });
    const cream = newAddOn({ name_zh_hk: "忌廉", name_en: "Cream", price_cents: 300 });
    const cheese = newAddOn({ name_zh_hk: "芝士", name_en: "Cheese foam", price_cents: 1200 });
    for (const addOn of [tea, cream, cheese]) await client.add_add_on_product_data({ ...key, ...addOn });

    const names = async (overrides: Parameters<typeof list>[0]) => {
      const { data, extra } = await client.get_add_on_product_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...list(overrides),
      });
      return { names: data.map((addOn) => addOn.name_en), total: extra.total_number };
    };
    expect(await names({ sorting: "price", direction: "ASC" })).toEqual({
      names: ["Cream", "Tapioca 100%", "Cheese foam"],
      total: 3,
    });
    expect(await names({ sorting: "price", direction: "DESC", limit: 2, page: 2 })).toEqual({
      names: ["Cream"],
      total: 3,
    });
    expect(await names({ keyword: "AM" })).toEqual({ names: ["Cheese foam", "Cream"], total: 2 });
    expect(await names({ keyword: "珠" })).toEqual({ names: ["Tapioca 100%"], total: 1 });
    expect(await names({ keyword: "ioca 100%" })).toEqual({ names: ["Tapioca 100%"], total: 1 });
    expect(await names({ keyword: "%" })).toEqual({ names: ["Tapioca 100%"], total: 1 });
    expect(await names({ keyword: "_" })).toEqual({ names: [], total: 0 });
  });

  it("reaches only the caller's own add-ons, and a deleted add-on leaves its products", async () => {
    const { store, client, key } = await merchant(transport);
    const other = await createStore(db());
    const theirs = await createAddOn(db(), other.applicationKey);
    const id = { ...key, id: theirs.id };

    await expectFailure(client.get_add_on_product_data_by_application_key_and_id(id), 404, "not-found");
    await expectFailure(
      client.update_add_on_product_data_by_application_key_and_id({ ...id, ...newAddOn(), version: 1 }),
      404,
      "not-found",
    );
    await expectFailure(client.delete_add_on_product_data_by_application_key_and_id(id), 404, "not-found");
    const survivor = await storeD1()
      .prepare("SELECT name_zh_hk FROM add_on_product WHERE id = ?")
      .bind(theirs.id)
      .first();
    expect(survivor).toEqual({ name_zh_hk: theirs.nameZhHk });
    await expectFailure(
      client.get_add_on_product_data_by_application_key_and_id({
        application_key: other.applicationKey,
        id: theirs.id,
      }),
      403,
      "forbidden",
    );

    const mine = await createAddOn(db(), store.applicationKey);
    const product = await createProduct(db(), store.applicationKey);
    await db()
      .insert(productAddOns)
      .values({ applicationKey: store.applicationKey, productId: product.id, addOnProductId: mine.id });
    await client.delete_add_on_product_data_by_application_key_and_id({ ...key, id: mine.id });
    const links = await storeD1()
      .prepare("SELECT count(*) AS n FROM product_add_on WHERE product_id = ?")
      .bind(product.id)
      .first();
    expect(links).toEqual({ n: 0 });
    const { data } = await client.get_product_data_by_application_key_and_product_code({
      ...key,
      product_code: product.productCode,
    });
    expect(data.add_on_product_ids).toEqual([]);
  });

  it("lets sales staff read add-ons but not change them, and stores without the module nothing", async () => {
    const { store, key } = await merchant(transport);
    const addOn = await createAddOn(db(), store.applicationKey);
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const salesClient = clientOver(transport, await signIn(transport, sales.email, sales.password));
    expect(
      (await salesClient.get_add_on_product_data_by_application_key_and_id({ ...key, id: addOn.id })).data.id,
    ).toBe(addOn.id);
    expect(
      (await salesClient.get_add_on_product_data_and_total_number_by_sorting_and_limit({ ...key, ...list() })).extra
        .total_number,
    ).toBe(1);
    await expectFailure(salesClient.add_add_on_product_data({ ...key, ...newAddOn() }), 403, "forbidden");
    await expectFailure(
      salesClient.update_add_on_product_data_by_application_key_and_id({
        ...key,
        ...newAddOn(),
        id: addOn.id,
        version: 1,
      }),
      403,
      "forbidden",
    );
    await expectFailure(
      salesClient.delete_add_on_product_data_by_application_key_and_id({ ...key, id: addOn.id }),
      403,
      "forbidden",
    );
    expect(await logOf(store.applicationKey)).toEqual([]);

    const noAddOns = await merchant(transport, { modules: ["product", "order"] });
    await expectFailure(
      noAddOns.client.get_add_on_product_data_and_total_number_by_sorting_and_limit({
        ...noAddOns.key,
        ...list(),
      }),
      403,
      "module-not-in-plan",
    );
    await expectFailure(
      noAddOns.client.add_add_on_product_data({ ...noAddOns.key, ...newAddOn() }),
      403,
      "module-not-in-plan",
    );
  });
});
