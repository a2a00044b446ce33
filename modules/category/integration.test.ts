import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productCategories, products } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { UPLOAD_ACTION } from "../../modules/upload/contract";
import { createStoreStaff } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  signIn,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function newCategory(
  applicationKey: string,
  overrides: Partial<PayloadInput<"add_category_data">> = {},
): PayloadInput<"add_category_data"> {
  return {
    application_key: applicationKey,
    name_zh_hk: "新品",
    name_en: "New arrivals",
    image_url: null,
    sort_order: 1,
    publish: true,
    ...overrides,
  };
}

describe("a category's product count", () => {
  it("follows its links as products are added to it, moved, unlinked and deleted", async () => {
    const { store, client, key } = await merchant("embedded");
    const [a, b] = await Promise.all([
      client.add_category_data(newCategory(store.applicationKey, { name_en: "A" })),
      client.add_category_data(newCategory(store.applicationKey, { name_en: "B" })),
    ]);
    const [p1, p2, p3] = await db()
      .insert(products)
      .values(
        ["P1", "P2", "P3"].map((productCode) => ({
          applicationKey: store.applicationKey,
          productCode,
          nameZhHk: productCode,
          priceCents: 100,
        })),
      )
      .returning();
    const link = (productId: number, categoryId: number) => ({
      applicationKey: store.applicationKey,
      productId,
      categoryId,
    });
    const counts = async () =>
      Object.fromEntries(
        (await client.get_category_data_list_by_application_key(key)).data.map((row) => [
          row.name_en,
          row.product_count,
        ]),
      );

    await db()
      .insert(productCategories)
      .values([link(p1.id, a.data.id), link(p2.id, a.data.id), link(p3.id, b.data.id)]);
    expect(await counts()).toEqual({ A: 2, B: 1 });

    await db().update(productCategories).set({ categoryId: b.data.id }).where(eq(productCategories.productId, p2.id));
    expect(await counts()).toEqual({ A: 1, B: 2 });

    await db().delete(products).where(eq(products.id, p1.id));
    await db().delete(productCategories).where(eq(productCategories.productId, p3.id));
    expect(await counts()).toEqual({ A: 0, B: 1 });
  });
});

describe.each(TRANSPORT_NAMES)("category actions over the %s transport", (transport: TransportName) => {
  it("adds, lists in order with product counts, reads, edits and deletes, logging every write", async () => {
    const { store, client } = await merchant(transport);
    const key = { application_key: store.applicationKey };
    const { data: upload } = await client[UPLOAD_ACTION]({
      ...key,
      base64: PNG_DATA_URL,
      file_type: "image",
      module: "category",
    });
    const image = upload[0].filename;

    const second = await client.add_category_data(newCategory(store.applicationKey, { sort_order: 2 }));
    const first = await client.add_category_data(
      newCategory(store.applicationKey, { name_en: "Bestsellers", image_url: image, sort_order: 1 }),
    );
    const [product] = await db()
      .insert(products)
      .values({ applicationKey: store.applicationKey, productCode: "P1", nameZhHk: "產品", priceCents: 100 })
      .returning();
    await db()
      .insert(productCategories)
      .values({ applicationKey: store.applicationKey, productId: product.id, categoryId: first.data.id });

    const list = (await client.get_category_data_list_by_application_key(key)).data;
    expect(list.map((category) => [category.id, category.name_en, category.product_count])).toEqual([
      [first.data.id, "Bestsellers", 1],
      [second.data.id, "New arrivals", 0],
    ]);
    const { data: single } = await client.get_category_data_by_application_key_and_id({
      ...key,
      id: first.data.id,
    });
    expect(single).toMatchObject({
      data_type: "category_data",
      name_zh_hk: "新品",
      name_en: "Bestsellers",
      image_url: image,
      sort_order: 1,
      publish: true,
      product_count: 1,
    });

    await client.update_category_data_by_application_key_and_id({
      ...newCategory(store.applicationKey, { name_en: "Best sellers", sort_order: 5, publish: false }),
      id: first.data.id,
      version: single.version,
    });
    const edited = (await client.get_category_data_by_application_key_and_id({ ...key, id: first.data.id })).data;
    expect(edited).toMatchObject({
      name_en: "Best sellers",
      image_url: null,
      sort_order: 5,
      publish: false,
      version: single.version + 1,
    });

    await client.delete_category_data_by_application_key_and_id({ ...key, id: first.data.id });
    await expectFailure(
      client.get_category_data_by_application_key_and_id({ ...key, id: first.data.id }),
      404,
      "not-found",
    );
    expect(await db().select().from(products).where(eq(products.id, product.id))).toHaveLength(1);
    expect(await db().select().from(productCategories).where(eq(productCategories.productId, product.id))).toEqual([]);

    const log = (await logOf(store.applicationKey)).reverse();
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id, entry.actor_email])).toEqual([
      ["delete", "category_data", String(first.data.id), store.email],
      ["edit", "category_data", String(first.data.id), store.email],
      ["add", "category_data", String(first.data.id), store.email],
      ["add", "category_data", String(second.data.id), store.email],
    ]);
    expect(log[1].changes).toEqual({
      name_en: ["Bestsellers", "Best sellers"],
      image_url: [image, null],
      sort_order: [1, 5],
      publish: [true, false],
    });
    expect(log[0].changes.name_en).toEqual(["Best sellers", null]);
    expect(log[0]).toMatchObject({ record_name_en: "Best sellers" });
  });

  it("refuses an edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { store, client } = await merchant(transport);
    const { data } = await client.add_category_data(newCategory(store.applicationKey));
    const id = { application_key: store.applicationKey, id: data.id };
    const { data: loaded } = await client.get_category_data_by_application_key_and_id(id);
    const edit = (name_en: string) =>
      client.update_category_data_by_application_key_and_id({
        ...newCategory(store.applicationKey, { name_en }),
        id: data.id,
        version: loaded.version,
      });
    await edit("Theirs");

    await expectFailure(edit("Mine"), 409, "edited-elsewhere");
    expect((await client.get_category_data_by_application_key_and_id(id)).data).toMatchObject({
      name_en: "Theirs",
      version: loaded.version + 1,
    });
    expect((await logOf(store.applicationKey)).map((entry) => [entry.action, entry.record_name_en])).toEqual([
      ["add", "New arrivals"],
      ["edit", "Theirs"],
    ]);
  });

  it("answers bad fields with the field rules' message keys", async () => {
    const { store, client } = await merchant(transport);
    const failure = await expectFailure(
      client.add_category_data(
        newCategory(store.applicationKey, {
          name_zh_hk: "  ",
          name_en: "x".repeat(71),
          image_url: "https://elsewhere.example/cat.png",
          sort_order: -1,
        }),
      ),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      name_zh_hk: ["force-input"],
      name_en: ["max-length:70"],
      image_url: ["invalid-file"],
      sort_order: ["number-range:0:999999"],
    });
  });

  it("refuses control characters and lone surrogates in a name", async () => {
    const { store, client } = await merchant(transport);
    const failure = await expectFailure(
      client.add_category_data(
        newCategory(store.applicationKey, { name_zh_hk: "新\uD800品", name_en: "New\u0000arrivals" }),
      ),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ name_zh_hk: ["invalid-characters"], name_en: ["invalid-characters"] });
  });

  it("keeps stores apart: another store's category is not found, another store's image is refused", async () => {
    const { store, client } = await merchant(transport);
    const other = await merchant(transport);
    const { data: otherCategory } = await other.client.add_category_data(newCategory(other.store.applicationKey));
    const { data: otherUpload } = await other.client[UPLOAD_ACTION]({
      application_key: other.store.applicationKey,
      base64: PNG_DATA_URL,
      file_type: "image",
      module: "category",
    });
    const key = { application_key: store.applicationKey, id: otherCategory.id };

    await expectFailure(client.get_category_data_by_application_key_and_id(key), 404, "not-found");
    await expectFailure(
      client.update_category_data_by_application_key_and_id({
        ...newCategory(store.applicationKey),
        id: otherCategory.id,
        version: 1,
      }),
      404,
      "not-found",
    );
    await expectFailure(client.delete_category_data_by_application_key_and_id(key), 404, "not-found");
    await expectFailure(
      client.get_category_data_list_by_application_key({ application_key: other.store.applicationKey }),
      403,
      "forbidden",
    );
    const failure = await expectFailure(
      client.add_category_data(newCategory(store.applicationKey, { image_url: otherUpload[0].filename })),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ image_url: ["invalid-file"] });
    expect(
      (await other.client.get_category_data_list_by_application_key({ application_key: other.store.applicationKey }))
        .data,
    ).toHaveLength(1);
  });

  it("lets a sales staff account read categories but not change them", async () => {
    const { store, client } = await merchant(transport);
    const { data } = await client.add_category_data(newCategory(store.applicationKey));
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const salesClient = clientOver(transport, await signIn(transport, sales.email, sales.password));
    const key = { application_key: store.applicationKey, id: data.id };

    expect((await salesClient.get_category_data_list_by_application_key(key)).data).toHaveLength(1);
    expect((await salesClient.get_category_data_by_application_key_and_id(key)).data.id).toBe(data.id);
    await expectFailure(salesClient.add_category_data(newCategory(store.applicationKey)), 403, "forbidden");
    await expectFailure(
      salesClient.update_category_data_by_application_key_and_id({
        ...newCategory(store.applicationKey),
        id: data.id,
        version: 1,
      }),
      403,
      "forbidden",
    );
    await expectFailure(salesClient.delete_category_data_by_application_key_and_id(key), 403, "forbidden");
  });

  it("refuses a store whose plan does not include categories", async () => {
    const { store, client } = await merchant(transport, { modules: ["product"] });
    await expectFailure(
      client.get_category_data_list_by_application_key({ application_key: store.applicationKey }),
      403,
      "module-not-in-plan",
    );
    await expectFailure(client.add_category_data(newCategory(store.applicationKey)), 403, "module-not-in-plan");
  });
});
