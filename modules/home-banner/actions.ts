import { and, asc, count, eq, getTableColumns, gt, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { MAX_HOME_BANNERS, type HomeBannerRecord, type WebsiteHomeBanner } from "./contract";
import { saveEdit } from "../../backend/crud";
import type { StoreScope } from "../../backend/db/scope";
import { forStore } from "../../backend/db/scope";
import { homeBanners } from "../../backend/db/schema";
import { rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
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
import { requireOwnUploads, uploadsOf } from "../upload/actions";

type BannerFields = Omit<Payload<"add_home_banner_data">, "application_key">;

const DATA_TYPE = "home_banner_data";
const PUBLIC_READ = "get_store_website_home_banner_data_list_by_application_key";

const bannerFields = { ...getTableColumns(homeBanners), ...websiteLinkSelection(homeBanners) };

/** Slides with their links' targets, in their order. */
const bannersWhere = (store: StoreScope, ...conditions: (SQL | undefined)[]) =>
  joinLinkTargets(store.selectFields(homeBanners, bannerFields, ...conditions), homeBanners).orderBy(
    asc(homeBanners.position),
    asc(homeBanners.id),
  );

type BannerRow = Awaited<ReturnType<typeof bannersWhere>>[number];

const bannerById = (store: StoreScope, id: number) => bannersWhere(store, eq(homeBanners.id, id)).limit(1);

function toRecord(row: BannerRow): HomeBannerRecord {
  return {
    id: row.id,
    desktop_image_url: row.desktopImageUrl,
    mobile_image_url: row.mobileImageUrl,
    alt_zh_hk: row.altZhHk,
    alt_en: row.altEn,
    title_zh_hk: row.titleZhHk,
    title_en: row.titleEn,
    link: toLinkTarget(row),
    start_at: row.startAt,
    end_at: row.endAt,
    publish: row.publish,
    position: row.position,
    version: row.version,
  };
}

function toColumns(input: BannerFields, link: ReturnType<typeof linkTargetColumnsOf>) {
  return {
    desktopImageUrl: input.desktop_image_url,
    mobileImageUrl: input.mobile_image_url,
    altZhHk: input.alt_zh_hk,
    altEn: input.alt_en ?? "",
    titleZhHk: input.title_zh_hk ?? "",
    titleEn: input.title_en ?? "",
    ...link,
    startAt: input.start_at,
    endAt: input.end_at,
    publish: input.publish,
  };
}

type Columns = ReturnType<typeof toColumns>;

/** What the log keeps: the fields as the form shows them, the link as its kind and target. */
const toLogged = (columns: Columns) => ({
  desktop_image_url: columns.desktopImageUrl,
  mobile_image_url: columns.mobileImageUrl,
  alt_zh_hk: columns.altZhHk,
  alt_en: columns.altEn,
  title_zh_hk: columns.titleZhHk,
  title_en: columns.titleEn,
  link: columns.linkKind ? loggedLink(columns) : null,
  start_at: columns.startAt,
  end_at: columns.endAt,
  publish: columns.publish,
});

/** A slide is named in the log by its title, else its alt text. */
const nameOf = (columns: Pick<Columns, "titleZhHk" | "titleEn" | "altZhHk" | "altEn">): RecordName => ({
  zhHk: columns.titleZhHk || columns.altZhHk,
  en: columns.titleEn || columns.altEn || columns.titleZhHk || columns.altZhHk,
});

const rowColumns = (row: BannerRow): Columns => ({
  desktopImageUrl: row.desktopImageUrl,
  mobileImageUrl: row.mobileImageUrl,
  altZhHk: row.altZhHk,
  altEn: row.altEn,
  titleZhHk: row.titleZhHk,
  titleEn: row.titleEn,
  linkKind: row.linkKind,
  linkProductId: row.linkProductId,
  linkCategoryId: row.linkCategoryId,
  linkCustomPageId: row.linkCustomPageId,
  linkUrl: row.linkUrl,
  startAt: row.startAt,
  endAt: row.endAt,
  publish: row.publish,
});

/** The store website's answer is forgotten once the write is made. */
const forgetWebsiteBanners = (store: StoreScope, afterReply: BaseContext["afterReply"]) =>
  forgetStoreReply(store, afterReply, PUBLIC_READ);

/** The slides' ids and places, for moves. */
const placesOf = (store: StoreScope) =>
  store
    .selectFields(homeBanners, { id: homeBanners.id, position: homeBanners.position })
    .orderBy(asc(homeBanners.position), asc(homeBanners.id));

/** Published, and inside its window at `now`: from its start (inclusive) until its end (exclusive). */
const showingAt = (now: Date) => {
  const at = now.toISOString();
  return and(
    eq(homeBanners.publish, true),
    or(isNull(homeBanners.startAt), lte(homeBanners.startAt, at)),
    or(isNull(homeBanners.endAt), gt(homeBanners.endAt, at)),
  );
};

const toWebsiteBanner = (row: BannerRow): WebsiteHomeBanner => ({
  id: row.id,
  desktop_image_url: row.desktopImageUrl,
  mobile_image_url: row.mobileImageUrl,
  alt_zh_hk: row.altZhHk,
  alt_en: row.altEn,
  title_zh_hk: row.titleZhHk,
  title_en: row.titleEn,
  link: toWebsiteLink(row),
});

export const homeBannerActions = [
  defineAction("get_home_banner_data_list_by_application_key", "store:layout:read", {
    reads: (_input, { store }) => [storeLayoutQuery(store), bannersWhere(store)] as const,
    handler: async (_input, _context, [layout, rows]) => ({
      list_version: layoutVersionOf(layout, "bannerListVersion"),
      banners: rows.map(toRecord),
    }),
  }),

  defineAction("get_home_banner_data_by_application_key_and_id", "store:layout:read", {
    reads: ({ id }, { store }) => [bannerById(store, id)] as const,
    handler: async (_input, _context, [rows]) => toRecord(found(rows)),
  }),

  defineAction("add_home_banner_data", "store:layout:write", {
    reads: (input, { store }) =>
      [
        storeLayoutQuery(store),
        store.selectFields(homeBanners, { total: count() }),
        uploadsOf(store, [input.desktop_image_url, input.mobile_image_url]),
        ...linkTargetReads(store, input),
      ] as const,
    handler: async (
      { application_key: _key, ...input },
      { store, caller, now, afterReply },
      [layout, [{ total }], uploaded, ...targets],
    ) => {
      requireOwnUploads(
        { desktop_image_url: input.desktop_image_url, mobile_image_url: input.mobile_image_url },
        uploaded,
      );
      if (total >= MAX_HOME_BANNERS) throw new ActionError(409, "home-banners-full");
      const columns = toColumns(input, linkTargetColumnsOf(input, targets));
      const last = sql<number>`(select coalesce(max(${homeBanners.position}), 0) + 1 from ${homeBanners} where ${store.where(homeBanners)})`;
      const addedId = sql`(select max(${homeBanners.id}) from ${homeBanners} where ${store.where(homeBanners)})`;
      // Over the list's version as read: the count above still holds when the slide goes in.
      const [, , [added]] = await store
        .batch([
          ...nextLayoutVersion(store, "bannerListVersion", layoutVersionOf(layout, "bannerListVersion")),
          store.insert(homeBanners, [{ ...columns, position: last }]).returning({ id: homeBanners.id }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: addedId,
            recordName: nameOf(columns),
            before: null,
            after: toLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion);
      await forgetWebsiteBanners(store, afterReply);
      return { id: added.id };
    },
  }),

  defineAction("update_home_banner_data_by_application_key_and_id", "store:layout:write", {
    reads: (input, { store }) =>
      [
        bannerById(store, input.id),
        uploadsOf(store, [input.desktop_image_url, input.mobile_image_url]),
        ...linkTargetReads(store, input),
      ] as const,
    handler: async ({ application_key: _key, id, version, ...input }, context, [rows, uploaded, ...targets]) => {
      const row = found(rows);
      requireOwnUploads(
        { desktop_image_url: input.desktop_image_url, mobile_image_url: input.mobile_image_url },
        uploaded,
      );
      const columns = toColumns(input, linkTargetColumnsOf(input, targets));
      await saveEdit(context, {
        table: homeBanners,
        id,
        version,
        values: { ...columns, updatedAt: context.now.toISOString() },
        log: edited(DATA_TYPE, id, nameOf(columns), toLogged(rowColumns(row)), toLogged(columns)),
      });
      await forgetWebsiteBanners(context.store, context.afterReply);
      return null;
    },
  }),

  defineAction("update_home_banner_position_data_by_application_key_and_id", "store:layout:write", {
    reads: ({ id }, { store }) => [storeLayoutQuery(store), placesOf(store), bannerById(store, id)] as const,
    handler: async ({ id, move, list_version }, { store, caller, now, afterReply }, [layout, places, rows]) => {
      const row = found(rows);
      if (layoutVersionOf(layout, "bannerListVersion") !== list_version) throw new ActionError(409, "edited-elsewhere");
      const at = places.findIndex((place) => place.id === id);
      const other = places[move === "up" ? at - 1 : at + 1];
      if (!other) throw new ActionError(409, "cannot-move");
      await store
        .batch([
          ...nextLayoutVersion(store, "bannerListVersion", list_version),
          store.update(homeBanners, { position: other.position }, eq(homeBanners.id, id)),
          store.update(homeBanners, { position: row.position }, eq(homeBanners.id, other.id)),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(row),
            before: { order: at + 1 },
            after: { order: move === "up" ? at : at + 2 },
          }),
        ])
        .catch(rethrowStaleVersion);
      await forgetWebsiteBanners(store, afterReply);
      return null;
    },
  }),

  defineAction("delete_home_banner_data_by_application_key_and_id", "store:layout:write", {
    reads: ({ id }, { store }) => [bannerById(store, id)] as const,
    handler: async ({ id }, { store, caller, now, afterReply }, [rows]) => {
      const row = found(rows);
      await store.batch([
        store.delete(homeBanners, eq(homeBanners.id, id)),
        ...nextLayoutVersion(store, "bannerListVersion"),
        store.log(caller, now, {
          action: "delete",
          dataType: DATA_TYPE,
          recordId: id,
          recordName: nameOf(row),
          before: toLogged(rowColumns(row)),
          after: null,
        }),
      ]);
      await forgetWebsiteBanners(store, afterReply);
      return null;
    },
  }),

  defineAction(PUBLIC_READ, "public", {
    cacheSeconds: 60,
    reads: ({ application_key }, { db, now }) => {
      const store = forStore(db, application_key);
      return [...storeWebsiteReads(store, now), bannersWhere(store, showingAt(now))] as const;
    },
    handler: async (_input, { now }, [accounts, plans, rows]) => {
      refuseClosedWebsite([accounts, plans], "layout", now);
      return rows.map(toWebsiteBanner);
    },
  }),
];
