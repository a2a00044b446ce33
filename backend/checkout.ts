import { getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { CheckoutInput, OrderAmount, OrderAmountLine } from "../modules/checkout/contract";
import { isHongKongPhone } from "../contract/field-rules";
import { withValue, type MessageKey } from "../contract/messages";
import { formatHkd } from "../contract/money";
import { MAX_GIFT_CARD_CENTS, MAX_GIFT_CARDS_PER_ORDER, MIN_GIFT_CARD_CENTS } from "../modules/gift-card/options";
import type { ORDER_CHANNELS, PAYMENT_METHODS } from "../contract/options";
import { cashDollarOn, cashDollarQuote } from "./cash-dollar";
import { couponByCodeQuery, couponCheck, couponMemberQuery, couponRedeemedByQuery, type CouponRow } from "./coupons";
import { storeModulesQueries } from "./current-plan";
import type { StoreScope } from "./db/scope";
import { addOnProducts, productAddOns, products, productVariants, storeSettings } from "./db/schema";
import { checkoutMemberQuery, paysVipPrices, unitPriceCents, vipOn, type CheckoutMember } from "./member-checkout";
import { deliveryMethodsOf, paymentMethodsOf } from "../modules/setting/actions";
import { optionValuesOf, variantNames } from "../modules/product/variant-names";
import { stockAt } from "../modules/product/stock-levels";

/**
 * The checkout engine: one pure function prices an order from what the checkout reads in one batch.
 * The quote, the POS and the website all go through it, and the creations price again in their own
 * request, so an order is always made at the prices and settings of the moment it is made.
 */

export type OrderChannel = (typeof ORDER_CHANNELS)[number];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const productCodesOf = (input: CheckoutInput) => [...new Set(input.lines.map((line) => line.product_code))];
const lineAddOnIdsOf = (input: CheckoutInput) => [...new Set(input.lines.flatMap((line) => line.add_on_product_ids))];
const addOnIdsOf = (input: CheckoutInput) => [
  ...new Set([...lineAddOnIdsOf(input), ...input.order_add_ons.map((addOn) => addOn.add_on_product_id)]),
];
/** A list the IN never matches, where the payload names nothing (an id 0, a code no product has). */
const orNone = <T>(values: T[], none: T) => (values.length > 0 ? values : [none]);

/**
 * An order made of saved lines (a quotation's) is read before its lines are: its products and member are
 * named by subqueries over them, in the same batch.
 */
export interface SavedOrderReads {
  productIds: SQL;
  memberId: SQL;
}

/**
 * Everything the engine reads, for the caller's batch (an action's declared reads): the products, the
 * add-ons and which of them each product offers, the member, the coupon with the member's standing on it,
 * the store's settings, its account and current plan, and the products' variants (last, so the callers'
 * positions of the others hold). A part the payload does not use reads nothing.
 */
/** `stockLocationId`: the counter's location, whose stock the variants are read with instead of their totals. */
export function checkoutReads(
  store: StoreScope,
  input: CheckoutInput,
  now: Date,
  saved?: SavedOrderReads,
  stockLocationId?: number,
) {
  const code = input.coupon_code ?? "";
  const memberId = input.member_id ?? 0;
  const codes = orNone(productCodesOf(input), "");
  const productIds =
    saved?.productIds ??
    sql`(select ${products.id} from ${products} where ${store.where(products, inArray(products.productCode, codes))})`;
  return [
    store.select(products, saved ? inArray(products.id, saved.productIds) : inArray(products.productCode, codes)),
    store.select(addOnProducts, inArray(addOnProducts.id, orNone(addOnIdsOf(input), 0))),
    store.selectFields(
      productAddOns,
      { productId: productAddOns.productId, addOnProductId: productAddOns.addOnProductId },
      inArray(productAddOns.addOnProductId, orNone(lineAddOnIdsOf(input), 0)),
      inArray(
        productAddOns.productId,
        sql`(select ${products.id} from ${products} where ${store.where(products, inArray(products.productCode, codes))})`,
      ),
    ),
    checkoutMemberQuery(store, saved?.memberId ?? memberId),
    couponByCodeQuery(store, code),
    couponMemberQuery(store, code, memberId),
    couponRedeemedByQuery(store, code, memberId),
    store.select(storeSettings).limit(1),
    ...storeModulesQueries(store, now),
    store.selectFields(
      productVariants,
      {
        ...getTableColumns(productVariants),
        ...(stockLocationId === undefined
          ? {}
          : { stock: sql<number>`coalesce(${stockAt(store, productVariants.id, stockLocationId)}, 0)` }),
      },
      inArray(productVariants.productId, productIds),
    ),
    optionValuesOf(store, productIds),
  ] as const;
}

export type CheckoutReads = BatchResponse<ReturnType<typeof checkoutReads>>;

/** Where `checkoutReads` puts the reads its callers use by name (its order is the engine's own destructuring). */
export const CHECKOUT_READ = { products: 0, addOns: 1, setting: 7, account: 8, plan: 9, variants: 10 } as const;

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type AddOnRow = typeof addOnProducts.$inferSelect;
type SettingRow = typeof storeSettings.$inferSelect;

export interface CheckoutOptions {
  channel: OrderChannel;
  /**
   * What other methods pay of a split POS payment: the card pays the rest, and its fee is on that part
   * only. 0 when the card (or the one method) pays everything.
   */
  nonCardPaidCents?: number;
  /** The terms of an approved quotation: the order is made at them instead of the catalogue's. */
  quoted?: QuotedTerms;
}

/**
 * A quotation's lines in their order, each at its quoted unit price (a line without a product is a free
 * line), and its fixed discount and delivery charge. The quotation fixed the quantities, so a product's
 * purchase limit and minimum order quantity do not apply; its stock does.
 */
export interface QuotedTerms {
  lines: {
    product_code: string | null;
    /** The variant quoted; null: the product's only one (a quotation line saved before variants). */
    variant_id: number | null;
    name_zh_hk: string;
    name_en: string;
    unit_price_cents: number;
    quantity: number;
  }[];
  discountCents: number;
  deliveryCents: number;
}

/** A priced order with what its creation writes beside the amounts. */
export interface PricedOrder {
  amount: OrderAmount;
  member: CheckoutMember | null;
  coupon: CouponRow | null;
  /** Units sold of each product, by id. */
  productUnits: Map<number, number>;
  /** Units taken from each variant's and add-on's stock, by id. */
  variantUnits: Map<number, number>;
  addOnUnits: Map<number, number>;
  /** The gift-card lines by position, with the months the cards they issue stay usable (null: no expiry). */
  giftCardLines: Map<number, { validMonths: number | null }>;
}

export type CheckoutRefusal = {
  status: 400 | 404 | 409;
  message: MessageKey | `${MessageKey}:${string}`;
  /** The field a refusal is about, for a form to show it beside (a gift card's amount). */
  fields?: Record<string, string[]>;
};
export type CheckoutOutcome = ({ ok: true } & PricedOrder) | ({ ok: false } & CheckoutRefusal);

class Refused extends Error {
  constructor(readonly refusal: CheckoutRefusal) {
    super(refusal.message);
  }
}
const refuse = (
  status: CheckoutRefusal["status"],
  message: CheckoutRefusal["message"],
  fields?: CheckoutRefusal["fields"],
): never => {
  throw new Refused({ status, message, ...(fields && { fields }) });
};

/** The amounts a gift-card product sells at: its own range when open, the card's HK$1–10,000 when fixed. */
export function giftCardAmountRange(
  product: Pick<ProductRow, "giftCardKind" | "giftCardMinCents" | "giftCardMaxCents">,
) {
  return product.giftCardKind === "open"
    ? { min: product.giftCardMinCents ?? MIN_GIFT_CARD_CENTS, max: product.giftCardMaxCents ?? MAX_GIFT_CARD_CENTS }
    : { min: MIN_GIFT_CARD_CENTS, max: MAX_GIFT_CARD_CENTS };
}

/** `gift-card-amount-range:HK$100.00 – HK$1,000.00`, beside the amount field. */
export const giftCardAmountMessage = (range: { min: number; max: number }) =>
  withValue("gift-card-amount-range", `${formatHkd(range.min)} – ${formatHkd(range.max)}`);

/**
 * A gift-card line's unit price: the amount named for an open one, the variant's price (its face value, never a
 * discount or VIP price) for a fixed one; refused outside the product's range. Undefined: not a gift card.
 */
function giftCardUnitCents(product: ProductRow, variant: VariantRow, amountCents: number | undefined) {
  if (product.giftCardKind === null) {
    if (amountCents !== undefined) refuse(400, "invalid-payload", { amount_cents: ["format-not-match"] });
    return undefined;
  }
  const range = giftCardAmountRange(product);
  const cents = product.giftCardKind === "open" ? amountCents : variant.priceCents;
  if (cents === undefined || cents < range.min || cents > range.max) {
    const message = giftCardAmountMessage(range);
    refuse(400, message, { amount_cents: [message] });
  }
  return cents;
}

/**
 * Whether a payment method may be used: switched on in the payment setting; at the counter, cash always.
 * PayPal is offered by the setting but not taken yet.
 */
export function paymentMethodRefusal(
  setting: SettingRow,
  method: PaymentMethod,
  channel: OrderChannel,
): CheckoutRefusal | null {
  if (method === "paypal") return { status: 400, message: "paypal-unsupported" };
  if (channel === "pos" && method === "cash") return null;
  return paymentMethodsOf(setting)[method].enabled ? null : { status: 400, message: "invalid-payment-method" };
}

/** The card fee on the amount a card pays, in basis points, rounded to the cent. */
export const cardFeeCents = (cardPaysCents: number, basisPoints: number) =>
  Math.round((Math.max(cardPaysCents, 0) * basisPoints) / 10_000);

const add = (units: Map<number, number>, id: number, quantity: number) =>
  units.set(id, (units.get(id) ?? 0) + quantity);

/**
 * Prices an order, or says why it cannot be made, with the catalogue's message key. In integer cents:
 * each line at its unit price (a VIP member where VIP is on: the VIP price when set; else the discount
 * price when set; else the price), line add-ons once per unit of their line, order add-ons; the subtotal;
 * a coupon or a cash-dollar discount (never both) off the subtotal; the delivery charge of the method and
 * district, nothing once the subtotal after the discount reaches the method's free-delivery amount, and
 * nothing for self pickup; the card fee on what the card pays; the total.
 */
export function computeOrderAmount(
  reads: CheckoutReads,
  input: CheckoutInput,
  now: Date,
  options: CheckoutOptions = { channel: "pos" },
): CheckoutOutcome {
  try {
    return { ok: true, ...priced(reads, input, now, options) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, ...error.refusal };
    throw error;
  }
}

function priced(
  [
    productRows,
    addOnRows,
    links,
    memberRows,
    [couponRow],
    [couponMember],
    [redeemed],
    [setting],
    ,
    [plan],
    variantRows,
    optionValues,
  ]: CheckoutReads,
  input: CheckoutInput,
  now: Date,
  { channel, nonCardPaidCents = 0, quoted }: CheckoutOptions,
): PricedOrder {
  if (!setting) return refuse(404, "store-account-not-found-or-disabled");
  if ((quoted?.lines ?? input.lines).length === 0) refuse(400, "no-product");

  const productsByCode = new Map(productRows.map((row) => [row.productCode, row]));
  const addOnsById = new Map(addOnRows.map((row) => [row.id, row]));
  const offered = new Set(links.map((link) => `${link.productId}:${link.addOnProductId}`));
  const productOf = (code: string): ProductRow => {
    const row = productsByCode.get(code) ?? refuse(404, "not-found");
    if (!row.publish) refuse(409, "product-unavailable");
    return row;
  };
  // A product with options is sold by the variant a line names; the others by their one variant.
  const variantOf = (product: ProductRow, variantId: number | undefined): VariantRow => {
    const variants = variantRows.filter((row) => row.productId === product.id);
    if (variantId === undefined && variants.length !== 1) refuse(400, "variant-required");
    const variant = variantId === undefined ? variants[0] : variants.find((row) => row.id === variantId);
    if (!variant) return refuse(404, "not-found");
    if (!variant.sellable) refuse(409, "product-unavailable");
    return variant;
  };
  const variantLine = (variant: VariantRow | null) => {
    const names = variant ? variantNames(variant, optionValues) : { zh: null, en: null };
    return { variant_id: variant?.id ?? null, variant_name_zh_hk: names.zh, variant_name_en: names.en };
  };
  const addOnOf = (id: number): AddOnRow => {
    const row = addOnsById.get(id) ?? refuse(404, "not-found");
    if (!row.publish) refuse(409, "add-on-unavailable");
    return row;
  };

  // What the order names comes first: an id or code of another store is 404 `not-found`, as everywhere.
  for (const line of input.lines) {
    variantOf(productOf(line.product_code), line.variant_id);
    line.add_on_product_ids.forEach(addOnOf);
  }
  input.order_add_ons.forEach((addOn) => addOnOf(addOn.add_on_product_id));

  let member: CheckoutMember | null = null;
  if (input.member_id !== undefined) {
    const [row] = memberRows;
    if (!row || row.disabled) refuse(404, "user-not-found-or-disabled");
    member = row!;
  }
  const vipPricing = paysVipPrices(member ?? undefined, vipOn(plan, { enabled: setting.vipEnabled }));

  const lines: OrderAmountLine[] = [];
  const productUnits = new Map<number, number>();
  const variantUnits = new Map<number, number>();
  const addOnUnits = new Map<number, number>();
  const giftCardLines = new Map<number, { validMonths: number | null }>();
  const addLine = (
    line: Omit<OrderAmountLine, "position" | "line_total_cents" | "gift_card"> & { gift_card?: boolean },
  ) => {
    const position = lines.length + 1;
    lines.push({ gift_card: false, ...line, position, line_total_cents: line.unit_price_cents * line.quantity });
    return position;
  };
  const addOnLine = (
    row: AddOnRow,
    quantity: number,
    parent: number | null,
  ): Omit<OrderAmountLine, "position" | "line_total_cents" | "gift_card"> => ({
    kind: parent === null ? "order_add_on" : "line_add_on",
    parent_position: parent,
    product_code: null,
    product_id: null,
    ...variantLine(null),
    add_on_product_id: row.id,
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    unit_price_cents: row.priceCents,
    quantity,
  });

  for (const line of quoted?.lines ?? []) {
    const product = line.product_code === null ? null : productOf(line.product_code);
    const variant = product && variantOf(product, line.variant_id ?? undefined);
    if (product && variant) {
      add(productUnits, product.id, line.quantity);
      add(variantUnits, variant.id, line.quantity);
    }
    addLine({
      kind: "product",
      parent_position: null,
      product_code: product?.productCode ?? null,
      product_id: product?.id ?? null,
      ...variantLine(variant),
      add_on_product_id: null,
      name_zh_hk: line.name_zh_hk,
      name_en: line.name_en,
      unit_price_cents: line.unit_price_cents,
      quantity: line.quantity,
    });
  }
  for (const line of input.lines) {
    const product = productOf(line.product_code);
    const chosen = line.add_on_product_ids.map(addOnOf);
    for (const addOn of chosen) {
      if (!offered.has(`${product.id}:${addOn.id}`)) refuse(400, "add-on-not-offered");
    }
    const variant = variantOf(product, line.variant_id);
    const giftCardCents = giftCardUnitCents(product, variant, line.amount_cents);
    add(productUnits, product.id, line.quantity);
    // A gift card is issued, not taken from stock.
    if (giftCardCents === undefined) add(variantUnits, variant.id, line.quantity);
    const parent = addLine({
      kind: "product",
      parent_position: null,
      product_code: product.productCode,
      product_id: product.id,
      ...variantLine(variant),
      add_on_product_id: null,
      name_zh_hk: product.nameZhHk,
      name_en: product.nameEn,
      unit_price_cents: giftCardCents ?? unitPriceCents(variant, vipPricing),
      quantity: line.quantity,
      gift_card: giftCardCents !== undefined,
    });
    if (giftCardCents !== undefined) giftCardLines.set(parent, { validMonths: product.giftCardValidMonths });
    for (const addOn of chosen) {
      add(addOnUnits, addOn.id, line.quantity);
      addLine(addOnLine(addOn, line.quantity, parent));
    }
  }
  for (const { add_on_product_id, quantity } of input.order_add_ons) {
    const addOn = addOnOf(add_on_product_id);
    add(addOnUnits, addOn.id, quantity);
    addLine(addOnLine(addOn, quantity, null));
  }

  // Limits hold for the order's units of a product, whichever lines they are on.
  for (const [id, units] of productUnits) {
    const product = productRows.find((row) => row.id === id)!;
    if (!quoted && product.purchaseLimit !== null && units > product.purchaseLimit) {
      refuse(400, withValue("over-purchase-limit", product.purchaseLimit));
    }
    if (!quoted && units < product.minimumOrderQuantity) {
      refuse(400, withValue("under-minimum-order-quantity", product.minimumOrderQuantity));
    }
  }
  const giftCardUnits = lines.filter((line) => line.gift_card).reduce((sum, line) => sum + line.quantity, 0);
  if (giftCardUnits > MAX_GIFT_CARDS_PER_ORDER)
    refuse(400, withValue("gift-cards-per-order", MAX_GIFT_CARDS_PER_ORDER));
  // Told here for the quote; the order's stock decrement is what holds it (the stock CHECK).
  for (const [id, units] of variantUnits) {
    const variant = variantRows.find((row) => row.id === id)!;
    if (!variant.unlimitedInventory && units > variant.stock) refuse(409, "inventory-not-enough");
  }
  for (const [id, units] of addOnUnits) {
    const addOn = addOnsById.get(id)!;
    if (!addOn.unlimitedInventory && units > addOn.stock) refuse(409, "inventory-not-enough");
  }

  const subtotalCents = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  const giftCardCents = lines.filter((line) => line.gift_card).reduce((sum, line) => sum + line.line_total_cents, 0);
  // Discounts never apply to gift cards (a card is money): they come off the other lines only.
  const discountableCents = subtotalCents - giftCardCents;
  if (
    giftCardCents > 0 &&
    discountableCents === 0 &&
    (input.coupon_code !== undefined || (input.cash_dollar_cents ?? 0) > 0)
  ) {
    refuse(409, "gift-card-no-discount");
  }
  const cashDollarCents = input.cash_dollar_cents ?? 0;
  let coupon: CouponRow | null = null;
  // A quotation's discount is an order discount without a coupon: the order's discounts show it.
  let couponDiscountCents = quoted?.discountCents ?? 0;
  let cashDollar = { discountCents: 0, spendCents: 0 };
  if (input.coupon_code !== undefined) {
    const check = couponCheck(couponRow, {
      memberId: member?.id ?? null,
      memberAllowed: couponMember !== undefined,
      alreadyUsedByMember: redeemed !== undefined,
      subtotalCents: discountableCents,
      usesCashDollar: cashDollarCents > 0,
      now,
    });
    if (!check.ok) refuse(check.message === "coupon-not-found" ? 404 : 409, check.message);
    else {
      coupon = couponRow!;
      couponDiscountCents = check.discountCents;
    }
  } else if (cashDollarCents > 0) {
    if (!cashDollarOn(plan, { enabled: setting.cashDollarEnabled })) refuse(409, "cash-dollar-not-enabled");
    const quote = cashDollarQuote({
      balanceCents: member?.cashDollarCents ?? 0,
      redeemRate: setting.cashDollarRedeemRate,
      payableCents: discountableCents,
      requestedCents: cashDollarCents,
    });
    if ("error" in quote) return refuse(409, quote.error);
    cashDollar = quote;
  }
  const discountedCents = subtotalCents - couponDiscountCents - cashDollar.discountCents;

  let deliveryChargeCents = quoted?.deliveryCents ?? 0;
  let freeDelivery = false;
  let freeDeliveryAmountCents: number | null = null;
  const { delivery } = input;
  if (!delivery) {
    if (channel === "online") refuse(400, "missing-delivery-method");
  } else {
    const method = deliveryMethodsOf(setting)[delivery.method];
    if (!method.enabled) refuse(400, "invalid-delivery-method");
    if (!isHongKongPhone(delivery.receiver_phone)) refuse(400, "invalid-delivery-phone");
    if (delivery.method === "self_pickup") {
      // The pickup locations' addresses in either language (kept in the setting by triggers, migration 0068).
      const pickup = delivery.pickup_address;
      if (method.pickup_addresses.length > 0 && (!pickup || !method.pickup_addresses.includes(pickup))) {
        refuse(400, "invalid-delivery-method");
      }
    } else {
      if (!delivery.district || !delivery.address) return refuse(400, "missing-delivery-method");
      freeDeliveryAmountCents = method.free_delivery_amount_cents;
      freeDelivery = freeDeliveryAmountCents !== null && discountedCents >= freeDeliveryAmountCents;
      deliveryChargeCents = freeDelivery ? 0 : method.charge_cents[delivery.district];
    }
  }
  const payableCents = discountedCents + deliveryChargeCents;

  let cardFee = 0;
  if (input.payment_method) {
    const refusal = paymentMethodRefusal(setting, input.payment_method, channel);
    if (refusal) refuse(refusal.status, refusal.message);
    if (input.payment_method === "credit_card") {
      cardFee = cardFeeCents(payableCents - nonCardPaidCents, setting.cardFeeBasisPoints);
    }
  }

  return {
    amount: {
      lines,
      subtotal_cents: subtotalCents,
      gift_card_cents: giftCardCents,
      coupon_code: coupon?.code ?? null,
      coupon_discount_cents: couponDiscountCents,
      cash_dollar_spent_cents: cashDollar.spendCents,
      cash_dollar_discount_cents: cashDollar.discountCents,
      delivery_charge_cents: deliveryChargeCents,
      free_delivery: freeDelivery,
      free_delivery_amount_cents: freeDeliveryAmountCents,
      free_delivery_left_cents:
        freeDeliveryAmountCents === null ? 0 : Math.max(freeDeliveryAmountCents - discountedCents, 0),
      card_fee_cents: cardFee,
      total_cents: payableCents + cardFee,
    },
    member,
    coupon,
    productUnits,
    variantUnits,
    addOnUnits,
    giftCardLines,
  };
}
