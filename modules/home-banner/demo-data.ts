import { hongKongDate } from "../../contract/dates";
import { CATEGORIES } from "../product/demo-data";
import { quote, addDays, DemoImageUrls, demoShopRow, type ModuleDemoData } from "../../scripts/demo-sql";

/** The slides: their text, image and link (its kind, column and target), and a start some days ahead or none. */
const DEMO_BANNERS = [
  {
    zh: "秋日茶香",
    en: "Autumn teas",
    image: "tea",
    kind: "category",
    column: "link_category_id",
    target: demoShopRow("category", "name_en = 'Tea'"),
    startDays: null,
  },
  {
    zh: "精選咖啡",
    en: "Coffee picks",
    image: "coffee",
    kind: "product",
    column: "link_product_id",
    target: demoShopRow("product", "product_code = 'DEMO-009'"),
    startDays: null,
  },
  {
    zh: "聖誕禮盒預售",
    en: "Christmas gift boxes",
    image: "gift",
    kind: "url",
    column: "link_url",
    target: quote("/christmas"),
    startDays: 7,
  },
] as const;

/** A top-level item: it links to a web address or to one of the demo custom pages (by its link). */
type DemoMenuItem = { zh: string; en: string; children: string[] } & ({ url: string } | { customPage: string });

const DEMO_MENU: DemoMenuItem[] = [
  { zh: "全部產品", en: "All products", url: "/products", children: CATEGORIES.map((category) => category.en) },
  { zh: "關於我們", en: "About us", customPage: "about-us", children: [] },
  { zh: "聯絡我們", en: "Contact us", url: "/contact", children: [] },
];

/**
 * Demo Shop's home banner (three slides, the last starting in a week) and its two-level menu: all products
 * with a category under it each, about us (its custom page, seeded before), contact us.
 */
export function demoLayoutSql(now: Date, images: DemoImageUrls): string {
  const key = quote("demo-shop");
  const statements: string[] = [];
  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const startAt =
      banner.startDays === null
        ? null
        : new Date(Date.parse(`${addDays(hongKongDate(now), banner.startDays)}T00:00:00+08:00`)).toISOString();
    statements.push(`INSERT INTO home_banner (application_key, desktop_image_url, alt_zh_hk, alt_en, title_zh_hk, title_en,
        link_kind, ${banner.column}, start_at, publish, position)
      SELECT ${key}, ${quote(images[banner.image])}, ${quote(banner.zh)}, ${quote(banner.en)}, ${quote(banner.zh)}, ${quote(banner.en)},
        ${quote(banner.kind)}, ${banner.target}, ${quote(startAt)}, 1, ${index + 1}
      WHERE NOT EXISTS (SELECT 1 FROM home_banner WHERE application_key = ${key} AND alt_en = ${quote(banner.en)});`);
  }
  for (const [index, item] of DEMO_MENU.entries()) {
    const link =
      "customPage" in item
        ? `'custom_page', NULL, (SELECT id FROM custom_page WHERE application_key = ${key} AND link = ${quote(item.customPage)})`
        : `'url', ${quote(item.url)}, NULL`;
    statements.push(`INSERT INTO menu_item (application_key, depth, position, label_zh_hk, label_en, link_kind, link_url,
        link_custom_page_id)
      SELECT ${key}, 1, ${index + 1}, ${quote(item.zh)}, ${quote(item.en)}, ${link}
      WHERE NOT EXISTS (SELECT 1 FROM menu_item WHERE application_key = ${key} AND depth = 1 AND label_en = ${quote(item.en)});`);
    const parent = `(SELECT id FROM menu_item WHERE application_key = ${key} AND depth = 1 AND label_en = ${quote(item.en)})`;
    for (const [position, name] of item.children.entries()) {
      statements.push(`INSERT INTO menu_item (application_key, parent_id, depth, position, label_zh_hk, label_en, link_kind, link_category_id)
        SELECT ${key}, ${parent}, 2, ${position + 1}, c.name_zh_hk, c.name_en, 'category', c.id
        FROM category c WHERE c.application_key = ${key} AND c.name_en = ${quote(name)}
          AND NOT EXISTS (SELECT 1 FROM menu_item WHERE application_key = ${key} AND parent_id = ${parent} AND label_en = ${quote(name)});`);
    }
  }
  return statements.join("\n");
}

export const homeBannerDemoData: ModuleDemoData = { rank: 100, sql: ({ now, images }) => demoLayoutSql(now, images) };
