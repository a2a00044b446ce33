// The offline counter's cart (issue 39), browser-safe: what a device without a connection sells from the
// catalogue it kept, priced as the server prices a counter sale without a member (each variant's price, line
// add-ons once per unit, order add-ons, a coupon off the subtotal), and the sale it sends when it is online
// again (`add_pos_offline_order_data`). Whatever the server later prices differently is flagged, not refused.
import { couponDiscountCents } from "../../contract/coupon-discount";
import type { PayloadInput } from "../../contract/actions";
import type { MessageKey } from "../../contract/messages";
import type { PosOfflineCatalogue } from "./contract";

export type OfflineCatalogue = PosOfflineCatalogue;
type CatalogueProduct = OfflineCatalogue["products"][number];
type CatalogueVariant = CatalogueProduct["variants"][number];
type CatalogueAddOn = OfflineCatalogue["add_ons"][number];
export type OfflinePaymentMethod = OfflineCatalogue["payment_methods"][number];

export interface OfflineCartLine {
  product_code: string;
  variant_id: number;
  quantity: number;
  add_on_ids: number[];
}

export interface OfflineCart {
  lines: OfflineCartLine[];
  order_add_ons: { id: number; quantity: number }[];
  coupon_code: string;
  /** The amounts typed for each payment method (HK$, as typed), kept with the cart. */
  tendered: Partial<Record<OfflinePaymentMethod, string>>;
}

export const EMPTY_OFFLINE_CART: OfflineCart = { lines: [], order_add_ons: [], coupon_code: "", tendered: {} };

/** The sale as the server takes it, less the store (the session names it). */
export type OfflineSale = Omit<PayloadInput<"add_pos_offline_order_data">, "application_key">;

export interface PricedOfflineLine {
  /** The line's place in the cart (`OfflineCart.lines`), or null for an order add-on. */
  index: number | null;
  /** An order add-on's id. */
  add_on_id: number | null;
  name_zh_hk: string;
  name_en: string;
  variant_name_zh_hk: string | null;
  variant_name_en: string | null;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  /** The stock the catalogue had when last refreshed (null: unlimited). */
  stock: number | null;
  add_ons: { id: number; name_zh_hk: string; name_en: string; unit_price_cents: number }[];
}

export interface PricedOfflineCart {
  lines: PricedOfflineLine[];
  subtotal_cents: number;
  coupon: { code: string; discount_cents: number } | null;
  /** Why the typed coupon does not apply offline (a message key), or null. */
  coupon_refusal: MessageKey | null;
  total_cents: number;
}

const normalized = (code: string) => code.trim().toLowerCase();

/** What a code scanned or typed names: a variant (by barcode, SKU or a one-variant product's code), an add-on, or nothing. */
export type ScanMatch =
  | { kind: "variant"; product: CatalogueProduct; variant: CatalogueVariant }
  | { kind: "choose"; product: CatalogueProduct }
  | { kind: "add_on"; addOn: CatalogueAddOn }
  | { kind: "none" };

export function scanCatalogue(catalogue: OfflineCatalogue, typed: string): ScanMatch {
  const code = normalized(typed);
  if (!code) return { kind: "none" };
  const same = (value: string | null) => value !== null && normalized(value) === code;
  for (const product of catalogue.products) {
    const variant = product.variants.find((row) => same(row.barcode) || same(row.sku));
    if (variant) return { kind: "variant", product, variant };
  }
  const product = catalogue.products.find((row) => same(row.product_code) || same(row.barcode) || same(row.sku));
  if (product) {
    return product.variants.length === 1
      ? { kind: "variant", product, variant: product.variants[0] }
      : { kind: "choose", product };
  }
  const addOn = catalogue.add_ons.find((row) => same(row.barcode));
  return addOn ? { kind: "add_on", addOn } : { kind: "none" };
}

/** Products whose name or code contains what was typed, in the catalogue's order, at most `limit`. */
export function searchCatalogue(catalogue: OfflineCatalogue, typed: string, limit: number): CatalogueProduct[] {
  const words = normalized(typed);
  const found: CatalogueProduct[] = [];
  for (const product of catalogue.products) {
    if (found.length === limit) break;
    const haystack = `${product.product_code} ${product.name_zh_hk} ${product.name_en}`.toLowerCase();
    if (!words || haystack.includes(words)) found.push(product);
  }
  return found;
}

/** The cart with one more unit of the variant: on its line if it has one without add-ons, else a new line. */
export function addVariant(cart: OfflineCart, product: CatalogueProduct, variant: CatalogueVariant): OfflineCart {
  const index = cart.lines.findIndex((line) => line.variant_id === variant.id && line.add_on_ids.length === 0);
  if (index === -1) {
    const line = { product_code: product.product_code, variant_id: variant.id, quantity: 1, add_on_ids: [] };
    return { ...cart, lines: [...cart.lines, line] };
  }
  return setQuantity(cart, index, cart.lines[index].quantity + 1);
}

export function addOrderAddOn(cart: OfflineCart, addOn: CatalogueAddOn): OfflineCart {
  const existing = cart.order_add_ons.find((line) => line.id === addOn.id);
  const order_add_ons = existing
    ? cart.order_add_ons.map((line) => (line.id === addOn.id ? { ...line, quantity: line.quantity + 1 } : line))
    : [...cart.order_add_ons, { id: addOn.id, quantity: 1 }];
  return { ...cart, order_add_ons };
}

/** The line's quantity; 0 takes the line off. */
export function setQuantity(cart: OfflineCart, index: number, quantity: number): OfflineCart {
  const lines =
    quantity < 1
      ? cart.lines.filter((_, at) => at !== index)
      : cart.lines.map((line, at) => (at === index ? { ...line, quantity } : line));
  return { ...cart, lines };
}

export function toggleLineAddOn(cart: OfflineCart, index: number, addOnId: number): OfflineCart {
  const lines = cart.lines.map((line, at) => {
    if (at !== index) return line;
    const has = line.add_on_ids.includes(addOnId);
    return {
      ...line,
      add_on_ids: has ? line.add_on_ids.filter((id) => id !== addOnId) : [...line.add_on_ids, addOnId],
    };
  });
  return { ...cart, lines };
}

/**
 * The cart priced from the catalogue. A line whose product or variant the refreshed catalogue no longer has
 * is left out (the device cannot price it); a coupon applies when the catalogue lists it as one a counter may
 * take without a member, it has started and not expired, and the subtotal reaches its minimum.
 */
export function priceOfflineCart(cart: OfflineCart, catalogue: OfflineCatalogue, now: Date): PricedOfflineCart {
  const products = new Map(catalogue.products.map((product) => [product.product_code, product]));
  const addOns = new Map(catalogue.add_ons.map((addOn) => [addOn.id, addOn]));
  const lines: PricedOfflineLine[] = [];
  cart.lines.forEach((line, index) => {
    const product = products.get(line.product_code);
    const variant = product?.variants.find((row) => row.id === line.variant_id);
    if (!product || !variant) return;
    const chosen = line.add_on_ids.flatMap((id) => {
      const addOn = addOns.get(id);
      return addOn && product.add_on_ids.includes(id)
        ? [{ id, name_zh_hk: addOn.name_zh_hk, name_en: addOn.name_en, unit_price_cents: addOn.price_cents }]
        : [];
    });
    const unit = variant.price_cents + chosen.reduce((sum, addOn) => sum + addOn.unit_price_cents, 0);
    lines.push({
      index,
      add_on_id: null,
      name_zh_hk: product.name_zh_hk,
      name_en: product.name_en,
      variant_name_zh_hk: variant.name_zh_hk,
      variant_name_en: variant.name_en,
      quantity: line.quantity,
      unit_price_cents: variant.price_cents,
      line_total_cents: unit * line.quantity,
      stock: variant.stock,
      add_ons: chosen,
    });
  });
  for (const { id, quantity } of cart.order_add_ons) {
    const addOn = addOns.get(id);
    if (!addOn) continue;
    lines.push({
      index: null,
      add_on_id: id,
      name_zh_hk: addOn.name_zh_hk,
      name_en: addOn.name_en,
      variant_name_zh_hk: null,
      variant_name_en: null,
      quantity,
      unit_price_cents: addOn.price_cents,
      line_total_cents: addOn.price_cents * quantity,
      stock: addOn.stock,
      add_ons: [],
    });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  const { coupon, refusal } = offlineCoupon(catalogue, cart.coupon_code, subtotal, now);
  return {
    lines,
    subtotal_cents: subtotal,
    coupon,
    coupon_refusal: refusal,
    total_cents: subtotal - (coupon?.discount_cents ?? 0),
  };
}

function offlineCoupon(catalogue: OfflineCatalogue, typed: string, subtotalCents: number, now: Date) {
  const code = normalized(typed);
  if (!code) return { coupon: null, refusal: null };
  const row = catalogue.coupons.find((coupon) => normalized(coupon.code) === code);
  const at = now.toISOString();
  const refusal: MessageKey | null = !row
    ? "coupon-not-offline"
    : row.starts_at > at
      ? "coupon-not-started"
      : row.expires_at <= at
        ? "coupon-expired"
        : subtotalCents < row.minimum_subtotal_cents
          ? "minimum-subtotal-not-met"
          : null;
  if (!row || refusal) return { coupon: null, refusal };
  const discountCents = couponDiscountCents(
    { discountType: row.discount_type, discountValue: row.discount_value },
    subtotalCents,
  );
  return { coupon: { code: row.code, discount_cents: discountCents }, refusal: null };
}

/** The sale the device sends when it is online again: what it charged for each unit, at the time it was made. */
export function offlineSale(
  cart: OfflineCart,
  priced: PricedOfflineCart,
  payments: { method: OfflinePaymentMethod; amount_cents: number }[],
  idempotencyKey: string,
  madeAt: Date,
  locationId: number | null,
): OfflineSale {
  return {
    idempotency_key: idempotencyKey,
    made_at: madeAt.toISOString(),
    ...(locationId ? { location_id: locationId } : {}),
    lines: priced.lines.flatMap((line) => {
      if (line.index === null) return [];
      const cartLine = cart.lines[line.index];
      return {
        product_code: cartLine.product_code,
        variant_id: cartLine.variant_id,
        quantity: line.quantity,
        unit_price_cents: line.unit_price_cents,
        add_ons: line.add_ons.map((addOn) => ({
          add_on_product_id: addOn.id,
          unit_price_cents: addOn.unit_price_cents,
        })),
      };
    }),
    order_add_ons: priced.lines
      .filter((line) => line.add_on_id !== null)
      .map((line) => ({
        add_on_product_id: line.add_on_id!,
        quantity: line.quantity,
        unit_price_cents: line.unit_price_cents,
      })),
    ...(priced.coupon && { coupon_code: priced.coupon.code, coupon_discount_cents: priced.coupon.discount_cents }),
    total_cents: priced.total_cents,
    payments: payments.filter((payment) => payment.amount_cents > 0),
  };
}
