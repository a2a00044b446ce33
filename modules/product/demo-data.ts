import { quote, list, DemoImageUrls, type ModuleDemoData } from "../../scripts/demo-sql";

export const CATEGORIES = [
  {
    zh: "茶葉",
    en: "Tea",
    image: "tea",
    products: [
      ["烏龍茶", "Oolong tea"],
      ["普洱茶", "Pu-erh tea"],
      ["鐵觀音", "Tieguanyin"],
      ["茉莉花茶", "Jasmine tea"],
      ["龍井", "Longjing tea"],
      ["壽眉", "Shoumei tea"],
      ["菊花茶", "Chrysanthemum tea"],
      ["檸檬茶包", "Lemon tea bags"],
    ],
  },
  {
    zh: "咖啡",
    en: "Coffee",
    image: "coffee",
    products: [
      ["濾掛咖啡", "Drip coffee"],
      ["咖啡豆（深焙）", "Coffee beans (dark)"],
      ["咖啡豆（淺焙）", "Coffee beans (light)"],
      ["冷萃咖啡", "Cold brew"],
      ["即溶咖啡", "Instant coffee"],
      ["鴛鴦", "Yuenyeung"],
      ["咖啡濾紙", "Coffee filters"],
    ],
  },
  {
    zh: "小食",
    en: "Snacks",
    image: "snack",
    products: [
      ["雞蛋仔", "Egg waffle"],
      ["蛋卷", "Egg rolls"],
      ["杏仁餅", "Almond cookies"],
      ["老婆餅", "Wife cake"],
      ["合桃酥", "Walnut cookies"],
      ["話梅", "Dried plums"],
      ["陳皮", "Dried tangerine peel"],
      ["牛肉乾", "Beef jerky"],
    ],
  },
  {
    zh: "禮品",
    en: "Gifts",
    image: "gift",
    products: [
      ["茶具套裝", "Tea set"],
      ["保溫杯", "Thermal cup"],
      ["環保袋", "Tote bag"],
      ["禮品卡", "Gift card"],
      ["中秋禮盒", "Mid-Autumn gift box"],
      ["新年禮籃", "New Year hamper"],
      ["手繪茶杯", "Hand-painted cup"],
    ],
  },
] as const;

/** [name zh, name en, price in cents, the barcode the POS scans for it]. */
const ADD_ONS = [
  ["禮品包裝", "Gift wrapping", 2000, "WRAP01"],
  ["保溫袋", "Cooler bag", 1500, "BAG01"],
  ["心意卡", "Greeting card", 500, "CARD01"],
] as const;

/**
 * Demo Shop's products in catalogue order: DEMO-001… with their names, prices and what the seed puts on the
 * shelf (the same every time): every seventh is sold out, every fifth has unlimited stock (the inventory page
 * shows both) and every ninth is unpublished. Demo records that take stock (the quotations) are drawn within it.
 */
export const DEMO_PRODUCTS = CATEGORIES.flatMap((category): (readonly [string, string])[] => [
  ...category.products,
]).map(([zh, en], index) => {
  const number = index + 1;
  return {
    number,
    code: `DEMO-${String(number).padStart(3, "0")}`,
    zh,
    en,
    price: 2800 + ((number * 1700) % 30000),
    stock: number % 7 === 0 ? 0 : 5 + ((number * 13) % 60),
    unlimited: number % 5 === 0,
    publish: number % 9 !== 0,
  };
});

/** About 30 products in four categories, with images, add-ons, short and unlimited stock, both languages. */
export function demoCatalogSql(images: DemoImageUrls): string {
  const statements: string[] = [];
  const key = quote("demo-shop");
  for (const [index, category] of CATEGORIES.entries()) {
    statements.push(`INSERT INTO category (application_key, name_zh_hk, name_en, image_url, sort_order, publish)
      SELECT ${key}, ${quote(category.zh)}, ${quote(category.en)}, ${quote(images[category.image])}, ${index + 1}, 1
      WHERE NOT EXISTS (SELECT 1 FROM category WHERE application_key = ${key} AND name_en = ${quote(category.en)});`);
  }
  for (const [zh, en, price, barcode] of ADD_ONS) {
    statements.push(`INSERT INTO add_on_product (application_key, name_zh_hk, name_en, price_cents, stock, unlimited_inventory, image_url, barcode, publish)
      SELECT ${key}, ${quote(zh)}, ${quote(en)}, ${price}, 50, ${price === 500 ? 1 : 0}, ${quote(images.bag)}, ${quote(barcode)}, 1
      WHERE NOT EXISTS (SELECT 1 FROM add_on_product WHERE application_key = ${key} AND name_en = ${quote(en)});`);
  }
  let number = 0;
  for (const category of CATEGORIES) {
    for (const [zh, en] of category.products) {
      const { code, price, stock, unlimited, publish } = DEMO_PRODUCTS[number++];
      const image = number % 3 === 0 ? images.cup : images[category.image];
      statements.push(`INSERT INTO product (application_key, product_code, name_zh_hk, name_en, description_zh_hk, description_en,
          price_cents, original_price_cents, cost_cents, sku, barcode, unlimited_inventory, stock, minimum_order_quantity,
          bestseller, publish, seo_title, descriptive_url, images, sold_quantity)
        VALUES (${key}, ${quote(code)}, ${quote(zh)}, ${quote(en)}, ${quote(`${zh}，香港製作。`)}, ${quote(`${en}, made in Hong Kong.`)},
          ${price}, ${price + 1000}, ${Math.round(price * 0.45)}, ${quote(`SKU-${1000 + number}`)}, ${quote(`489${String(100000000 + number)}`)},
          ${unlimited ? 1 : 0}, 0, 1, ${number % 4 === 0 ? 1 : 0}, ${publish ? 1 : 0}, ${quote(en)},
          ${quote(
            en
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, "-")
              .replace(/^-|-$/g, ""),
          )}, ${list([image])}, ${(number * 7) % 40})
        ON CONFLICT DO NOTHING;`);
      // Its one variant holds what is sold: prices, codes, stock (the product's columns are their summary).
      statements.push(`INSERT INTO product_variant (application_key, product_id, sku, barcode, price_cents, original_price_cents,
          cost_cents, unlimited_inventory, stock)
        SELECT ${key}, p.id, p.sku, p.barcode, p.price_cents, p.original_price_cents, p.cost_cents, p.unlimited_inventory, ${stock}
        FROM product p WHERE p.application_key = ${key} AND p.product_code = ${quote(code)}
          AND NOT EXISTS (SELECT 1 FROM product_variant v WHERE v.product_id = p.id);`);
      statements.push(`INSERT OR IGNORE INTO product_category (application_key, product_id, category_id)
        SELECT ${key}, p.id, c.id FROM product p, category c
        WHERE p.application_key = ${key} AND p.product_code = ${quote(code)} AND c.application_key = ${key} AND c.name_en = ${quote(category.en)};`);
      if (number % 4 === 1) {
        statements.push(`INSERT OR IGNORE INTO product_add_on (application_key, product_id, add_on_product_id)
          SELECT ${key}, p.id, a.id FROM product p, add_on_product a
          WHERE p.application_key = ${key} AND p.product_code = ${quote(code)} AND a.application_key = ${key} AND a.name_en = 'Gift wrapping';`);
      }
    }
  }
  statements.push(...VARIANT_PRODUCTS.flatMap((product) => variantProductSql(key, images.gift, product)));
  return statements.join("\n");
}

export interface DemoVariantProduct {
  code: string;
  zh: string;
  en: string;
  options: { zh: string; en: string; values: (readonly [string, string])[] }[];
  /** Each variant: its values' positions (1 = the first), SKU, barcode, price in cents and stock. */
  variants: { values: number[]; sku: string; barcode: string; price: number; stock: number }[];
}

const TEE_SIZES = ["S", "M", "L"] as const;
const TEE_COLOURS = [
  ["黑", "Black", "BLACK"],
  ["白", "White", "WHITE"],
] as const;

/**
 * Products with options, in the Gifts category: a T-shirt in three sizes and two colours (L in white sold
 * out) and a cap in two colours. Their barcodes are on the POS barcode sheet.
 */
export const VARIANT_PRODUCTS: DemoVariantProduct[] = [
  {
    code: "DEMO-TEE",
    zh: "品牌 T 恤",
    en: "Logo T-shirt",
    options: [
      { zh: "尺碼", en: "Size", values: TEE_SIZES.map((size) => [size, size] as const) },
      { zh: "顏色", en: "Colour", values: TEE_COLOURS.map(([zh, en]) => [zh, en] as const) },
    ],
    variants: TEE_SIZES.flatMap((size, sizeIndex) =>
      TEE_COLOURS.map(([, , colour], colourIndex) => {
        const number = sizeIndex * TEE_COLOURS.length + colourIndex + 1;
        return {
          values: [sizeIndex + 1, colourIndex + 1],
          sku: `DEMO-TEE-${size}-${colour}`,
          barcode: `48920000000${number}`,
          price: size === "L" ? 18800 : 16800,
          stock: size === "L" && colour === "WHITE" ? 0 : 4 + number * 3,
        };
      }),
    ),
  },
  {
    code: "DEMO-CAP",
    zh: "棒球帽",
    en: "Baseball cap",
    options: [
      {
        zh: "顏色",
        en: "Colour",
        values: [
          ["紅", "Red"],
          ["藍", "Navy"],
        ],
      },
    ],
    variants: [
      { values: [1], sku: "DEMO-CAP-RED", barcode: "4892000000101", price: 12800, stock: 12 },
      { values: [2], sku: "DEMO-CAP-NAVY", barcode: "4892000000102", price: 12800, stock: 7 },
    ],
  },
];

/** A product with options: idempotent, every row found again by its code, positions and combination. */
export function variantProductSql(key: ReturnType<typeof quote>, image: string, product: DemoVariantProduct): string[] {
  const code = quote(product.code);
  const productId = `(SELECT id FROM product WHERE application_key = ${key} AND product_code = ${code})`;
  const valueId = (option: number, position: number) =>
    `(SELECT v.id FROM product_option_value v JOIN product_option o ON o.id = v.option_id
      WHERE o.product_id = ${productId} AND o.position = ${option} AND v.position = ${position})`;
  return [
    `INSERT INTO product (application_key, product_code, name_zh_hk, name_en, description_zh_hk, description_en, price_cents,
        publish, seo_title, images)
      VALUES (${key}, ${code}, ${quote(product.zh)}, ${quote(product.en)}, ${quote(`${product.zh}，香港設計。`)},
        ${quote(`${product.en}, designed in Hong Kong.`)}, 0, 1, ${quote(product.en)}, ${list([image])})
      ON CONFLICT DO NOTHING;`,
    `INSERT OR IGNORE INTO product_category (application_key, product_id, category_id)
      SELECT ${key}, ${productId}, c.id FROM category c WHERE c.application_key = ${key} AND c.name_en = 'Gifts';`,
    ...product.options.flatMap((option, index) => [
      `INSERT INTO product_option (application_key, product_id, position, name_zh_hk, name_en)
        VALUES (${key}, ${productId}, ${index + 1}, ${quote(option.zh)}, ${quote(option.en)}) ON CONFLICT DO NOTHING;`,
      ...option.values.map(
        (
          [zh, en],
          at,
        ) => `INSERT INTO product_option_value (application_key, option_id, position, value_zh_hk, value_en)
          SELECT ${key}, o.id, ${at + 1}, ${quote(zh)}, ${quote(en)} FROM product_option o
          WHERE o.product_id = ${productId} AND o.position = ${index + 1} ON CONFLICT DO NOTHING;`,
      ),
    ]),
    ...product.variants.map(
      (variant, index) => `INSERT INTO product_variant (application_key, product_id, position, option_value_1_id,
          option_value_2_id, sku, barcode, price_cents, stock)
        VALUES (${key}, ${productId}, ${index + 1}, ${valueId(1, variant.values[0])},
          ${variant.values[1] ? valueId(2, variant.values[1]) : "NULL"}, ${quote(variant.sku)}, ${quote(variant.barcode)},
          ${variant.price}, ${variant.stock})
        ON CONFLICT DO NOTHING;`,
    ),
  ];
}

const WAREHOUSE_TRANSFER = "由旺角店調往貨倉";

/**
 * Demo Shop keeps half of each limited variant's stock (4 and more) at its warehouse: an adjustment at the warehouse
 * records each move once, and the levels move by it only in the seed that recorded it (its `created_at`), so a
 * second seed moves nothing.
 */
function demoWarehouseStockSql(now: Date) {
  const key = quote("demo-shop");
  const at = quote(now.toISOString());
  const place = (name: string) =>
    `(SELECT id FROM location WHERE application_key = ${key} AND name_zh_hk = ${quote(name)})`;
  const moved = (level: string) =>
    `(SELECT a.after FROM inventory_adjustment a WHERE a.variant_id = ${level}.variant_id
      AND a.location_id = ${place("貨倉")} AND a.reason = ${quote(WAREHOUSE_TRANSFER)} AND a.created_at = ${at})`;
  return [
    `INSERT INTO inventory_adjustment (application_key, product_id, variant_id, before, after, reason, actor_email, created_at, location_id)
      SELECT v.application_key, v.product_id, v.id, 0, v.stock / 2, ${quote(WAREHOUSE_TRANSFER)}, 'demo@demo-shop.test', ${at}, ${place("貨倉")}
      FROM product_variant v WHERE v.application_key = ${key} AND v.unlimited_inventory = 0 AND v.stock >= 4
        AND ${place("貨倉")} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM inventory_adjustment a WHERE a.variant_id = v.id AND a.reason = ${quote(WAREHOUSE_TRANSFER)});`,
    `UPDATE stock_level SET stock = stock - ${moved("stock_level")}
      WHERE application_key = ${key} AND location_id = ${place("旺角店")} AND ${moved("stock_level")} IS NOT NULL;`,
    `UPDATE stock_level SET stock = stock + ${moved("stock_level")}
      WHERE application_key = ${key} AND location_id = ${place("貨倉")} AND ${moved("stock_level")} IS NOT NULL;`,
  ];
}

export const productDemoData: ModuleDemoData = {
  rank: 10,
  sql: ({ images, now }) => [demoCatalogSql(images), ...demoWarehouseStockSql(now)].join("\n"),
};
