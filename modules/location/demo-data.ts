import { quote, type ModuleDemoData } from "../../scripts/demo-sql";

const SHOPS = [
  {
    zh: "旺角店",
    en: "Mong Kok Shop",
    addressZh: "九龍旺角彌敦道 1 號 Demo Shop",
    addressEn: "Demo Shop, 1 Nathan Road, Mong Kok, Kowloon",
    phone: "23456789",
    hoursZh: "每日 11:00–21:00",
    hoursEn: "Daily 11:00–21:00",
    counter: true,
    online: true,
    pickup: true,
  },
  {
    zh: "銅鑼灣店",
    en: "Causeway Bay Shop",
    addressZh: "香港銅鑼灣軒尼詩道 500 號",
    addressEn: "500 Hennessy Road, Causeway Bay, Hong Kong",
    phone: "23456790",
    hoursZh: "星期一至六 12:00–22:00，星期日休息",
    hoursEn: "Mon–Sat 12:00–22:00, closed on Sundays",
    counter: true,
    online: false,
    pickup: true,
  },
  {
    zh: "貨倉",
    en: "Warehouse",
    addressZh: "新界葵涌貨櫃碼頭路 88 號",
    addressEn: "88 Container Port Road, Kwai Chung, New Territories",
    phone: null,
    hoursZh: null,
    hoursEn: null,
    counter: false,
    online: true,
    pickup: false,
  },
] as const;

/**
 * Demo Shop's two shops and its warehouse. The store's default location (門市, made with the store) becomes
 * the Mong Kok shop; the others are added after it. Other demo stores keep their default one. Skipped when
 * there (by the Chinese name). The shops' addresses become the delivery setting's pickup addresses.
 */
export const locationDemoData: ModuleDemoData = {
  rank: 5,
  sql: () => {
    const key = quote("demo-shop");
    const [first, ...rest] = SHOPS;
    const values = (shop: (typeof SHOPS)[number]) =>
      [shop.zh, shop.en, shop.addressZh, shop.addressEn, shop.phone, shop.hoursZh, shop.hoursEn]
        .map(quote)
        .concat([shop.counter, shop.online, shop.pickup].map(quote))
        .join(", ");
    return [
      `UPDATE location SET (name_zh_hk, name_en, address_zh_hk, address_en, phone, opening_hours_zh_hk, opening_hours_en,
        sells_at_counter, ships_online_orders, is_pickup_point) = (${values(first)})
      WHERE application_key = ${key} AND name_zh_hk = '門市'
        AND NOT EXISTS (SELECT 1 FROM location WHERE application_key = ${key} AND name_zh_hk = ${quote(first.zh)});`,
      ...rest.map(
        (shop) => `INSERT INTO location (application_key, name_zh_hk, name_en, address_zh_hk, address_en, phone,
        opening_hours_zh_hk, opening_hours_en, sells_at_counter, ships_online_orders, is_pickup_point, position)
      SELECT ${key}, ${values(shop)}, (SELECT coalesce(max(position), 0) + 1 FROM location WHERE application_key = ${key})
      WHERE NOT EXISTS (SELECT 1 FROM location WHERE application_key = ${key} AND name_zh_hk = ${quote(shop.zh)});`,
      ),
    ].join("\n");
  },
};
