import { asc, desc, eq, getTableColumns, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Payload } from "../../../contract/actions";
import { DELIVERY_METHODS, DISTRICTS } from "../../../contract/options";
import {
  BARCODE_SHEET_ITEMS,
  BARCODE_SHEET_MEMBERS,
  cartStoredValuePayments,
  HELD_CARTS_SHOWN,
  POS_PRODUCTS_SHOWN,
  posCart,
  type PosCart,
  type PosCartOperation,
  type PosCartState,
  type PosData,
  type PosTender,
  type SCAN_RESULTS,
} from "../contract";
import { accountKey, type Caller } from "../../../backend/caller";
import {
  checkoutReads,
  computeOrderAmount,
  giftCardAmountMessage,
  giftCardAmountRange,
} from "../../../backend/checkout";
import { tenderOf } from "../../checkout/tender";
import type { StoreScope } from "../../../backend/db/scope";
import {
  addOnProducts,
  members,
  posCarts,
  posHeldCarts,
  posShifts,
  productAddOns,
  productOptionValues,
  products,
  productVariants,
  storeSettings,
} from "../../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../../backend/db/version";
import { ActionError, found } from "../../../backend/errors";
import { storeFpsQr } from "../../../backend/fps-qr";
import { checkoutMemberQuery, requireCheckoutMember, toOrderMember } from "../../../backend/member-checkout";
import { defineAction } from "../../../backend/registry";
import { errorText } from "../../../backend/unique";
import { checkedStoredValue, storedValueReads, type TypedPayment } from "../../checkout/stored-value";
import { maskedGiftCardCode } from "../../gift-card/options";
import { orderGiftCardsQuery, toOrderGiftCard } from "../../gift-card/sold";
import { saleExchangeReads, toOrderExchange } from "../../order/exchanges";
import { searched } from "../../product/search";
import { productStockAt, stockAt } from "../../product/stock-levels";
import { chosenCounter, counterAt, counterLocationsRead } from "../counter-location";
import { mayUseLocation } from "../../../backend/location-access";
import { optionValuesOf, variantNames } from "../../product/variant-names";
import { deliveryMethodsOf, paymentMethodsOf } from "../../setting/actions";
import { counterPaymentMethods, publishedAddOnsQuery, publishedCategoriesQuery, toAddOn } from "./catalogue";

type CartRow = typeof posCarts.$inferSelect;
type PosPayment = Payload<"get_pos_data_by_application_key">["payments"][number];
type Scanned = (typeof SCAN_RESULTS)[number];

export const EMPTY_CART: PosCart = { lines: [], order_add_ons: [] };

/** The caller's cart, by the account key of their session (reads run before the caller is known). */
const cartOf = (store: StoreScope, owner: SQL<string | null>) =>
  store.select(posCarts, eq(posCarts.owner, owner)).limit(1);

/** The caller's cart as the page shows it; before their first change an empty one (version 0). */
const cartState = (row: CartRow | undefined): PosCartState =>
  row
    ? { cart: row.cart, version: row.version, idempotency_key: row.idempotencyKey }
    : { cart: EMPTY_CART, version: 0, idempotency_key: "" };

/** A change over the version the page showed: another tab or device of the same user moved the cart on. */
function requireVersion(row: CartRow | undefined, version: number) {
  if ((row?.version ?? 0) !== version) throw new ActionError(409, "edited-elsewhere");
}

/**
 * A cart as it is stored and compared: through the contract's schema, so the same cart is always the
 * same JSON (the checkout finds the cart it sells by it).
 */
export const canonicalCart = (cart: PosCart): PosCart => posCart.parse(cart);

const isEmpty = (cart: PosCart) => cart.lines.length === 0 && cart.order_add_ons.length === 0;

/**
 * The caller's cart saved over `version` (0: its first save, made by the insert; a racing first save
 * meets the unique owner). `cart` may be SQL (a held cart's, read as the statement runs).
 */
function saveCartStatement(store: StoreScope, owner: string, version: number, cart: PosCart | SQL<unknown>) {
  const stored = "lines" in cart ? canonicalCart(cart) : cart;
  if (version === 0) {
    return store.insert(posCarts, [{ owner, cart: stored, idempotencyKey: crypto.randomUUID() }]).returning();
  }
  return store
    .update(posCarts, { cart: stored, version: nextVersion(posCarts.version, version) }, eq(posCarts.owner, owner))
    .returning();
}

/**
 * The counter sale's end, in the order's own batch: the seller's cart emptied, with a new idempotency key
 * for the next sale, only while it is still the cart that was sold (its version and its contents). Any other
 * cart makes the version NULL, which NOT NULL refuses, so no order is made from a cart that moved on.
 */
export function soldCartStatement(store: StoreScope, caller: Caller, version: number, sold: PosCart) {
  return store.update(
    posCarts,
    {
      cart: EMPTY_CART,
      idempotencyKey: crypto.randomUUID(),
      version: sql`case when ${posCarts.version} = ${version} and ${posCarts.cart} = ${JSON.stringify(canonicalCart(sold))}
        then ${posCarts.version} + 1 end`,
    },
    eq(posCarts.owner, accountKey(caller)),
  );
}

/** A cart save refused by its version (or a racing first save) is 409 `edited-elsewhere`. */
export function rethrowCartChanged(error: unknown): never {
  if (/UNIQUE constraint failed: pos_cart\./.test(errorText(error))) throw new ActionError(409, "edited-elsewhere");
  return rethrowStaleVersion(error);
}

/** A member as a scanner or the counter names them: the member ID (M00042) or the phone. */
function memberByCodeOrPhone(store: StoreScope, code: string) {
  const number = /^M(\d{1,9})$/i.exec(code)?.[1];
  return store
    .selectFields(
      members,
      { id: members.id },
      eq(members.disabled, false),
      or(number ? eq(members.memberNumber, Number(number)) : undefined, eq(members.phone, code)),
    )
    .limit(1);
}

/** A column of a variant's product, by its primary key; null when the product is not published. */
const ofPublishedProduct = <T>(
  column:
    typeof products.productCode | typeof products.nameZhHk | typeof products.nameEn | typeof products.variantCount,
) =>
  sql<T>`(select ${column} from ${products} where ${products.id} = ${productVariants.productId} and ${products.publish})`;

/**
 * What a change reads besides the cart: the variant (by the barcode scanned or the id added) and the product
 * (by its code), the member or the add-on it names (or a scan may mean). A variant's barcode comes first.
 */
function operationReads(store: StoreScope, owner: SQL<string | null>, operation: PosCartOperation) {
  const code = operation.op === "scan" ? operation.code : operation.op === "add_product" ? operation.product_code : "";
  const variantId = operation.op === "add_product" ? (operation.variant_id ?? 0) : 0;
  const addOnId = operation.op === "set_order_add_on" ? operation.add_on_product_id : 0;
  const memberId = operation.op === "set_member" ? (operation.member_id ?? 0) : 0;
  const productCode = ofPublishedProduct<string>(products.productCode);
  return [
    store
      .selectFields(
        productVariants,
        { id: productVariants.id, productCode, variantCount: ofPublishedProduct<number>(products.variantCount) },
        operation.op === "scan" ? eq(productVariants.barcode, code) : eq(productVariants.id, variantId),
        isNotNull(productCode),
      )
      .limit(1),
    store
      .selectFields(
        products,
        {
          productCode: products.productCode,
          variantCount: products.variantCount,
          giftCardKind: products.giftCardKind,
          giftCardMinCents: products.giftCardMinCents,
          giftCardMaxCents: products.giftCardMaxCents,
        },
        eq(products.publish, true),
        eq(products.productCode, code),
      )
      .limit(1),
    memberByCodeOrPhone(store, operation.op === "scan" ? code : ""),
    store
      .selectFields(
        addOnProducts,
        { id: addOnProducts.id },
        eq(addOnProducts.publish, true),
        operation.op === "scan" ? eq(addOnProducts.barcode, code) : eq(addOnProducts.id, addOnId),
      )
      .limit(1),
    checkoutMemberQuery(store, memberId),
    ...storedValueReads(store, appliedStoredValue(operation), cartMemberId(store, owner)),
  ] as const;
}

/** The stored value a change applies, to check against its balance. */
function appliedStoredValue(operation: PosCartOperation): TypedPayment[] {
  if (operation.op === "set_gift_card" && operation.gift_card) {
    const { code, amount_cents } = operation.gift_card;
    return [{ method: "gift_card" as const, gift_card_code: code, amount_cents }];
  }
  if (operation.op === "set_store_credit" && operation.amount_cents) {
    return [{ method: "store_credit" as const, amount_cents: operation.amount_cents }];
  }
  return [];
}

/** The member of the caller's cart as a statement finds it. */
const cartMemberId = (store: StoreScope, owner: SQL<string | null>) =>
  sql<number>`(select json_extract(${posCarts.cart}, '$.member_id') from ${posCarts} where ${store.where(posCarts, eq(posCarts.owner, owner))})`;

type OperationReads = BatchResponse<ReturnType<typeof operationReads>>;

/**
 * One more of a product (of a product with options, of one variant; of an open-amount gift card, of that
 * amount): its line without add-ons gets one more, else a new line at the end. A product without options is
 * its code alone, however it was added.
 */
function withProduct(
  cart: PosCart,
  found: { productCode: string; variantCount: number; id?: number },
  amountCents?: number,
): PosCart {
  const variantId = found.variantCount > 1 ? found.id : undefined;
  const index = cart.lines.findIndex(
    (line) =>
      line.product_code === found.productCode &&
      line.variant_id === variantId &&
      line.amount_cents === amountCents &&
      line.add_on_product_ids.length === 0,
  );
  if (index === -1) {
    const line = {
      product_code: found.productCode,
      variant_id: variantId,
      ...(amountCents !== undefined && { amount_cents: amountCents }),
      quantity: 1,
      add_on_product_ids: [],
    };
    return { ...cart, lines: [...cart.lines, line] };
  }
  return {
    ...cart,
    lines: cart.lines.map((line, at) => (at === index ? { ...line, quantity: line.quantity + 1 } : line)),
  };
}

function withOrderAddOn(cart: PosCart, addOnId: number, quantity: number): PosCart {
  const others = cart.order_add_ons.filter((addOn) => addOn.add_on_product_id !== addOnId);
  return {
    ...cart,
    order_add_ons: quantity > 0 ? [...others, { add_on_product_id: addOnId, quantity }] : others,
  };
}

/** A line by its place (1 is the first), or the field error of a page that showed another cart. */
function lineAt(cart: PosCart, position: number) {
  if (position > cart.lines.length) throw new ActionError(400, "invalid-payload", { position: ["format-not-match"] });
  return position - 1;
}

/** The cart after one change, and what a scan found. */
function applied(
  cart: PosCart,
  operation: PosCartOperation,
  [[variant], [product], [scannedMember], [addOn], memberRows, cards, credit]: OperationReads,
  now: Date,
): { cart: PosCart; scanned: Scanned | null } {
  switch (operation.op) {
    case "scan":
      if (variant) return { cart: withProduct(cart, variant), scanned: "product" };
      if (product?.giftCardKind === "open") {
        // Its amount is typed on its tile.
        throw new ActionError(400, "invalid-payload", { code: [giftCardAmountMessage(giftCardAmountRange(product))] });
      }
      if (product) {
        return product.variantCount > 1
          ? { cart, scanned: "choose" }
          : { cart: withProduct(cart, product), scanned: "product" };
      }
      if (scannedMember) {
        return { cart: { ...withoutMember(cart), member_id: scannedMember.id }, scanned: "member" };
      }
      if (addOn) {
        const current = cart.order_add_ons.find((line) => line.add_on_product_id === addOn.id)?.quantity ?? 0;
        return { cart: withOrderAddOn(cart, addOn.id, current + 1), scanned: "add_on" };
      }
      return { cart, scanned: "none" };
    case "add_product":
      if (!product) throw new ActionError(404, "not-found");
      if (product.giftCardKind === "open") {
        const range = giftCardAmountRange(product);
        const amount = operation.amount_cents;
        if (amount === undefined || amount < range.min || amount > range.max) {
          throw new ActionError(400, "invalid-payload", { amount_cents: [giftCardAmountMessage(range)] });
        }
        return { cart: withProduct(cart, product, amount), scanned: null };
      }
      if (operation.variant_id === undefined) {
        if (product.variantCount > 1) throw new ActionError(400, "variant-required");
        return { cart: withProduct(cart, product), scanned: null };
      }
      if (variant?.productCode !== product.productCode) throw new ActionError(404, "not-found");
      return { cart: withProduct(cart, variant), scanned: null };
    case "set_quantity": {
      const index = lineAt(cart, operation.position);
      const lines =
        operation.quantity === 0
          ? cart.lines.filter((_, at) => at !== index)
          : cart.lines.map((line, at) => (at === index ? { ...line, quantity: operation.quantity } : line));
      return { cart: { ...cart, lines }, scanned: null };
    }
    case "set_line_add_ons": {
      const index = lineAt(cart, operation.position);
      const ids = [...new Set(operation.add_on_product_ids)];
      const lines = cart.lines.map((line, at) => (at === index ? { ...line, add_on_product_ids: ids } : line));
      return { cart: { ...cart, lines }, scanned: null };
    }
    case "set_order_add_on":
      if (!addOn) throw new ActionError(404, "not-found");
      return { cart: withOrderAddOn(cart, operation.add_on_product_id, operation.quantity), scanned: null };
    case "set_exchange":
      return { cart: { ...cart, exchange: operation.exchange ?? undefined }, scanned: null };
    case "set_member":
      if (operation.member_id === null) return { cart: withoutMember(cart), scanned: null };
      return { cart: { ...withoutMember(cart), member_id: requireCheckoutMember(memberRows).id }, scanned: null };
    case "set_discount": {
      const { coupon_code: couponCode, cash_dollar_cents: cashDollarCents } = operation;
      if (couponCode && cashDollarCents) {
        throw new ActionError(400, "invalid-payload", {
          coupon_code: ["coupon-or-cash-dollar-only"],
          cash_dollar_cents: ["coupon-or-cash-dollar-only"],
        });
      }
      return {
        cart: { ...cart, coupon_code: couponCode ?? undefined, cash_dollar_cents: cashDollarCents || undefined },
        scanned: null,
      };
    }
    case "set_delivery":
      return { cart: { ...cart, delivery: operation.delivery }, scanned: null };
    case "set_payment_method":
      return { cart: { ...cart, payment_method: operation.payment_method ?? undefined }, scanned: null };
    case "set_gift_card":
    case "set_store_credit": {
      const giftCard = operation.op === "set_gift_card";
      if (!giftCard && operation.amount_cents && cart.member_id === undefined) {
        throw new ActionError(400, "invalid-payload", { "operation.amount_cents": ["store-credit-needs-member"] });
      }
      try {
        checkedStoredValue(appliedStoredValue(operation), [cards, credit], {
          giftCards: true,
          memberId: cart.member_id,
          now,
        });
      } catch (error) {
        throw error instanceof ActionError
          ? asOperationFields(error, giftCard ? "operation.gift_card." : "operation.")
          : error;
      }
      return giftCard
        ? { cart: { ...cart, gift_card: operation.gift_card ?? undefined }, scanned: null }
        : { cart: { ...cart, store_credit_cents: operation.amount_cents ?? undefined }, scanned: null };
    }
    case "clear":
      return { cart: EMPTY_CART, scanned: null };
  }
}

/** The cart without its member, nor what only the member could pay with (cash dollar, store credit). */
const withoutMember = (cart: PosCart): PosCart => ({
  ...cart,
  member_id: undefined,
  cash_dollar_cents: undefined,
  store_credit_cents: undefined,
});

/** A stored-value refusal under the change's own fields: `payments.0.gift_card_code` is `operation.gift_card.code`. */
const asOperationFields = (error: ActionError, prefix: string) =>
  new ActionError(
    error.status,
    error.messageKey,
    error.fields &&
      Object.fromEntries(
        Object.entries(error.fields).map(([name, messages]) => [
          name.replace(/^payments\.0\./, prefix).replace("gift_card_code", "code"),
          messages,
        ]),
      ),
  );

/** The POS page's reads: the caller's cart and what the page offers around it. */
function pageReads(store: StoreScope, owner: SQL<string | null>, input: Payload<"get_pos_data_by_application_key">) {
  const at = counterAt(store, input.location_id);
  const productQuery = store
    .selectFields(
      products,
      {
        productCode: products.productCode,
        nameZhHk: products.nameZhHk,
        nameEn: products.nameEn,
        priceCents: products.priceCents,
        priceMaxCents: products.priceMaxCents,
        unlimitedInventory: products.unlimitedInventory,
        stock: productStockAt(store, at),
        variantCount: products.variantCount,
        images: products.images,
        giftCardKind: products.giftCardKind,
        giftCardMinCents: products.giftCardMinCents,
        giftCardMaxCents: products.giftCardMaxCents,
      },
      eq(products.publish, true),
      input.category_id
        ? sql`${products.id} in (select product_id from product_category where category_id = ${input.category_id})`
        : undefined,
    )
    .$dynamic();
  return [
    cartOf(store, owner),
    searched(store, productQuery, input.keyword)
      // In code order, along the store's unique code index: the first 24 published are found without a sort.
      .orderBy(asc(products.productCode))
      .limit(POS_PRODUCTS_SHOWN),
    publishedCategoriesQuery(store),
    publishedAddOnsQuery(store),
    store.select(storeSettings).limit(1),
    store.select(posHeldCarts).orderBy(desc(posHeldCarts.createdAt)).limit(HELD_CARTS_SHOWN),
    store
      .selectFields(
        posShifts,
        { id: posShifts.id, openedAt: posShifts.openedAt, openedBy: posShifts.openedBy },
        sql`${posShifts.closedAt} IS NULL`,
        eq(posShifts.locationId, at),
      )
      .limit(1),
    ...choosingReads(store, input.choose ?? "", at),
    orderGiftCardsQuery(store, input.sold_order_id ?? 0),
    counterLocationsRead(store),
    ...saleExchangeReads(store, input.sold_order_id ?? 0),
  ] as const;
}

/** The product whose variants the seller chooses from, its variants in order and their option values. */
function choosingReads(store: StoreScope, code: string, at: SQL<number>) {
  const chosen = [eq(products.publish, true), eq(products.productCode, code)];
  const productId = sql`(select ${products.id} from ${products} where ${store.where(products, ...chosen)})`;
  return [
    store
      .selectFields(
        products,
        { productCode: products.productCode, nameZhHk: products.nameZhHk, nameEn: products.nameEn },
        ...chosen,
      )
      .limit(1),
    store
      .selectFields(
        productVariants,
        {
          ...getTableColumns(productVariants),
          stock: sql<number>`coalesce(${stockAt(store, productVariants.id, at)}, 0)`,
        },
        inArray(productVariants.productId, productId),
      )
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    optionValuesOf(store, productId),
  ] as const;
}

/**
 * The typed payments against the total: when the cart's payment method is the card, the card pays what the
 * others leave (fee included, as the total already has it), so the seller is told what to put on it.
 */
function tender(cart: PosCart, typed: PosPayment[], totalCents: number): PosTender | null {
  const cardPays = cart.payment_method === "credit_card";
  if (typed.length === 0 && !cardPays) return null;
  const others = typed.reduce((sum, payment) => sum + payment.amount_cents, 0);
  const card = cardPays ? Math.max(totalCents - others, 0) : 0;
  const payments = card > 0 ? [...typed, { method: "credit_card" as const, amount_cents: card }] : typed;
  return { card_cents: card, ...tenderOf(payments, totalCents) };
}

/** FPS's share of the sale: the FPS amount typed, else all that the others leave when the cart is paid by FPS. */
function fpsShare(cart: PosCart, typed: PosPayment[], totalCents: number): number {
  const fps = typed.find((payment) => payment.method === "fps");
  if (fps) return fps.amount_cents;
  if (cart.payment_method !== "fps") return 0;
  return totalCents - typed.reduce((sum, payment) => sum + payment.amount_cents, 0);
}

/** Which add-ons each product of the cart offers, for its lines' choices. */
const offeredAddOns = (store: StoreScope, codes: string[]) =>
  store.selectFields(
    productAddOns,
    { productId: productAddOns.productId, addOnProductId: productAddOns.addOnProductId },
    inArray(
      productAddOns.productId,
      store.selectFields(products, { id: products.id }, inArray(products.productCode, ["", ...codes])),
    ),
  );

export const posActions = [
  /**
   * One backend call for the page: its reads with the caller, then the engine's reads of the cart (what the
   * cart holds is known only once it is read), priced as the counter sale would be.
   */
  defineAction("get_pos_data_by_application_key", "store:pos:read", {
    reads: (input, { store, callerAccount }) => pageReads(store, callerAccount, input),
    handler: async function page(pageInput, context, reads): Promise<PosData> {
      const { application_key, payments, location_id } = pageInput;
      const { store, now, caller } = context;
      const [
        [row],
        productRows,
        categoryRows,
        addOnRows,
        [setting],
        heldRows,
        [shift],
        [chosen],
        chosenVariants,
        chosenValues,
        soldGiftCards,
        counters,
        ...soldExchange
      ] = reads;
      const usable = counters.filter((location) => mayUseLocation(caller, location.id));
      const counter = chosenCounter(usable, location_id);
      // The reads were at a counter this caller may not use (a limited account's browser naming another, or
      // none): read the page again at the first one it may.
      if (counter && counter.id !== chosenCounter(counters, location_id)?.id) {
        const at = { ...pageInput, location_id: counter.id };
        return page(at, context, await store.batch(pageReads(store, sql`${accountKey(caller)}`, at)));
      }
      const state = cartState(row);
      const input = { application_key, ...state.cart };
      const codes = state.cart.lines.map((line) => line.product_code);
      const storedValue = cartStoredValuePayments(state.cart);
      const [offered, cards, [credit], ...engineReads] = await store.batch([
        offeredAddOns(store, codes),
        ...storedValueReads(store, storedValue, state.cart.member_id),
        ...checkoutReads(store, input, now, undefined, counter?.id),
      ]);
      const paid = [...storedValue, ...payments];
      // Priced as the sale of these payments would be: a card pays what the others leave, its fee on that only.
      const nonCardPaidCents = paid.reduce((sum, payment) => sum + payment.amount_cents, 0);
      const quote =
        state.cart.lines.length === 0
          ? null
          : computeOrderAmount(engineReads, input, now, { channel: "pos", nonCardPaidCents });
      // The engine's reads by place: the products, the member, the store's account, and last the variants and
      // their option values.
      const [productsInCart, , , [member], , , , , [account], , variantsInCart, valuesInCart] = engineReads;
      const variantNamesOf = (id: number | undefined) => {
        const variant = variantsInCart.find((row) => row.id === id);
        const names = variant ? variantNames(variant, valuesInCart) : { zh: null, en: null };
        return { variant_name_zh_hk: names.zh, variant_name_en: names.en };
      };
      const named = new Map(productsInCart.map((product) => [product.productCode, product]));
      const publishedAddOns = new Map(addOnRows.map((addOn) => [addOn.id, toAddOn(addOn)]));
      const offeredBy = (code: string) =>
        offered.flatMap(({ productId, addOnProductId }) => {
          const addOn = publishedAddOns.get(addOnProductId);
          return addOn && productId === named.get(code)?.id ? [addOn] : [];
        });
      const methods = setting && paymentMethodsOf(setting);
      const delivery = setting && deliveryMethodsOf(setting);
      return {
        ...state,
        lines: state.cart.lines.map((line, index) => ({
          position: index + 1,
          product_code: line.product_code,
          variant_id: line.variant_id ?? null,
          name_zh_hk: named.get(line.product_code)?.nameZhHk ?? line.product_code,
          name_en: named.get(line.product_code)?.nameEn ?? "",
          ...variantNamesOf(line.variant_id),
          quantity: line.quantity,
          add_on_product_ids: line.add_on_product_ids,
          offered_add_ons: offeredBy(line.product_code),
        })),
        amount: quote?.ok ? quote.amount : null,
        refusal: quote && !quote.ok ? quote.message : null,
        // The returned goods of an exchange pay first; the payments, the rest.
        tender: quote?.ok
          ? tender(
              state.cart,
              paid,
              quote.amount.total_cents - Math.min(state.cart.exchange?.returned_cents ?? 0, quote.amount.total_cents),
            )
          : null,
        fps_qr:
          quote?.ok && methods?.fps.enabled
            ? storeFpsQr(
                methods.fps,
                account?.storeName ?? "",
                fpsShare(state.cart, paid, quote.amount.total_cents),
                `POS-${state.idempotency_key.slice(0, 8).toUpperCase()}`,
              )
            : null,
        member: member ? toOrderMember(member) : null,
        gift_card:
          state.cart.gift_card && cards[0]
            ? {
                masked_code: maskedGiftCardCode(cards[0].code),
                balance_cents: cards[0].balanceCents,
                amount_cents: state.cart.gift_card.amount_cents,
              }
            : null,
        store_credit: member
          ? { balance_cents: credit?.balanceCents ?? 0, amount_cents: state.cart.store_credit_cents ?? null }
          : null,
        products: productRows.map((product) => ({
          product_code: product.productCode,
          name_zh_hk: product.nameZhHk,
          name_en: product.nameEn,
          price_cents: product.priceCents,
          price_max_cents: product.priceMaxCents,
          stock: product.unlimitedInventory ? null : product.stock,
          variant_count: product.variantCount,
          image_url: product.images[0] ?? null,
          gift_card_range:
            product.giftCardKind === "open"
              ? { min_cents: product.giftCardMinCents ?? 0, max_cents: product.giftCardMaxCents ?? 0 }
              : null,
        })),
        sold_gift_cards: soldGiftCards.map(toOrderGiftCard),
        sold_exchange: toOrderExchange(soldExchange),
        choosing: chosen
          ? {
              product_code: chosen.productCode,
              name_zh_hk: chosen.nameZhHk,
              name_en: chosen.nameEn,
              variants: chosenVariants.map((variant) => {
                const names = variantNames(variant, chosenValues);
                return {
                  id: variant.id,
                  name_zh_hk: names.zh ?? chosen.nameZhHk,
                  name_en: names.en ?? chosen.nameEn,
                  price_cents: variant.priceCents,
                  stock: variant.unlimitedInventory ? null : variant.stock,
                  sellable: variant.sellable,
                };
              }),
            }
          : null,
        categories: categoryRows.map((category) => ({
          id: category.id,
          name_zh_hk: category.nameZhHk,
          name_en: category.nameEn,
        })),
        order_add_ons: addOnRows.map(toAddOn),
        payment_methods: counterPaymentMethods(methods),
        delivery_methods: DELIVERY_METHODS.filter((method) => delivery?.[method].enabled),
        pickup_addresses: delivery?.self_pickup.pickup_addresses ?? [],
        districts: DISTRICTS,
        held_carts: heldRows.map((held) => ({
          id: held.id,
          note: held.note,
          held_by: held.heldBy,
          create_date: held.createdAt,
          lines: held.cart.lines.reduce((sum, line) => sum + line.quantity, 0),
        })),
        open_shift: shift ? { id: shift.id, opened_at: shift.openedAt, opened_by: shift.openedBy } : null,
        counter_locations: usable,
        location_id: counter?.id ?? null,
      };
    },
  }),

  defineAction("update_pos_cart_data_by_application_key", "store:pos:write", {
    reads: ({ operation }, { store, callerAccount }) =>
      [cartOf(store, callerAccount), ...operationReads(store, callerAccount, operation)] as const,
    handler: async ({ version, operation }, { store, caller, now }, [[row], ...found]) => {
      requireVersion(row, version);
      const change = applied(cartState(row).cart, operation, found, now);
      // Nothing matched: the cart stays as it was and the page offers a search instead.
      if (change.scanned === "none" || change.scanned === "choose")
        return { ...cartState(row), scanned: change.scanned };
      const [saved] = await saveCartStatement(store, accountKey(caller), version, change.cart).catch(
        rethrowCartChanged,
      );
      return { ...cartState(saved), scanned: change.scanned };
    },
  }),

  defineAction("add_pos_held_cart_data", "store:pos:write", {
    reads: (_input, { store, callerAccount }) => [cartOf(store, callerAccount)] as const,
    handler: async ({ version, note }, { store, caller }, [[row]]) => {
      requireVersion(row, version);
      if (!row || isEmpty(row.cart)) throw new ActionError(409, "pos-cart-empty");
      // The cart saved over its version: a cart that moved on since it was read holds nothing back.
      const [[held]] = await store
        .batch([
          store
            .insert(posHeldCarts, [{ note, cart: row.cart, heldBy: caller.email }])
            .returning({ id: posHeldCarts.id }),
          saveCartStatement(store, accountKey(caller), version, EMPTY_CART),
        ])
        .catch(rethrowCartChanged);
      return { id: held.id };
    },
  }),

  /**
   * The held cart becomes the caller's (empty) cart and leaves the list, in one batch. The cart is saved
   * from the held row as the batch finds it: of two devices recalling it at once, the second finds no row,
   * whose NULL cart NOT NULL refuses (404).
   */
  defineAction("update_pos_held_cart_data_by_application_key_and_id", "store:pos:write", {
    reads: ({ id }, { store, callerAccount }) =>
      [cartOf(store, callerAccount), store.select(posHeldCarts, eq(posHeldCarts.id, id)).limit(1)] as const,
    handler: async ({ id, version }, { store, caller }, [[row], heldRows]) => {
      requireVersion(row, version);
      found(heldRows);
      if (row && !isEmpty(row.cart)) throw new ActionError(409, "pos-cart-not-empty");
      const heldCart = sql`(select ${posHeldCarts.cart} from ${posHeldCarts} where ${store.where(posHeldCarts, eq(posHeldCarts.id, id))})`;
      const [[saved]] = await store
        .batch([
          saveCartStatement(store, accountKey(caller), version, heldCart),
          store.delete(posHeldCarts, eq(posHeldCarts.id, id)),
        ])
        .catch((error: unknown) => {
          if (/NOT NULL constraint failed: pos_cart\.cart/.test(errorText(error)))
            throw new ActionError(404, "not-found");
          return rethrowCartChanged(error);
        });
      return cartState(saved);
    },
  }),

  defineAction("get_pos_barcode_data_list_by_application_key", "store:pos:read", {
    reads: (_input, { store }) => {
      const productCode = ofPublishedProduct<string>(products.productCode);
      return [
        store
          .selectFields(
            productVariants,
            {
              product_code: productCode,
              name_zh_hk: ofPublishedProduct<string>(products.nameZhHk),
              name_en: ofPublishedProduct<string>(products.nameEn),
              barcode: sql<string>`${productVariants.barcode}`,
              optionValue1Id: productVariants.optionValue1Id,
              optionValue2Id: productVariants.optionValue2Id,
              optionValue3Id: productVariants.optionValue3Id,
            },
            isNotNull(productVariants.barcode),
            isNotNull(productCode),
          )
          .orderBy(asc(productVariants.barcode))
          .limit(BARCODE_SHEET_ITEMS),
        store
          .selectFields(
            addOnProducts,
            {
              id: addOnProducts.id,
              name_zh_hk: addOnProducts.nameZhHk,
              name_en: addOnProducts.nameEn,
              barcode: sql<string>`${addOnProducts.barcode}`,
            },
            eq(addOnProducts.publish, true),
            isNotNull(addOnProducts.barcode),
          )
          .orderBy(asc(addOnProducts.id))
          .limit(BARCODE_SHEET_ITEMS),
        store
          .selectFields(members, { member_code: members.memberCode, name: members.name }, eq(members.disabled, false))
          .orderBy(desc(members.createdAt))
          .limit(BARCODE_SHEET_MEMBERS),
      ] as const;
    },
    // The variants' option values by id, once the variants are known: the page's second round trip.
    handler: async (_input, { store }, [variantRows, addOnRows, memberRows]) => {
      const valueIds = variantRows.flatMap((row) =>
        [row.optionValue1Id, row.optionValue2Id, row.optionValue3Id].filter((id) => id !== null),
      );
      const values = valueIds.length
        ? await store.selectFields(
            productOptionValues,
            {
              id: productOptionValues.id,
              valueZhHk: productOptionValues.valueZhHk,
              valueEn: productOptionValues.valueEn,
            },
            sql`${productOptionValues.id} in (select value from json_each(${JSON.stringify(valueIds)}))`,
          )
        : [];
      return {
        products: variantRows.map(({ optionValue1Id, optionValue2Id, optionValue3Id, ...row }) => {
          const names = variantNames({ optionValue1Id, optionValue2Id, optionValue3Id }, values);
          return { ...row, variant_name_zh_hk: names.zh, variant_name_en: names.en };
        }),
        add_ons: addOnRows,
        members: memberRows,
      };
    },
  }),

  defineAction("delete_pos_held_cart_data_by_application_key_and_id", "store:pos:write", async ({ id }, { store }) => {
    found(await store.delete(posHeldCarts, eq(posHeldCarts.id, id)).returning({ id: posHeldCarts.id }));
    return null;
  }),
];
