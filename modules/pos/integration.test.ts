import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure, type ActionClient } from "../../app/server/action-client.server";
import {
  addOnProducts,
  orders,
  posCarts,
  productAddOns,
  products,
  productVariants,
  storeSettings,
} from "../../backend/db/schema";
import {
  createAddOn,
  createCoupon,
  createMember,
  createProduct,
  createProductWithVariants,
  createStoreStaff,
  setStock,
} from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, merchant, signIn } from "../../tests/integration/wire";

/** A store with a barcoded product (HK$100, VIP HK$80), an add-on it offers, a barcoded bag and a VIP member. */
async function counter() {
  const seller = await merchant("embedded", { hasVip: true, hasCashDollar: true, cashDollarEnabled: true });
  const key = seller.key.application_key;
  await db().update(storeSettings).set({ vipEnabled: true }).where(eq(storeSettings.applicationKey, key));
  const tea = await createProduct(db(), key, { barcode: "4890000000017", priceCents: 100_00, vipPriceCents: 80_00 });
  const cake = await createProduct(db(), key, { priceCents: 25_50 });
  const wrap = await createAddOn(db(), key);
  await db().insert(productAddOns).values({ applicationKey: key, productId: tea.id, addOnProductId: wrap.id });
  const bag = await createAddOn(db(), key);
  await db().update(addOnProducts).set({ barcode: "BAG1", priceCents: 1_00 }).where(eq(addOnProducts.id, bag.id));
  const vip = await createMember(db(), key, { level: "vip", phone: "61234567" });
  const { client } = seller;
  const page = async (extra: { keyword?: string; category_id?: number } = {}) =>
    (await client.get_pos_data_by_application_key({ ...seller.key, ...extra })).data;
  /** One change to the seller's cart, over the version it has now. */
  const change = async (
    operation: Parameters<typeof client.update_pos_cart_data_by_application_key>[0]["operation"],
  ) => {
    const { version } = await page();
    return (await client.update_pos_cart_data_by_application_key({ ...seller.key, version, operation })).data;
  };
  return { ...seller, tea, cake, wrap, bag, vip, change, page };
}

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

describe("the POS cart", () => {
  it("takes scans of a product's barcode, a member's ID or phone and an add-on's barcode; an unknown code changes nothing", async () => {
    const { change, page, tea, bag, vip } = await counter();
    expect((await change({ op: "scan", code: "4890000000017" })).scanned).toBe("product");
    expect((await change({ op: "scan", code: tea.productCode })).scanned).toBe("product");
    expect((await change({ op: "scan", code: vip.memberCode.toLowerCase() })).scanned).toBe("member");
    expect((await change({ op: "scan", code: "BAG1" })).scanned).toBe("add_on");
    const before = await page();
    const unknown = await change({ op: "scan", code: "NO-SUCH-CODE" });
    expect(unknown).toMatchObject({ scanned: "none", version: before.version });

    const data = await page();
    expect(data.lines).toMatchObject([{ position: 1, product_code: tea.productCode, quantity: 2 }]);
    expect(data.member).toMatchObject({ id: vip.id, level: "vip" });
    // Two at the VIP price and the bag: the engine's amount, always.
    expect(data.amount).toMatchObject({ subtotal_cents: 2 * 80_00 + 1_00, total_cents: 161_00 });
    expect(data.cart.order_add_ons).toEqual([{ add_on_product_id: bag.id, quantity: 1 }]);

    await change({ op: "set_member", member_id: null });
    expect((await change({ op: "scan", code: "61234567" })).scanned).toBe("member");
  });

  it("changes quantities, line add-ons, the discount and delivery; shows the engine's refusal; refuses a stale version", async () => {
    const { client, key, change, page, tea, cake, wrap, vip, store } = await counter();
    await change({ op: "add_product", product_code: tea.productCode });
    await change({ op: "add_product", product_code: cake.productCode });
    await change({ op: "set_quantity", position: 2, quantity: 3 });
    await change({ op: "set_line_add_ons", position: 1, add_on_product_ids: [wrap.id] });
    let data = await page();
    expect(data.lines.map((line) => [line.quantity, line.add_on_product_ids])).toEqual([
      [1, [wrap.id]],
      [3, []],
    ]);
    expect(data.lines[0].offered_add_ons.map((addOn) => addOn.id)).toEqual([wrap.id]);
    expect(data.amount?.subtotal_cents).toBe(100_00 + 10_00 + 3 * 25_50);

    await expectFailure(change({ op: "add_product", product_code: "NOPE" }), 404, "not-found");
    const both = await change({ op: "set_discount", coupon_code: "ABCDE", cash_dollar_cents: 100 }).catch(
      (error: ActionFailure) => error,
    );
    expect(both).toMatchObject({ status: 400, fields: { coupon_code: ["coupon-or-cash-dollar-only"] } });
    await change({ op: "set_discount", coupon_code: "NOPE1", cash_dollar_cents: null });
    data = await page();
    expect(data).toMatchObject({ amount: null, refusal: "coupon-not-found" });
    const coupon = await createCoupon(db(), store.applicationKey, { discountValue: 10_00 });
    await change({ op: "set_discount", coupon_code: coupon.code, cash_dollar_cents: null });
    expect((await page()).amount?.coupon_discount_cents).toBe(Math.round((100_00 + 10_00 + 3 * 25_50) / 10));

    await change({ op: "set_quantity", position: 1, quantity: 0 });
    expect((await page()).lines.map((line) => line.product_code)).toEqual([cake.productCode]);
    await change({
      op: "set_delivery",
      delivery: { method: "self_pickup", receiver_name: "Chan", receiver_phone: "91234567", pickup_address: "X" },
    });
    expect((await page()).refusal).toBe("invalid-delivery-method");
    await change({ op: "set_delivery", delivery: undefined });
    await change({ op: "set_member", member_id: vip.id });

    const stale = client.update_pos_cart_data_by_application_key({
      ...key,
      version: 1,
      operation: { op: "clear" },
    });
    await expectFailure(stale, 409, "edited-elsewhere");
    const current = (await page()).version;
    const raced = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        outcomeOf(
          client.update_pos_cart_data_by_application_key({
            ...key,
            version: current,
            operation: { op: "set_quantity", position: 1, quantity: index + 1 },
          }),
        ),
      ),
    );
    expect(raced.sort()).toEqual([
      "409 edited-elsewhere",
      "409 edited-elsewhere",
      "409 edited-elsewhere",
      "409 edited-elsewhere",
      "ok",
    ]);
  });

  it("keeps a cart per user: another seller of the store starts empty", async () => {
    const { change, page, tea, store } = await counter();
    await change({ op: "add_product", product_code: tea.productCode });
    const staff = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const sales = clientOver("embedded", await signIn("embedded", staff.email, staff.password));
    const theirs = (await sales.get_pos_data_by_application_key({ application_key: store.applicationKey })).data;
    expect(theirs).toMatchObject({ version: 0, lines: [] });
    expect((await page()).lines).toHaveLength(1);
  });
});

describe("selling the cart", () => {
  it("makes one order of the cart, empties it with a new key, and a resubmitted sale is the same order", async () => {
    const { client, key, change, page, tea } = await counter();
    await change({ op: "scan", code: "4890000000017" });
    await change({ op: "scan", code: "4890000000017" });
    await change({ op: "set_payment_method", payment_method: "cash" });
    const shown = await page();
    const sale = {
      ...key,
      ...shown.cart,
      payments: [{ method: "cash" as const, amount_cents: 500_00 }],
      idempotency_key: shown.idempotency_key,
      expected_total_cents: shown.amount!.total_cents,
      pos_cart_version: shown.version,
    };
    const [first, again] = await Promise.all([client.add_pos_order_data(sale), client.add_pos_order_data(sale)]);
    expect(again.data.id).toBe(first.data.id);
    const paid = { total_cents: 200_00, cash_tendered_cents: 500_00, change_cents: 300_00 };
    expect(first.data).toMatchObject({ status: "completed", ...paid });
    expect(again.data).toMatchObject(paid);
    const after = await page();
    expect(after).toMatchObject({ lines: [], version: shown.version + 1 });
    expect(after.idempotency_key).not.toBe(shown.idempotency_key);
    const [stock] = await db().select().from(products).where(eq(products.id, tea.id));
    expect(stock.stock).toBe(tea.stock - 2);
    expect(await db().select().from(orders).where(eq(orders.applicationKey, key.application_key))).toHaveLength(1);
  });

  it("refuses to sell a cart that moved on since the page showed it, and makes no order", async () => {
    const { client, key, change, page, tea, cake } = await counter();
    await change({ op: "add_product", product_code: tea.productCode });
    const shown = await page();
    const sale = (cart: typeof shown.cart, idempotency_key: string) =>
      client.add_pos_order_data({
        ...key,
        ...cart,
        payments: [{ method: "cash", amount_cents: 500_00 }],
        idempotency_key,
        pos_cart_version: shown.version,
      });
    const otherCart = {
      ...shown.cart,
      lines: [{ product_code: cake.productCode, quantity: 1, add_on_product_ids: [] }],
    };
    await expectFailure(sale(otherCart, crypto.randomUUID()), 409, "edited-elsewhere");
    await change({ op: "set_quantity", position: 1, quantity: 2 });
    await expectFailure(sale(shown.cart, shown.idempotency_key), 409, "edited-elsewhere");
    expect(await db().select().from(orders).where(eq(orders.applicationKey, key.application_key))).toEqual([]);
  });
});

describe("selling without the orders module", () => {
  it("lets a plan with the POS but not orders, and staff with POS rights only, check out; without POS write it is 403", async () => {
    const seller = await merchant("embedded", { modules: ["pos"] });
    const { key } = seller;
    const tea = await createProduct(db(), key.application_key, { priceCents: 30_00 });
    const staff = async (role: "admin" | "sales", permissions: { pos: "read" | "write"; order: "none" | "write" }) => {
      const account = await createStoreStaff(db(), key.application_key, { role, permissions });
      return clientOver("embedded", await signIn("embedded", account.email, account.password));
    };
    const sellCart = async (client: ActionClient) => {
      const { version } = (await client.get_pos_data_by_application_key(key)).data;
      await client.update_pos_cart_data_by_application_key({
        ...key,
        version,
        operation: { op: "add_product", product_code: tea.productCode },
      });
      const shown = (await client.get_pos_data_by_application_key(key)).data;
      return client.add_pos_order_data({
        ...key,
        ...shown.cart,
        payments: [{ method: "cash", amount_cents: 50_00 }],
        idempotency_key: shown.idempotency_key,
        pos_cart_version: shown.version,
      });
    };

    expect((await sellCart(seller.client)).data).toMatchObject({ status: "completed", total_cents: 30_00 });
    const posOnly = await staff("sales", { pos: "write", order: "none" });
    expect((await sellCart(posOnly)).data).toMatchObject({ status: "completed", total_cents: 30_00 });
    const ordersOnly = await staff("admin", { pos: "read", order: "write" });
    await expectFailure(
      ordersOnly.add_pos_order_data({
        ...key,
        lines: [{ product_code: tea.productCode, quantity: 1, add_on_product_ids: [] }],
        payments: [{ method: "cash", amount_cents: 30_00 }],
        idempotency_key: crypto.randomUUID(),
      }),
      403,
      "forbidden",
    );
    const sold = await db().select().from(orders).where(eq(orders.applicationKey, key.application_key));
    expect(sold.map((order) => order.channel)).toEqual(["pos", "pos"]);
  });
});

describe("working out the payment", () => {
  it("prices the amounts typed as the sale would be: the card pays what the others leave, its fee on that share only; cash gives the change", async () => {
    const { client, key, change, tea } = await counter();
    await db()
      .update(storeSettings)
      .set({
        paymentMethods: {
          cash: { enabled: true },
          credit_card: { enabled: true },
          fps: { enabled: true, account_id: "1" },
        },
        cardFeeBasisPoints: 350,
      })
      .where(eq(storeSettings.applicationKey, key.application_key));
    await change({ op: "add_product", product_code: tea.productCode });
    type Typed = Parameters<typeof client.get_pos_data_by_application_key>[0]["payments"];
    const typed = async (payments: Typed) => (await client.get_pos_data_by_application_key({ ...key, payments })).data;
    const cash = (amount_cents: number) => ({ method: "cash" as const, amount_cents });

    expect((await typed([])).tender).toBeNull();
    expect((await typed([cash(60_00), { method: "fps", amount_cents: 20_00 }])).tender).toEqual({
      card_cents: 0,
      cash_cents: 60_00,
      paid_cents: 80_00,
      remaining_cents: 20_00,
      change_cents: 0,
    });
    expect((await typed([cash(150_00)])).tender).toMatchObject({ remaining_cents: 0, change_cents: 50_00 });

    await change({ op: "set_payment_method", payment_method: "credit_card" });
    expect(await typed([])).toMatchObject({
      amount: { card_fee_cents: 3_50, total_cents: 103_50 },
      tender: { card_cents: 103_50, paid_cents: 103_50, remaining_cents: 0 },
    });
    // HK$60 in cash, the card the rest: 3.5 % of HK$40 is HK$1.40.
    const split = await typed([cash(60_00)]);
    expect(split).toMatchObject({
      amount: { card_fee_cents: 1_40, total_cents: 101_40 },
      tender: { card_cents: 41_40, cash_cents: 60_00, paid_cents: 101_40, remaining_cents: 0, change_cents: 0 },
    });
    // Cash beyond the total leaves nothing to the card, and no fee.
    expect(await typed([cash(120_00)])).toMatchObject({
      amount: { card_fee_cents: 0, total_cents: 100_00 },
      tender: { card_cents: 0, change_cents: 20_00 },
    });

    const { data: sale } = await client.add_pos_order_data({
      ...key,
      ...split.cart,
      payments: [cash(60_00), { method: "credit_card", amount_cents: 41_40 }],
      idempotency_key: split.idempotency_key,
      expected_total_cents: split.amount!.total_cents,
      pos_cart_version: split.version,
    });
    expect(sale).toMatchObject({ total_cents: 101_40, cash_tendered_cents: 60_00, change_cents: 0 });
  });
});

describe("held carts", () => {
  it("parks a cart with a note and recalls it on another device of the store at today's prices", async () => {
    const { client, key, change, page, tea, store } = await counter();
    await change({ op: "add_product", product_code: tea.productCode });
    await expectFailure(
      client.update_pos_held_cart_data_by_application_key_and_id({ ...key, id: 1, version: 0 }),
      409,
      "edited-elsewhere",
    );
    const { data: held } = await client.add_pos_held_cart_data({
      ...key,
      version: (await page()).version,
      note: "Table 3",
    });
    const parked = await page();
    expect(parked.lines).toEqual([]);
    expect(parked.held_carts).toMatchObject([{ id: held.id, note: "Table 3", held_by: store.email, lines: 1 }]);

    await db().update(productVariants).set({ priceCents: 120_00 }).where(eq(productVariants.productId, tea.id));
    const staff = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const sales = clientOver("embedded", await signIn("embedded", staff.email, staff.password));
    const [recalled, alsoRecalled] = await Promise.all([
      outcomeOf(sales.update_pos_held_cart_data_by_application_key_and_id({ ...key, id: held.id, version: 0 })),
      outcomeOf(
        client.update_pos_held_cart_data_by_application_key_and_id({ ...key, id: held.id, version: parked.version }),
      ),
    ]);
    expect([recalled, alsoRecalled].sort()).toEqual(["404 not-found", "ok"]);
    const recaller = recalled === "ok" ? sales : client;
    const data = (await recaller.get_pos_data_by_application_key(key)).data;
    expect(data.lines).toMatchObject([{ product_code: tea.productCode, quantity: 1 }]);
    expect(data.amount?.total_cents).toBe(120_00);
    expect(data.held_carts).toEqual([]);
  });

  it("recalls a cart whose product's stock has dropped below it with the engine's stock message", async () => {
    const { client, key, change, page, cake } = await counter();
    await change({ op: "add_product", product_code: cake.productCode });
    await change({ op: "set_quantity", position: 1, quantity: 4 });
    const { data: held } = await client.add_pos_held_cart_data({ ...key, version: (await page()).version, note: null });
    await setStock(db(), cake.id, 3);
    await client.update_pos_held_cart_data_by_application_key_and_id({
      ...key,
      id: held.id,
      version: (await page()).version,
    });
    expect(await page()).toMatchObject({
      lines: [{ product_code: cake.productCode, quantity: 4 }],
      amount: null,
      refusal: "inventory-not-enough",
    });
  });

  it("recalls only into an empty cart, parks only a cart with something in it, and discards a held cart", async () => {
    const { client, key, change, page, tea } = await counter();
    await expectFailure(client.add_pos_held_cart_data({ ...key, version: 0, note: null }), 409, "pos-cart-empty");
    await change({ op: "add_product", product_code: tea.productCode });
    const { data: held } = await client.add_pos_held_cart_data({ ...key, version: (await page()).version, note: null });
    await change({ op: "add_product", product_code: tea.productCode });
    await expectFailure(
      client.update_pos_held_cart_data_by_application_key_and_id({
        ...key,
        id: held.id,
        version: (await page()).version,
      }),
      409,
      "pos-cart-not-empty",
    );
    await client.delete_pos_held_cart_data_by_application_key_and_id({ ...key, id: held.id });
    expect((await page()).held_carts).toEqual([]);
    await expectFailure(
      client.delete_pos_held_cart_data_by_application_key_and_id({ ...key, id: held.id }),
      404,
      "not-found",
    );
    expect(await db().select().from(posCarts).where(eq(posCarts.applicationKey, key.application_key))).toHaveLength(1);
  });
});

describe("the barcode sheet", () => {
  it("lists the published products and add-ons with a barcode, and the newest members", async () => {
    const { client, key, tea, bag, vip, store } = await counter();
    await createProduct(db(), store.applicationKey, { barcode: "HIDDEN1", publish: false });
    const { data } = await client.get_pos_barcode_data_list_by_application_key(key);
    expect(data.products.map((product) => product.barcode)).toEqual([tea.barcode]);
    expect(data.add_ons).toEqual([expect.objectContaining({ id: bag.id, barcode: "BAG1" })]);
    expect(data.members).toEqual([{ member_code: vip.memberCode, name: vip.name }]);
  });
});

describe("the POS and variants", () => {
  it("adds the variant a barcode names, asks which for a product with options, and lists its variants to choose", async () => {
    const { change, page, key, client } = await counter();
    const shirt = await createProductWithVariants(db(), key.application_key, {
      options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["S", "M", "L"] }],
      variants: [
        { values: [0], barcode: "TEE-S", priceCents: 100_00 },
        { values: [1], barcode: "TEE-M", priceCents: 120_00 },
        { values: [2], barcode: "TEE-L", priceCents: 120_00, stock: 0 },
      ],
    });
    const [small, medium] = shirt.variants;

    expect((await change({ op: "scan", code: "TEE-M" })).scanned).toBe("product");
    expect((await change({ op: "scan", code: "TEE-M" })).scanned).toBe("product");
    const before = await page();
    expect(await change({ op: "scan", code: shirt.productCode })).toMatchObject({
      scanned: "choose",
      version: before.version,
    });
    expect(await outcomeOf(change({ op: "add_product", product_code: shirt.productCode }))).toBe(
      "400 variant-required",
    );
    await change({ op: "add_product", product_code: shirt.productCode, variant_id: small.id });

    const data = await page();
    expect(data.lines.map((line) => [line.variant_id, line.variant_name_en, line.quantity])).toEqual([
      [medium.id, "M", 2],
      [small.id, "S", 1],
    ]);
    expect(data.amount?.subtotal_cents).toBe(2 * 120_00 + 100_00);
    expect(data.products.find((product) => product.product_code === shirt.productCode)).toMatchObject({
      price_cents: 100_00,
      price_max_cents: 120_00,
      variant_count: 3,
      stock: 10,
    });

    const { data: choosing } = await client.get_pos_data_by_application_key({ ...key, choose: shirt.productCode });
    expect(choosing.choosing?.variants.map((variant) => [variant.name_en, variant.price_cents, variant.stock])).toEqual(
      [
        ["S", 100_00, 5],
        ["M", 120_00, 5],
        ["L", 120_00, 0],
      ],
    );
    expect(data.choosing).toBeNull();

    const { data: sheet } = await client.get_pos_barcode_data_list_by_application_key(key);
    expect(
      sheet.products
        .filter((product) => product.product_code === shirt.productCode)
        .map((product) => [product.barcode, product.variant_name_en]),
    ).toEqual([
      ["TEE-L", "L"],
      ["TEE-M", "M"],
      ["TEE-S", "S"],
    ]);
  });
});
