import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { MAX_MENU_DEPTH, MAX_MENU_ITEMS, type MenuItemRecord, type MenuMove, type WebsiteMenuItem } from "./contract";
import { saveEdit } from "../../backend/crud";
import type { StoreScope } from "../../backend/db/scope";
import { forStore } from "../../backend/db/scope";
import { menuItems } from "../../backend/db/schema";
import { rethrowStaleVersion } from "../../backend/db/version";
import { ActionError } from "../../backend/errors";
import { joinLinkTargets, linkTargetColumnsOf, linkTargetReads, toLinkTarget } from "../../backend/link-target";
import { edited, type RecordName } from "../../backend/log";
import { forgetStoreReply } from "../../backend/public-cache";
import { defineAction, type BaseContext } from "../../backend/registry";
import {
  layoutVersionOf,
  loggedLink,
  nextLayoutVersion,
  refuseClosedWebsite,
  storeLayoutQuery,
  storeWebsiteReads,
  toWebsiteLink,
  websiteLinkSelection,
} from "../../backend/store-website";

type ItemFields = Omit<Payload<"add_menu_item_data">, "application_key" | "parent_id">;

const DATA_TYPE = "menu_item_data";
const PUBLIC_READ = "get_store_website_menu_data_by_application_key";

const itemFields = { ...getTableColumns(menuItems), ...websiteLinkSelection(menuItems) };

/** The store's whole menu (at most MAX_MENU_ITEMS) with its links' targets, a level at a time. */
const menuOf = (store: StoreScope) =>
  joinLinkTargets(store.selectFields(menuItems, itemFields), menuItems).orderBy(
    asc(menuItems.depth),
    asc(menuItems.position),
    asc(menuItems.id),
  );

type ItemRow = Awaited<ReturnType<typeof menuOf>>[number];
type Place = Pick<ItemRow, "id" | "parentId" | "depth" | "position">;

/** Each parent's children (`null`: the top level) in their order. */
function childrenByParent<T extends Place>(rows: T[]) {
  const children = new Map<number | null, T[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position || a.id - b.id)) {
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  }
  return children;
}

/** The item and every item under it, parents first. */
function subtreeOf<T extends Place>(item: T, children: Map<number | null, T[]>): T[] {
  return [item, ...(children.get(item.id) ?? []).flatMap((child) => subtreeOf(child, children))];
}

/** The menu in tree order: each item followed by its children. */
function inTreeOrder<T extends Place>(rows: T[]): T[] {
  const children = childrenByParent(rows);
  return (children.get(null) ?? []).flatMap((item) => subtreeOf(item, children));
}

function toRecord(row: ItemRow, children: Map<number | null, ItemRow[]>): MenuItemRecord {
  return {
    id: row.id,
    parent_id: row.parentId,
    depth: row.depth,
    position: row.position,
    label_zh_hk: row.labelZhHk,
    label_en: row.labelEn,
    link: toLinkTarget(row)!,
    descendant_count: subtreeOf(row, children).length - 1,
    version: row.version,
  };
}

function toColumns(input: ItemFields, link: ReturnType<typeof linkTargetColumnsOf>) {
  return { labelZhHk: input.label_zh_hk, labelEn: input.label_en ?? "", ...link };
}

type Columns = ReturnType<typeof toColumns>;

const toLogged = (columns: Columns) => ({
  label_zh_hk: columns.labelZhHk,
  label_en: columns.labelEn,
  link: loggedLink(columns),
});

const nameOf = (columns: Pick<Columns, "labelZhHk" | "labelEn">): RecordName => ({
  zhHk: columns.labelZhHk,
  en: columns.labelEn || columns.labelZhHk,
});

/** Where an item sits, as people count: "2.1" is the first item under the second at the top. */
function outlineOf(id: number, places: Place[]) {
  const byId = new Map(places.map((place) => [place.id, place]));
  const children = childrenByParent(places);
  const numbers: number[] = [];
  for (let place = byId.get(id); place; place = place.parentId === null ? undefined : byId.get(place.parentId)) {
    numbers.unshift((children.get(place.parentId) ?? []).indexOf(place) + 1);
  }
  return numbers.join(".");
}

const forgetWebsiteMenu = (store: StoreScope, afterReply: BaseContext["afterReply"]) =>
  forgetStoreReply(store, afterReply, PUBLIC_READ);

const rowsFound = (rows: ItemRow[], id: number) => {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw new ActionError(404, "not-found");
  return row;
};

/**
 * The places every item has after the move: its new parent, depth and position, its children one level
 * deeper or shallower with it. Refuses a move with nowhere to go, or one that would take an item below
 * depth 3.
 */
function placesAfter(rows: Place[], item: Place, move: MenuMove): Place[] {
  const children = childrenByParent(rows);
  const siblings = children.get(item.parentId) ?? [];
  const at = siblings.indexOf(item);
  const moved = new Map<number, Place>();
  const put = (place: Place) => moved.set(place.id, place);
  const shiftSubtree = (parentId: number | null, depth: number, position: number) => {
    const delta = depth - item.depth;
    for (const place of subtreeOf(item, children)) {
      put(place === item ? { ...place, parentId, depth, position } : { ...place, depth: place.depth + delta });
    }
  };
  if (move === "up" || move === "down") {
    const other = siblings[move === "up" ? at - 1 : at + 1];
    if (!other) throw new ActionError(409, "cannot-move");
    put({ ...item, position: other.position });
    put({ ...other, position: item.position });
  } else if (move === "in") {
    const before = siblings[at - 1];
    if (!before) throw new ActionError(409, "cannot-move");
    const deepest = Math.max(...subtreeOf(item, children).map((place) => place.depth));
    if (deepest + 1 > MAX_MENU_DEPTH) throw new ActionError(409, "menu-too-deep");
    const last = (children.get(before.id) ?? []).at(-1);
    shiftSubtree(before.id, before.depth + 1, (last?.position ?? 0) + 1);
  } else {
    const parent = rows.find((place) => place.id === item.parentId);
    if (!parent) throw new ActionError(409, "cannot-move");
    for (const sibling of children.get(parent.parentId) ?? []) {
      if (sibling.position > parent.position) put({ ...sibling, position: sibling.position + 1 });
    }
    shiftSubtree(parent.parentId, parent.depth, parent.position + 1);
  }
  return [...moved.values()];
}

/** An update per moved item, parents before their children so each lands one below its parent's new depth. */
function moveStatements(store: StoreScope, rows: Place[], places: Place[]) {
  const before = new Map(rows.map((row) => [row.id, row]));
  return [...places]
    .sort((a, b) => a.depth - b.depth)
    .map((place) => {
      const was = before.get(place.id)!;
      const reparented = was.parentId !== place.parentId || was.depth !== place.depth;
      return store.update(
        menuItems,
        reparented
          ? { parentId: place.parentId, depth: place.depth, position: place.position }
          : { position: place.position },
        eq(menuItems.id, place.id),
      );
    });
}

/** The website's menu: nested, an item whose target was deleted left out with everything under it. */
function toWebsiteMenu(rows: ItemRow[]): WebsiteMenuItem[] {
  const children = childrenByParent(rows);
  const build = (parentId: number | null): WebsiteMenuItem[] =>
    (children.get(parentId) ?? []).flatMap((row) => {
      const link = toWebsiteLink(row);
      if (!link) return [];
      return [{ id: row.id, label_zh_hk: row.labelZhHk, label_en: row.labelEn, link, children: build(row.id) }];
    });
  return build(null);
}

export const menuActions = [
  defineAction("get_menu_item_data_list_by_application_key", "store:layout:read", {
    reads: (_input, { store }) => [storeLayoutQuery(store), menuOf(store)] as const,
    handler: async (_input, _context, [layout, rows]) => {
      const children = childrenByParent(rows);
      return {
        menu_version: layoutVersionOf(layout, "menuVersion"),
        items: inTreeOrder(rows).map((row) => toRecord(row, children)),
      };
    },
  }),

  defineAction("get_menu_item_data_by_application_key_and_id", "store:layout:read", {
    reads: (_input, { store }) => [menuOf(store)] as const,
    handler: async ({ id }, _context, [rows]) => toRecord(rowsFound(rows, id), childrenByParent(rows)),
  }),

  defineAction("add_menu_item_data", "store:layout:write", {
    reads: (input, { store }) => [storeLayoutQuery(store), menuOf(store), ...linkTargetReads(store, input)] as const,
    handler: async (
      { application_key: _key, parent_id, ...input },
      { store, caller, now, afterReply },
      [layout, rows, ...targets],
    ) => {
      const parent = parent_id === undefined ? null : rows.find((row) => row.id === parent_id);
      if (parent === undefined) throw new ActionError(404, "menu-item-not-found");
      if (parent && parent.depth >= MAX_MENU_DEPTH) throw new ActionError(409, "menu-too-deep");
      if (rows.length >= MAX_MENU_ITEMS) throw new ActionError(409, "menu-full");
      const columns = toColumns(input, linkTargetColumnsOf(input, targets));
      const siblings = childrenByParent(rows).get(parent?.id ?? null) ?? [];
      // Over the menu's version as read: the parent's depth and the positions above still hold.
      const [, , [added]] = await store
        .batch([
          ...nextLayoutVersion(store, "menuVersion", layoutVersionOf(layout, "menuVersion")),
          store
            .insert(menuItems, [
              {
                ...columns,
                parentId: parent?.id ?? null,
                depth: (parent?.depth ?? 0) + 1,
                position: (siblings.at(-1)?.position ?? 0) + 1,
              },
            ])
            .returning({ id: menuItems.id }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`(select max(${menuItems.id}) from ${menuItems} where ${store.where(menuItems)})`,
            recordName: nameOf(columns),
            before: null,
            after: toLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion);
      await forgetWebsiteMenu(store, afterReply);
      return { id: added.id };
    },
  }),

  defineAction("update_menu_item_data_by_application_key_and_id", "store:layout:write", {
    reads: (input, { store }) =>
      [store.select(menuItems, eq(menuItems.id, input.id)).limit(1), ...linkTargetReads(store, input)] as const,
    handler: async ({ application_key: _key, id, version, ...input }, context, [[row], ...targets]) => {
      if (!row) throw new ActionError(404, "not-found");
      const columns = toColumns(input, linkTargetColumnsOf(input, targets));
      await saveEdit(context, {
        table: menuItems,
        id,
        version,
        values: { ...columns, updatedAt: context.now.toISOString() },
        log: edited(DATA_TYPE, id, nameOf(columns), toLogged(row), toLogged(columns)),
      });
      await forgetWebsiteMenu(context.store, context.afterReply);
      return null;
    },
  }),

  defineAction("update_menu_item_position_data_by_application_key_and_id", "store:layout:write", {
    reads: (_input, { store }) => [storeLayoutQuery(store), menuOf(store)] as const,
    handler: async ({ id, move, menu_version }, { store, caller, now, afterReply }, [layout, rows]) => {
      const item = rowsFound(rows, id);
      if (layoutVersionOf(layout, "menuVersion") !== menu_version) throw new ActionError(409, "edited-elsewhere");
      const places = placesAfter(rows, item, move);
      const after = rows.map((row) => places.find((place) => place.id === row.id) ?? row);
      await store
        .batch([
          ...nextLayoutVersion(store, "menuVersion", menu_version),
          ...moveStatements(store, rows, places),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(item),
            before: { place: outlineOf(id, rows) },
            after: { place: outlineOf(id, after) },
          }),
        ])
        .catch(rethrowStaleVersion);
      await forgetWebsiteMenu(store, afterReply);
      return null;
    },
  }),

  defineAction("delete_menu_item_data_by_application_key_and_id", "store:layout:write", {
    reads: (_input, { store }) => [menuOf(store)] as const,
    handler: async ({ id }, { store, caller, now, afterReply }, [rows]) => {
      const item = rowsFound(rows, id);
      const removed = subtreeOf(item, childrenByParent(rows));
      await store.batch([
        // Everything under it goes with it (the parent's foreign key cascades).
        store.delete(menuItems, eq(menuItems.id, id)),
        ...nextLayoutVersion(store, "menuVersion"),
        store.log(caller, now, {
          action: "delete",
          dataType: DATA_TYPE,
          recordId: id,
          recordName: nameOf(item),
          before: { ...toLogged(item), items_under: removed.length - 1 },
          after: null,
        }),
      ]);
      await forgetWebsiteMenu(store, afterReply);
      return null;
    },
  }),

  defineAction(PUBLIC_READ, "public", {
    cacheSeconds: 60,
    reads: ({ application_key }, { db, now }) => {
      const store = forStore(db, application_key);
      return [...storeWebsiteReads(store, now), menuOf(store)] as const;
    },
    handler: async (_input, { now }, [accounts, plans, rows]) => {
      refuseClosedWebsite([accounts, plans], "layout", now);
      return toWebsiteMenu(rows);
    },
  }),
];
