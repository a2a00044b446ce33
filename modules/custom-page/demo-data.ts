import { quote, DemoImageUrls, type ModuleDemoData } from "../../scripts/demo-sql";

/** Demo Shop's custom pages: about us, delivery terms and privacy, each in both languages, published. */
export const DEMO_CUSTOM_PAGES = [
  {
    link: "about-us",
    zh: "關於我們",
    en: "About us",
    seoTitle: "About Demo Shop",
    seoDescription: "A family tea and coffee shop in Kwun Tong since 1998.",
    image: "tea",
    content:
      "<h2>我們的故事</h2><p>1998 年起，我們在觀塘為街坊沖一壺<strong>好茶</strong>。</p>" +
      "<h2>Our story</h2><p>Since 1998 we have brewed <strong>good tea</strong> for our neighbours in Kwun Tong.</p>" +
      '<p><a href="/contact">聯絡我們 Contact us</a></p>',
  },
  {
    link: "delivery-terms",
    zh: "送貨條款",
    en: "Delivery terms",
    seoTitle: "Delivery terms",
    seoDescription: "Delivery areas, fees and times across Hong Kong.",
    image: "bag",
    content:
      "<h2>送貨 Delivery</h2><p>訂單滿 HK$500 免運費。Free delivery over HK$500.</p>" +
      "<table><tbody><tr><th><p>地區 Area</p></th><th><p>運費 Fee</p></th><th><p>時間 Time</p></th></tr>" +
      "<tr><td><p>九龍 Kowloon</p></td><td><p>HK$30</p></td><td><p>1 日 1 day</p></td></tr>" +
      "<tr><td><p>新界 New Territories</p></td><td><p>HK$40</p></td><td><p>2 日 2 days</p></td></tr>" +
      "<tr><td><p>離島 Islands</p></td><td><p>HK$60</p></td><td><p>3 日 3 days</p></td></tr></tbody></table>" +
      "<ul><li><p>公眾假期不送貨。No delivery on public holidays.</p></li></ul>",
  },
  {
    link: "privacy",
    zh: "私隱政策",
    en: "Privacy policy",
    seoTitle: "Privacy policy",
    seoDescription: "How Demo Shop keeps and uses your personal data.",
    image: null,
    content:
      "<h2>私隱政策 Privacy policy</h2><p>我們只會用你的資料處理訂單。We use your data only to fulfil your orders.</p>" +
      '<p>查詢 Enquiries: <a href="mailto:privacy@demo-shop.example">privacy@demo-shop.example</a></p>',
  },
] as const;

/** Demo Shop's custom pages (skipped when there); the content is already of the safe subset. */
export function demoCustomPagesSql(images: DemoImageUrls): string {
  const key = quote("demo-shop");
  return DEMO_CUSTOM_PAGES.map(
    (page) => `INSERT INTO custom_page (application_key, title_zh_hk, title_en, link, seo_title, seo_description,
      share_image_url, publish, content)
    SELECT ${key}, ${quote(page.zh)}, ${quote(page.en)}, ${quote(page.link)}, ${quote(page.seoTitle)},
      ${quote(page.seoDescription)}, ${quote(page.image && images[page.image])}, 1, ${quote(page.content)}
    WHERE NOT EXISTS (SELECT 1 FROM custom_page WHERE application_key = ${key} AND link = ${quote(page.link)});`,
  ).join("\n");
}

export const customPageDemoData: ModuleDemoData = { rank: 70, sql: ({ images }) => demoCustomPagesSql(images) };
