import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ActionClient } from "../../app/server/action-client.server";
import { categories, menuItems } from "../../backend/db/schema";
import { errorText } from "../../backend/unique";
import type { MenuMove } from "../../modules/site-menu/contract";
import { createCategory, createCustomPage, createMenuItem, createStore } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, TRANSPORT_NAMES } from "../../tests/integration/wire";

const websiteRead = "get_store_website_menu_data_by_application_key";
const url = (link_url: string) => ({ link_kind: "url" as const, link_url });

/** The menu as an outline: "label@depth" in tree order, and its version. */
async function outline(client: ActionClient, key: { application_key: string }) {
  const { data } = await client.get_menu_item_data_list_by_application_key(key);
  return { version: data.menu_version, items: data.items.map((item) => `${item.label_zh_hk}@${item.depth}`) };
}

describe.each(TRANSPORT_NAMES)("menu actions over the %s transport", (transport) => {
  it("builds a tree three levels deep and refuses a fourth, in the backend and in the database", async () => {
    const { store, client, key } = await merchant(transport);
    const add = async (label: string, parent_id?: number) =>
      (await client.add_menu_item_data({ ...key, label_zh_hk: label, parent_id, ...url(`/${label}`) })).data.id;
    const shop = await add("商店");
    const tea = await add("茶", shop);
    const green = await add("綠茶", tea);
    await add("關於");
    expect(await outline(client, key)).toEqual({ version: 4, items: ["商店@1", "茶@2", "綠茶@3", "關於@1"] });

    await expectFailure(add("太深", green), 409, "menu-too-deep");
    await expectFailure(add("孤兒", 0x7fffffff), 404, "menu-item-not-found");

    const insert = (parentId: number, depth: number) =>
      db()
        .insert(menuItems)
        .values({
          applicationKey: store.applicationKey,
          parentId,
          depth,
          position: 9,
          labelZhHk: "x",
          ...{ linkKind: "url", linkUrl: "/x" },
        })
        .then(
          () => "saved",
          (error: unknown) => errorText(error),
        );
    expect(await insert(green, 4)).toMatch(/CHECK constraint failed: menu_item_depth/);
    // A depth that is not the parent's + 1 (the trigger), and a parent in another store.
    expect(await insert(shop, 3)).toMatch(/menu_item_depth_not_parent_plus_one/);
    const other = await createStore(db());
    const foreign = await createMenuItem(db(), other.applicationKey);
    expect(await insert(foreign.id, 2)).toMatch(/menu_item_depth_not_parent_plus_one/);
  });

  it("moves items up, down, in and out with their children, over the menu's version", async () => {
    const { store, client, key } = await merchant(transport);
    const a = (await createMenuItem(db(), store.applicationKey, null, { labelZhHk: "A" })).id;
    const bRow = await createMenuItem(db(), store.applicationKey, null, { labelZhHk: "B" });
    const b1Row = await createMenuItem(db(), store.applicationKey, bRow, { labelZhHk: "B1" });
    const b1a = (await createMenuItem(db(), store.applicationKey, b1Row, { labelZhHk: "B1a" })).id;
    const c = (await createMenuItem(db(), store.applicationKey, null, { labelZhHk: "C" })).id;
    const [b, b1] = [bRow.id, b1Row.id];
    let version = 0;
    const request = (id: number, how: MenuMove, menu_version = version) =>
      client.update_menu_item_position_data_by_application_key_and_id({ ...key, id, move: how, menu_version });
    const move = async (id: number, how: MenuMove) => {
      await request(id, how);
      version += 1;
      return (await outline(client, key)).items;
    };

    expect(await move(b, "up")).toEqual(["B@1", "B1@2", "B1a@3", "A@1", "C@1"]);
    expect(await move(b, "down")).toEqual(["A@1", "B@1", "B1@2", "B1a@3", "C@1"]);
    expect(await move(c, "in")).toEqual(["A@1", "B@1", "B1@2", "B1a@3", "C@2"]);
    expect(await move(c, "up")).toEqual(["A@1", "B@1", "C@2", "B1@2", "B1a@3"]);
    // In under C would take B1's child to depth 4.
    await expectFailure(request(b1, "in"), 409, "menu-too-deep");
    expect(await move(b1, "out")).toEqual(["A@1", "B@1", "C@2", "B1@1", "B1a@2"]);
    expect(await move(b1, "in")).toEqual(["A@1", "B@1", "C@2", "B1@2", "B1a@3"]);
    expect(await move(c, "out")).toEqual(["A@1", "B@1", "B1@2", "B1a@3", "C@1"]);

    for (const [id, how] of [
      [a, "up"],
      [a, "in"],
      [a, "out"],
      [b1a, "down"],
    ] as const) {
      await expectFailure(request(id, how), 409, "cannot-move");
    }
    await expectFailure(request(c, "up", 0), 409, "edited-elsewhere");
    // Two moves from the same version: exactly one is made.
    const outcomes = await Promise.allSettled([request(c, "up"), request(a, "down")]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect((await outline(client, key)).version).toBe(version + 1);

    const places = (await logOf(store.applicationKey)).map((entry) => entry.changes.place);
    expect(places.slice(0, 7)).toEqual([
      ["2", "1"],
      ["1", "2"],
      ["3", "2.2"],
      ["2.2", "2.1"],
      ["2.2", "3"],
      ["3", "2.2"],
      ["2.1", "3"],
    ]);
  });

  it("edits an item over its version and deletes it with everything under it", async () => {
    const { store, client, key } = await merchant(transport);
    const top = await createMenuItem(db(), store.applicationKey);
    const child = await createMenuItem(db(), store.applicationKey, top);
    await createMenuItem(db(), store.applicationKey, child);
    const kept = await createMenuItem(db(), store.applicationKey);
    const category = await createCategory(db(), store.applicationKey);
    const edit = {
      label_zh_hk: "全部",
      label_en: "All",
      link_kind: "category" as const,
      link_category_id: category.id,
    };

    await client.update_menu_item_data_by_application_key_and_id({ ...key, id: top.id, version: 1, ...edit });
    const { data: edited } = await client.get_menu_item_data_by_application_key_and_id({ ...key, id: top.id });
    expect(edited).toMatchObject({ label_en: "All", version: 2, descendant_count: 2, depth: 1 });
    expect(edited.link).toMatchObject({ kind: "category", category_id: category.id, broken: false });
    await expectFailure(
      client.update_menu_item_data_by_application_key_and_id({ ...key, id: top.id, version: 1, ...edit }),
      409,
      "edited-elsewhere",
    );
    // A menu item always links somewhere.
    const noLink = await expectFailure(
      client.update_menu_item_data_by_application_key_and_id({
        ...key,
        id: top.id,
        version: 2,
        ...edit,
        link_kind: null as never,
      }),
      400,
      "invalid-payload",
    );
    expect(noLink.fields).toEqual({ link_kind: ["force-input"] });

    await client.delete_menu_item_data_by_application_key_and_id({ ...key, id: top.id });
    const { data } = await client.get_menu_item_data_list_by_application_key(key);
    expect(data.items.map((item) => item.id)).toEqual([kept.id]);
    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_name_en])).toEqual([
      ["edit", "menu_item_data", "All"],
      ["delete", "menu_item_data", "All"],
    ]);
    expect(log[1].changes.items_under).toEqual([2, null]);
  });

  it("gives the website the menu as a tree, leaving out an item whose target was deleted, at once after each write", async () => {
    const { store, client, key } = await merchant(transport);
    const [category, page] = await Promise.all([
      createCategory(db(), store.applicationKey),
      createCustomPage(db(), store.applicationKey, { link: `about-${crypto.randomUUID().slice(0, 6)}` }),
    ]);
    const website = clientOver(transport);
    expect((await website[websiteRead](key)).data).toEqual([]);

    const { data: about } = await client.add_menu_item_data({
      ...key,
      label_zh_hk: "關於我們",
      label_en: "About us",
      link_kind: "custom_page",
      link_custom_page_id: page.id,
    });
    const { data: gone } = await client.add_menu_item_data({
      ...key,
      parent_id: about.id,
      label_zh_hk: "茶",
      link_kind: "category",
      link_category_id: category.id,
    });
    await client.add_menu_item_data({ ...key, parent_id: gone.id, label_zh_hk: "綠茶", ...url("/green") });
    const { data: contact } = await client.add_menu_item_data({
      ...key,
      parent_id: about.id,
      label_zh_hk: "聯絡",
      ...url("https://example.com/contact"),
    });
    await db().delete(categories).where(eq(categories.id, category.id));
    // The category's deletion is not the menu's write: the next menu write makes the website forget.
    await client.update_menu_item_data_by_application_key_and_id({
      ...key,
      id: contact.id,
      version: 1,
      label_zh_hk: "聯絡我們",
      ...url("https://example.com/contact"),
    });

    const { data: menu } = await website[websiteRead](key);
    expect(menu).toEqual([
      {
        id: about.id,
        label_zh_hk: "關於我們",
        label_en: "About us",
        link: { kind: "custom_page", product_code: null, category_id: null, custom_page_link: page.link, url: null },
        children: [
          {
            id: contact.id,
            label_zh_hk: "聯絡我們",
            label_en: "",
            link: {
              kind: "url",
              product_code: null,
              category_id: null,
              custom_page_link: null,
              url: "https://example.com/contact",
            },
            children: [],
          },
        ],
      },
    ]);
    const { data: list } = await client.get_menu_item_data_list_by_application_key(key);
    expect(list.items.find((item) => item.id === gone.id)?.link).toMatchObject({ kind: "category", broken: true });
  });

  it("answers the website only for an open store", async () => {
    const disabled = await createStore(db(), { disabled: true });
    await expectFailure(
      clientOver(transport)[websiteRead]({ application_key: disabled.applicationKey }),
      404,
      "store-account-not-found-or-disabled",
    );
  });
});
