import { count, eq, inArray, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { CustomPageDetail, CustomPageListRecord, CustomPageRecord, PublicCustomPage } from "./contract";
import { contains } from "../../backend/db/like";
import { forStore, type StoreScope } from "../../backend/db/scope";
import { customPageRedirects, customPages } from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { forgetCachedReplies } from "../../backend/public-cache";
import { defineAction } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { sanitizeRichText } from "../../backend/rich-text";
import { rethrowUniqueViolation } from "../../backend/unique";
import { requireOwnUploads, uploadsOf } from "../upload/actions";

type CustomPageFields = Omit<Payload<"add_custom_page_data">, "application_key">;
type CustomPageRow = typeof customPages.$inferSelect;

const DATA_TYPE = "custom_page_data";
const PUBLIC_READ = "get_custom_page_data_by_application_key_and_link";

const SORT_COLUMNS = {
  create_date: customPages.createdAt,
  title: sql`${customPages.titleZhHk} COLLATE NOCASE`,
  update_date: customPages.updatedAt,
} as const;

const LINK_CONFLICTS = {
  "custom_page.application_key, custom_page.link": { message: "custom-page-link-used", field: "link" },
} as const;

function toColumns(input: CustomPageFields, applicationKey: string) {
  return {
    titleZhHk: input.title_zh_hk,
    titleEn: input.title_en ?? "",
    link: input.link,
    seoTitle: input.seo_title,
    seoKeywords: input.seo_keywords,
    seoDescription: input.seo_description,
    shareImageUrl: input.share_image_url,
    publish: input.publish,
    content: sanitizeRichText(input.content ?? "", applicationKey),
  };
}

type Columns = ReturnType<typeof toColumns>;

/** A list row's columns: all but the content. */
const LISTED = {
  id: customPages.id,
  titleZhHk: customPages.titleZhHk,
  titleEn: customPages.titleEn,
  link: customPages.link,
  seoTitle: customPages.seoTitle,
  seoKeywords: customPages.seoKeywords,
  seoDescription: customPages.seoDescription,
  shareImageUrl: customPages.shareImageUrl,
  publish: customPages.publish,
  version: customPages.version,
  createdAt: customPages.createdAt,
  updatedAt: customPages.updatedAt,
};

function toListRecord(row: Omit<CustomPageRow, "content" | "applicationKey">): CustomPageListRecord {
  return {
    id: row.id,
    title_zh_hk: row.titleZhHk,
    title_en: row.titleEn,
    link: row.link,
    seo_title: row.seoTitle,
    seo_keywords: row.seoKeywords,
    seo_description: row.seoDescription,
    share_image_url: row.shareImageUrl,
    publish: row.publish,
    create_date: row.createdAt,
    update_date: row.updatedAt,
    version: row.version,
  };
}

const toRecord = (row: CustomPageRow): CustomPageRecord => ({ ...toListRecord(row), content: row.content });

function toPublic(row: CustomPageRow): PublicCustomPage {
  const { publish: _publish, create_date: _created, version: _version, ...page } = toRecord(row);
  return page;
}

/** A short fingerprint of the content: the log shows that it changed without keeping pages of HTML. */
function fingerprint(content: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < content.length; index += 1) {
    hash = Math.imul(hash ^ content.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

function toLogged(columns: Columns) {
  return {
    title_zh_hk: columns.titleZhHk,
    title_en: columns.titleEn,
    link: columns.link,
    seo_title: columns.seoTitle,
    seo_keywords: columns.seoKeywords,
    seo_description: columns.seoDescription,
    share_image_url: columns.shareImageUrl,
    publish: columns.publish,
    content: columns.content === "" ? null : fingerprint(columns.content),
  };
}

const names = (columns: Pick<Columns, "titleZhHk" | "titleEn">) => ({ zhHk: columns.titleZhHk, en: columns.titleEn });

const customPageById = (store: StoreScope, id: number) => store.select(customPages, eq(customPages.id, id)).limit(1);

/** The page's old links, oldest first. */
const redirectsOf = (store: StoreScope, id: number) =>
  store
    .selectFields(customPageRedirects, { link: customPageRedirects.link }, eq(customPageRedirects.customPageId, id))
    .orderBy(customPageRedirects.id);

/** The store website's answers for these links are stale after a save. */
const forgetLinks = (applicationKey: string, links: string[]) =>
  forgetCachedReplies(
    [...new Set(links)].map((link) => ({ name: PUBLIC_READ, payload: { application_key: applicationKey, link } })),
  );

/** A page taking a link takes it from the page it was an old link of: the live page wins. */
const takeLink = (store: StoreScope, link: string) =>
  store.delete(customPageRedirects, eq(customPageRedirects.link, link));

export const customPageActions = [
  defineAction(
    "get_custom_page_data_and_total_number_by_sorting_and_limit",
    "store:layout:read",
    async (input, { store }) => {
      const status = input.status === null ? undefined : eq(customPages.publish, input.status === "published");
      const where = [contains([customPages.titleZhHk, customPages.titleEn, customPages.link], input.keyword), status];
      return pagedList(
        store,
        input,
        {
          rows: store.selectFields(customPages, LISTED, ...where),
          count: store.selectFields(customPages, { total: count() }, ...where),
          sortBy: SORT_COLUMNS[input.sorting],
          id: customPages.id,
        },
        toListRecord,
      );
    },
  ),

  defineAction("get_custom_page_data_by_application_key_and_id", "store:layout:read", {
    reads: ({ id }, { store }) => [customPageById(store, id), redirectsOf(store, id)] as const,
    handler: async (_input, _context, [rows, redirects]): Promise<CustomPageDetail> => ({
      ...toRecord(found(rows)),
      old_links: redirects.map((redirect) => redirect.link),
    }),
  }),

  defineAction("add_custom_page_data", "store:layout:write", {
    reads: ({ share_image_url }, { store }) => [uploadsOf(store, [share_image_url])] as const,
    handler: async ({ application_key, ...input }, { store, caller, now, afterReply }, [uploaded]) => {
      requireOwnUploads({ share_image_url: input.share_image_url }, uploaded);
      const columns = toColumns(input, application_key);
      const [, [added]] = await store
        .batch([
          takeLink(store, columns.link),
          store.insert(customPages, [columns]).returning({ id: customPages.id }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: names(columns),
            before: null,
            after: toLogged(columns),
          }),
        ])
        .catch((error: unknown) => rethrowUniqueViolation(error, LINK_CONFLICTS));
      await afterReply(() => forgetLinks(application_key, [columns.link]));
      return { id: added.id };
    },
  }),

  defineAction("update_custom_page_data_by_application_key_and_id", "store:layout:write", {
    reads: ({ id, share_image_url }, { store }) =>
      [customPageById(store, id), redirectsOf(store, id), uploadsOf(store, [share_image_url])] as const,
    handler: async (
      { application_key, id, version, ...input },
      { store, caller, now, afterReply },
      [rows, redirects, uploaded],
    ) => {
      const row = found(rows);
      requireOwnUploads({ share_image_url: input.share_image_url }, uploaded);
      const columns = toColumns(input, application_key);
      const moved = row.link !== columns.link;
      await store
        .batch([
          takeLink(store, columns.link),
          store.update(
            customPages,
            { ...columns, updatedAt: now.toISOString(), version: nextVersion(customPages.version, version) },
            eq(customPages.id, id),
          ),
          // The link the store website has been showing keeps leading here; a draft's link was never shown.
          ...(moved && row.publish ? [store.insert(customPageRedirects, [{ link: row.link, customPageId: id }])] : []),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: names(columns),
            before: toLogged(toColumnsOf(row)),
            after: toLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion)
        .catch((error: unknown) => rethrowUniqueViolation(error, LINK_CONFLICTS));
      await afterReply(() =>
        forgetLinks(application_key, [row.link, columns.link, ...redirects.map((redirect) => redirect.link)]),
      );
      return null;
    },
  }),

  defineAction("delete_custom_page_data_by_application_key_and_id", "store:layout:write", {
    reads: ({ id }, { store }) => [customPageById(store, id), redirectsOf(store, id)] as const,
    handler: async ({ application_key, id }, { store, caller, now, afterReply }, [rows, redirects]) => {
      const row = found(rows);
      await store.batch([
        store.delete(customPages, eq(customPages.id, id)),
        store.log(caller, now, {
          action: "delete",
          dataType: DATA_TYPE,
          recordId: id,
          recordName: names(row),
          before: { title_zh_hk: row.titleZhHk, title_en: row.titleEn, link: row.link },
          after: null,
        }),
      ]);
      await afterReply(() => forgetLinks(application_key, [row.link, ...redirects.map((redirect) => redirect.link)]));
      return null;
    },
  }),

  defineAction(PUBLIC_READ, "public", {
    cacheSeconds: 60,
    reads: ({ application_key, link }, { db, now }) => {
      const store = forStore(db, application_key);
      return [
        ...storeWebsiteReads(store, now),
        store.select(customPages, eq(customPages.link, link)).limit(1),
        store
          .selectFields(
            customPages,
            { link: customPages.link, publish: customPages.publish },
            inArray(
              customPages.id,
              store.selectFields(
                customPageRedirects,
                { id: customPageRedirects.customPageId },
                eq(customPageRedirects.link, link),
              ),
            ),
          )
          .limit(1),
      ] as const;
    },
    handler: async (_input, { now }, [account, plan, [page], [movedTo]]) => {
      refuseClosedWebsite([account, plan], "layout", now);
      if (page?.publish) return toPublic(page);
      if (movedTo?.publish) return { redirect_to: movedTo.link };
      throw new ActionError(404, "custom-page-not-found");
    },
  }),
];

const toColumnsOf = (row: CustomPageRow): Columns => ({
  titleZhHk: row.titleZhHk,
  titleEn: row.titleEn,
  link: row.link,
  seoTitle: row.seoTitle,
  seoKeywords: row.seoKeywords,
  seoDescription: row.seoDescription,
  shareImageUrl: row.shareImageUrl,
  publish: row.publish,
  content: row.content,
});
