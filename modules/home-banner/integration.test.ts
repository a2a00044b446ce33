import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { categories } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { hongKongDateTime } from "../../modules/promotion/contract";
import { MODULE_IDS } from "../../contract/modules";
import {
  createCategory,
  createHomeBanner,
  createProduct,
  createStore,
  createUploadedImage,
} from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  signIn,
  TRANSPORT_NAMES,
  transports,
} from "../../tests/integration/wire";

type BannerInput = Omit<PayloadInput<"add_home_banner_data">, "application_key">;

const newBanner = (image: string, overrides: Partial<BannerInput> = {}): BannerInput => ({
  desktop_image_url: image,
  alt_zh_hk: "秋季新品",
  alt_en: "Autumn arrivals",
  title_zh_hk: "秋季新品",
  title_en: "Autumn arrivals",
  link_kind: "url",
  link_url: "/autumn",
  publish: true,
  ...overrides,
});

const websiteRead = "get_store_website_home_banner_data_list_by_application_key";

describe.each(TRANSPORT_NAMES)("home banner actions over the %s transport", (transport) => {
  it("adds, edits and deletes a slide, logging each, and the store website sees each change at once", async () => {
    const { store, client, key } = await merchant(transport);
    const [image, mobile, category] = await Promise.all([
      createUploadedImage(db(), store.applicationKey),
      createUploadedImage(db(), store.applicationKey),
      createCategory(db(), store.applicationKey),
    ]);
    const website = clientOver(transport);
    // The website's read is cached from here on: each write below must make it forget.
    expect((await website[websiteRead](key)).data).toEqual([]);

    const { data: added } = await client.add_home_banner_data({ ...key, ...newBanner(image) });
    expect((await website[websiteRead](key)).data).toEqual([
      {
        id: added.id,
        desktop_image_url: image,
        mobile_image_url: null,
        alt_zh_hk: "秋季新品",
        alt_en: "Autumn arrivals",
        title_zh_hk: "秋季新品",
        title_en: "Autumn arrivals",
        link: { kind: "url", product_code: null, category_id: null, custom_page_link: null, url: "/autumn" },
      },
    ]);

    const edit = newBanner(image, {
      mobile_image_url: mobile,
      link_kind: "category",
      link_category_id: category.id,
      title_en: "",
    });
    await client.update_home_banner_data_by_application_key_and_id({ ...key, ...edit, id: added.id, version: 1 });
    const { data: edited } = await client.get_home_banner_data_by_application_key_and_id({ ...key, id: added.id });
    expect(edited).toMatchObject({ mobile_image_url: mobile, title_en: "", version: 2, publish: true });
    expect(edited.link).toMatchObject({ kind: "category", category_id: category.id, broken: false });
    expect((await website[websiteRead](key)).data[0].link).toEqual({
      kind: "category",
      product_code: null,
      category_id: category.id,
      custom_page_link: null,
      url: null,
    });

    await expectFailure(
      client.update_home_banner_data_by_application_key_and_id({ ...key, ...edit, id: added.id, version: 1 }),
      409,
      "edited-elsewhere",
    );

    await client.delete_home_banner_data_by_application_key_and_id({ ...key, id: added.id });
    expect((await website[websiteRead](key)).data).toEqual([]);
    await expectFailure(
      client.get_home_banner_data_by_application_key_and_id({ ...key, id: added.id }),
      404,
      "not-found",
    );

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id, entry.record_name_en])).toEqual([
      ["add", "home_banner_data", String(added.id), "Autumn arrivals"],
      ["edit", "home_banner_data", String(added.id), "Autumn arrivals"],
      ["delete", "home_banner_data", String(added.id), "Autumn arrivals"],
    ]);
    expect(log[1].changes.mobile_image_url).toEqual([null, mobile]);
  });

  it("refuses an end before the start, a link to another store's product, and a file not uploaded", async () => {
    const { store, client, key } = await merchant(transport);
    const other = await createStore(db());
    const [image, foreign] = await Promise.all([
      createUploadedImage(db(), store.applicationKey),
      createProduct(db(), other.applicationKey),
    ]);
    const refused = await expectFailure(
      client.add_home_banner_data({
        ...key,
        ...newBanner(image, { start_at: "2026-12-01T04:00:00.000Z", end_at: "2026-12-01T03:59:00.000Z" }),
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ end_at: ["end-time-before-start"] });

    const link = await expectFailure(
      client.add_home_banner_data({
        ...key,
        ...newBanner(image, { link_kind: "product", link_product_code: foreign.productCode }),
      }),
      400,
      "invalid-payload",
    );
    expect(link.fields).toEqual({ link_product_code: ["product-not-found"] });

    const notUploaded = `/uploads/${store.applicationKey}/${"a".repeat(64)}.png`;
    const file = await expectFailure(
      client.add_home_banner_data({ ...key, ...newBanner(notUploaded) }),
      400,
      "invalid-payload",
    );
    expect(file.fields).toEqual({ desktop_image_url: ["invalid-file"] });

    const { desktop_image_url: _none, ...withoutImage } = newBanner(image);
    const noImage = await expectFailure(
      client.add_home_banner_data({ ...key, ...withoutImage } as Parameters<typeof client.add_home_banner_data>[0]),
      400,
      "invalid-payload",
    );
    expect(noImage.fields).toEqual({ desktop_image_url: ["force-input"] });
    expect((await client.get_home_banner_data_list_by_application_key(key)).data.banners).toEqual([]);
  });

  it("moves slides up and down over the list's version, refusing a stale one and a move past either end", async () => {
    const { store, client, key } = await merchant(transport);
    const image = await createUploadedImage(db(), store.applicationKey);
    const ids: number[] = [];
    for (const alt of ["一", "二", "三"]) {
      ids.push((await client.add_home_banner_data({ ...key, ...newBanner(image, { alt_zh_hk: alt }) })).data.id);
    }
    const order = async () => {
      const { data } = await client.get_home_banner_data_list_by_application_key(key);
      return { version: data.list_version, ids: data.banners.map((banner) => banner.id) };
    };
    expect(await order()).toEqual({ version: 3, ids });

    const move = (id: number, move: "up" | "down", list_version: number) =>
      client.update_home_banner_position_data_by_application_key_and_id({ ...key, id, move, list_version });
    await move(ids[2], "up", 3);
    expect(await order()).toEqual({ version: 4, ids: [ids[0], ids[2], ids[1]] });
    // Another person's page still shows version 3: their move is refused, not applied to an order they did not see.
    await expectFailure(move(ids[0], "down", 3), 409, "edited-elsewhere");
    await expectFailure(move(ids[0], "up", 4), 409, "cannot-move");
    await expectFailure(move(ids[1], "down", 4), 409, "cannot-move");
    // Two moves from the same version: exactly one is made.
    const outcomes = await Promise.allSettled([move(ids[0], "down", 4), move(ids[1], "up", 4)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect((await order()).version).toBe(5);

    const log = await logOf(store.applicationKey);
    expect(log[3].changes.order).toEqual([3, 2]);
  });

  it("shows a slide on the website only while published and inside its window, edges in Hong Kong time", async () => {
    const { store, client, key } = await merchant(transport);
    const image = await createUploadedImage(db(), store.applicationKey);
    // The window as typed in Hong Kong: 10 and 40 minutes after the minute that has just begun.
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const hongKong = (minutes: number) =>
      new Date(minute.getTime() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 16);
    const start = hongKongDateTime().parse(hongKong(10));
    const end = hongKongDateTime().parse(hongKong(40));
    expect(Date.parse(start) - minute.getTime()).toBe(10 * 60_000);

    const { data: shown } = await client.add_home_banner_data({
      ...key,
      ...newBanner(image, { start_at: start, end_at: end }),
    });
    await client.add_home_banner_data({ ...key, ...newBanner(image, { publish: false }) });
    const token = await signIn(transport, store.email, store.password);
    // A signed-in read is never answered from the cache, so each moment is its own answer.
    const idsAt = async (at: number) => {
      const { data } = await createActionClient(
        transports.embedded(() => new Date(at)),
        token,
      )[websiteRead](key);
      return data.map((banner) => banner.id);
    };
    expect(await idsAt(Date.parse(start) - 1)).toEqual([]);
    expect(await idsAt(Date.parse(start))).toEqual([shown.id]);
    expect(await idsAt(Date.parse(end) - 1)).toEqual([shown.id]);
    expect(await idsAt(Date.parse(end))).toEqual([]);
  });

  it("keeps a slide whose link's target was deleted, marked broken, and shows it on the website without a link", async () => {
    const { store, client, key } = await merchant(transport);
    const category = await createCategory(db(), store.applicationKey);
    const banner = await createHomeBanner(db(), store.applicationKey, {
      linkKind: "category",
      linkCategoryId: category.id,
    });
    await db().delete(categories).where(eq(categories.id, category.id));

    const { data } = await client.get_home_banner_data_by_application_key_and_id({ ...key, id: banner.id });
    expect(data.link).toMatchObject({ kind: "category", category_id: null, broken: true });
    const { data: website } = await clientOver(transport)[websiteRead](key);
    expect(website.map((slide) => [slide.id, slide.link])).toEqual([[banner.id, null]]);
  });

  it("answers the website only for an open store whose plan has the layout module", async () => {
    const website = clientOver(transport);
    const [disabled, withoutLayout] = await Promise.all([
      createStore(db(), { disabled: true }),
      createStore(db(), { modules: MODULE_IDS.filter((module) => module !== "layout") }),
    ]);
    await expectFailure(
      website[websiteRead]({ application_key: disabled.applicationKey }),
      404,
      "store-account-not-found-or-disabled",
    );
    await expectFailure(
      website[websiteRead]({ application_key: "no-such-store" }),
      404,
      "store-account-not-found-or-disabled",
    );
    await expectFailure(
      website[websiteRead]({ application_key: withoutLayout.applicationKey }),
      404,
      "module-not-in-plan",
    );
  });
});
