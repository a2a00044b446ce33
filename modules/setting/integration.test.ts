import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purchasedPlans, storeAccounts, storeSettings, websiteData } from "../../backend/db/schema";
import { parseEmvTlv, readTlv } from "../../contract/fps-qr";
import type { PayloadInput } from "../../contract/actions";
import { DELIVERY_METHODS, PAYMENT_METHODS } from "../../contract/options";
import { createLocation, createOrderRow, createProviderStaff, createStore } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  signIn,
  storeD1,
  TRANSPORT_NAMES,
  type TransportName,
  whereStoreLives,
} from "../../tests/integration/wire";

type GeneralInput = PayloadInput<"update_store_general_setting_data_by_application_key">;

function general(applicationKey: string, overrides: Partial<GeneralInput> = {}): GeneralInput {
  return {
    application_key: applicationKey,
    store_name: `Tea House ${applicationKey}`,
    accept_language: ["zh-HK", "en"],
    accept_currency: ["HKD"],
    sub_domain: `tea-${applicationKey}`,
    custom_domain: `shop.${applicationKey}.example.com`,
    contact_email: "hello@tea.example.com",
    contact_phone: "21234567",
    address: "1 Queen's Road Central\nHong Kong",
    seo_title: "Tea House",
    seo_description: "Loose-leaf tea from Hong Kong.",
    booking_reminder_hours: 48,
    version: 1,
    ...overrides,
  };
}

describe.each(TRANSPORT_NAMES)("the general setting over the %s transport", (transport: TransportName) => {
  it("saves the store's name, languages, domains, contact, SEO and reminder hours, logging the change", async () => {
    const { store, client, key } = await merchant(transport);
    const before = (await client.get_store_setting_data_by_application_key(key)).data;
    expect(before).toMatchObject({
      general: { accept_language: ["zh-HK"], custom_domain: null, booking_reminder_hours: 24 },
      version: 1,
    });

    await client.update_store_general_setting_data_by_application_key(general(store.applicationKey));

    const after = (await client.get_store_setting_data_by_application_key(key)).data;
    const { application_key: _key, version: _version, ...saved } = general(store.applicationKey);
    expect(after.general).toEqual({ ...saved, logo_img_url: null, favicon_url: null, share_image_url: null });
    expect(after.version).toBe(2);
    const [entry] = (await logOf(store.applicationKey)).reverse();
    expect(entry).toMatchObject({ action: "edit", data_type: "store_account_data", actor_email: store.email });
    expect(entry.changes.store_name).toEqual([store.storeName, saved.store_name]);
    expect(entry.changes.contact_phone).toEqual([null, "21234567"]);
    expect(entry.changes.booking_reminder_hours).toEqual([24, 48]);
  });

  it("refuses a save over a version saved since (409), keeping the first", async () => {
    const { store, client, key } = await merchant(transport);
    await client.update_store_general_setting_data_by_application_key(general(store.applicationKey));
    await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, { seo_title: "Stale", version: 1 }),
      ),
      409,
      "edited-elsewhere",
    );
    expect((await client.get_store_setting_data_by_application_key(key)).data.general.seo_title).toBe("Tea House");
  });
});

describe("the general setting's rules", () => {
  it("refuses another store's name, sub-domain or custom domain, each beside its field", async () => {
    const taken = await merchant("embedded");
    await taken.client.update_store_general_setting_data_by_application_key(general(taken.store.applicationKey));
    const { store, client } = await merchant("embedded");
    const mine = general(store.applicationKey);
    const theirs = general(taken.store.applicationKey);

    const cases = [
      [{ store_name: theirs.store_name.toUpperCase() }, "store_name", "store-name-used"],
      [{ sub_domain: theirs.sub_domain }, "sub_domain", "domain-repeated"],
      [{ custom_domain: String(theirs.custom_domain).toUpperCase() }, "custom_domain", "domain-repeated"],
    ] as const;
    for (const [overrides, field, message] of cases) {
      const failure = await expectFailure(
        client.update_store_general_setting_data_by_application_key({ ...mine, ...overrides }),
        409,
        message,
      );
      expect(failure.fields).toEqual({ [field]: [message] });
    }
  });

  it("checks formats: phone of 8 digits from 2-9, a host name, an e-mail, reminder hours of 1 to 168", async () => {
    const { store, client } = await merchant("embedded");
    const failure = await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, {
          contact_phone: "12345678",
          custom_domain: "-shop.example.com",
          contact_email: "not-an-email",
          booking_reminder_hours: 169,
        }),
      ),
      400,
      "invalid-payload",
    );
    expect(Object.keys(failure.fields ?? {}).sort()).toEqual([
      "booking_reminder_hours",
      "contact_email",
      "contact_phone",
      "custom_domain",
    ]);
    expect(failure.fields?.booking_reminder_hours).toEqual(["number-range:1:168"]);
  });

  it("offers only zh-HK and HKD when the plan says so", async () => {
    const { store, client } = await merchant("embedded");
    await db()
      .update(purchasedPlans)
      .set({ defaultLanguageAndCurrencyOnly: true })
      .where(eq(purchasedPlans.applicationKey, store.applicationKey));
    const failure = await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, { accept_language: ["zh-HK", "en"], accept_currency: ["HKD", "USD"] }),
      ),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      accept_language: ["plan-default-language-and-currency-only"],
      accept_currency: ["plan-default-language-and-currency-only"],
    });
    await client.update_store_general_setting_data_by_application_key(
      general(store.applicationKey, { accept_language: ["zh-HK"] }),
    );
  });

  it("takes only images this store uploaded", async () => {
    const other = await createStore(db());
    const { store, client } = await merchant("embedded");
    const failure = await expectFailure(
      client.update_store_general_setting_data_by_application_key(
        general(store.applicationKey, { logo_img_url: `/uploads/${other.applicationKey}/logo.png` }),
      ),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ logo_img_url: ["invalid-file"] });
    const [website] = await db().select().from(websiteData).where(eq(websiteData.applicationKey, store.applicationKey));
    expect(website.logoImgUrl).toBeNull();
  });
});

type PaymentInput = PayloadInput<"update_store_payment_setting_data_by_application_key">;
type DeliveryInput = PayloadInput<"update_store_delivery_setting_data_by_application_key">;
type PromotionInput = PayloadInput<"update_store_promotion_setting_data_by_application_key">;

const allOff = <M extends string, T>(methods: readonly M[], setting: T) =>
  Object.fromEntries(methods.map((method) => [method, setting])) as Record<M, T>;

function payment(applicationKey: string, overrides: Partial<PaymentInput> = {}): PaymentInput {
  return {
    application_key: applicationKey,
    methods: {
      ...allOff(PAYMENT_METHODS, { enabled: false }),
      cash: { enabled: true, instructions_en: "Pay at the counter." },
      fps: { enabled: true, account_id: "1234567", requires_proof: true, name_en: "FPS (instant)" },
    },
    card_fee_basis_points: 250,
    version: 1,
    ...overrides,
  };
}

const NO_CHARGE = { hk: 0, kln: 0, nt: 0, island: 0 };

function delivery(applicationKey: string, overrides: Partial<DeliveryInput> = {}): DeliveryInput {
  return {
    application_key: applicationKey,
    methods: {
      ...allOff(DELIVERY_METHODS, { enabled: false, charge_cents: NO_CHARGE }),
      shop_delivery: {
        enabled: true,
        charge_cents: { hk: 3000, kln: 3000, nt: 5000, island: 8000 },
        free_delivery_amount_cents: 50000,
      },
      self_pickup: { enabled: true, charge_cents: NO_CHARGE },
    },
    version: 1,
    ...overrides,
  };
}

function promotion(applicationKey: string, overrides: Partial<PromotionInput> = {}): PromotionInput {
  return {
    application_key: applicationKey,
    cash_dollar_enabled: true,
    cash_dollar_earn_rate: 100,
    cash_dollar_redeem_rate: 1000,
    welcome_cash_dollar_cents: 5000,
    birthday_coupon_enabled: true,
    birthday_coupon_type: "cash",
    birthday_coupon_amount: 5000,
    birthday_coupon_minimum_subtotal_cents: 20000,
    birthday_coupon_valid_days: 30,
    vip_enabled: true,
    vip_upgrade_spend_cents: 500000,
    vip_upgrade_days: 365,
    version: 1,
    ...overrides,
  };
}

describe("payment, delivery and promotion settings", () => {
  it("start off for a new store, and the store's method lists follow what is switched on", async () => {
    const { store, client, key } = await merchant("embedded");
    const before = (await client.get_store_setting_data_by_application_key(key)).data;
    expect(Object.values(before.payment.methods).every((method) => !method.enabled)).toBe(true);
    expect(before.promotion).toMatchObject({ cash_dollar_enabled: false, birthday_coupon_enabled: false, version: 1 });

    await client.update_store_payment_setting_data_by_application_key(payment(store.applicationKey));
    await client.update_store_delivery_setting_data_by_application_key(delivery(store.applicationKey));

    const account = (await client.get_store_account_data_by_application_key(key)).data;
    expect(account.payment_method_list).toEqual(["cash", "fps"]);
    expect(account.delivery_method_list).toEqual(["shop_delivery", "self_pickup"]);
  });

  it("saves each page under its own version and logs each change by method and field", async () => {
    const { store, client, key } = await merchant("embedded");
    await createLocation(db(), store.applicationKey, {
      addressZhHk: "彌敦道 1 號",
      addressEn: "1 Nathan Road",
      isPickupPoint: true,
    });
    await client.update_store_payment_setting_data_by_application_key(payment(store.applicationKey));
    // The delivery page loaded before the payment save is still current: the pages never collide.
    await client.update_store_delivery_setting_data_by_application_key(delivery(store.applicationKey));

    const { payment: saved, delivery: delivered } = (await client.get_store_setting_data_by_application_key(key)).data;
    expect(saved.methods.fps).toEqual({
      enabled: true,
      name_zh_hk: null,
      name_en: "FPS (instant)",
      instructions_zh_hk: null,
      instructions_en: null,
      account_id: "1234567",
      qr_image_url: null,
      requires_proof: true,
      bank_code: null,
      merchant_name_en: null,
      merchant_city: null,
    });
    expect(saved).toMatchObject({ card_fee_basis_points: 250, version: 2 });
    expect(delivered.methods.shop_delivery).toMatchObject({ free_delivery_amount_cents: 50000, pickup_addresses: [] });
    // Self pickup's addresses are the pickup locations', whatever the page posts.
    expect(delivered.methods.self_pickup.pickup_addresses).toEqual(["彌敦道 1 號", "1 Nathan Road"]);
    expect(delivered.version).toBe(2);

    const [deliveryEntry, paymentEntry] = (await logOf(store.applicationKey)).reverse();
    expect(paymentEntry).toMatchObject({ action: "edit", data_type: "store_setting_data" });
    expect(paymentEntry.changes).toMatchObject({
      "fps.enabled": [false, true],
      "fps.account_id": [null, "1234567"],
      card_fee_basis_points: [0, 250],
    });
    expect(paymentEntry.changes).not.toHaveProperty("alipay_hk.enabled");
    expect(deliveryEntry.changes).toMatchObject({ "shop_delivery.charge_cents.nt": [0, 5000] });

    await expectFailure(
      client.update_store_payment_setting_data_by_application_key(
        payment(store.applicationKey, { card_fee_basis_points: 0 }),
      ),
      409,
      "edited-elsewhere",
    );
    expect((await client.get_store_setting_data_by_application_key(key)).data.payment.card_fee_basis_points).toBe(250);
  });

  it("needs an account for a transfer method switched on, a card fee of 0 to 10 %, and this store's QR images", async () => {
    const other = await createStore(db());
    const { store, client } = await merchant("embedded");
    const input = payment(store.applicationKey);
    const failure = await expectFailure(
      client.update_store_payment_setting_data_by_application_key({
        ...input,
        methods: {
          ...input.methods,
          payme: { enabled: true },
          bank_transfer: { enabled: false },
          alipay_hk: { enabled: true, qr_image_url: `/uploads/${other.applicationKey}/qr.png` },
        },
        card_fee_basis_points: 1001,
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      "methods.payme.account_id": ["force-input"],
      "methods.alipay_hk.qr_image_url": ["invalid-file"],
      card_fee_basis_points: ["number-range:0:1000"],
    });
  });

  it("takes an FPS ID, a mobile number or an e-mail as FPS's account, a bank code with the last two only", async () => {
    const { store, client, key } = await merchant("embedded");
    const input = payment(store.applicationKey);
    const saveFps = (fps: PaymentInput["methods"]["fps"], version: number) =>
      client.update_store_payment_setting_data_by_application_key({
        ...input,
        methods: { ...input.methods, fps },
        version,
      });
    const savedFps = async () => (await client.get_store_setting_data_by_application_key(key)).data.payment.methods.fps;

    let version = 1;
    for (const [account_id, bank_code] of [
      ["123456789", null],
      ["+852 9123 4567", "004"],
      ["pay@tea.example.com", "024"],
    ] as const) {
      await saveFps({ enabled: true, account_id, bank_code }, version++);
      expect(await savedFps()).toMatchObject({ account_id, bank_code });
    }

    const refused = await expectFailure(
      saveFps({ enabled: true, account_id: "12345678", bank_code: "4" }, version),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      "methods.fps.account_id": ["fps-identifier-invalid"],
      "methods.fps.bank_code": ["fps-bank-code-invalid"],
    });
    const withFpsId = await expectFailure(
      saveFps({ enabled: true, account_id: "1234567", bank_code: "004" }, version),
      400,
      "invalid-payload",
    );
    expect(withFpsId.fields).toEqual({ "methods.fps.bank_code": ["fps-bank-code-with-fps-id"] });
    expect((await savedFps()).account_id).toBe("pay@tea.example.com");
  });

  it("puts the FPS QR code's English name and city into IDs 59 and 60, each checked beside its field", async () => {
    const { store, client, key } = await merchant("embedded");
    const storeName = `陳記茶莊 ${store.applicationKey}`;
    await db().update(storeAccounts).set({ storeName }).where(eq(storeAccounts.applicationKey, store.applicationKey));
    const input = payment(store.applicationKey);
    const saveFps = (names: { merchant_name_en?: string; merchant_city?: string }, version: number) =>
      client.update_store_payment_setting_data_by_application_key({
        ...input,
        methods: { ...input.methods, fps: { ...input.methods.fps, ...names } },
        version,
      });
    const { order } = await createOrderRow(db(), store.applicationKey, { paymentMethod: "fps", totalCents: 50_00 });
    const qrFields = async () => {
      const { data } = await client.get_order_data_by_application_key_and_id({ ...key, id: order.id });
      return parseEmvTlv(data.fps_qr!.payload);
    };

    await saveFps({}, 1);
    expect((await qrFields()).get("59")).toBe("NA");
    expect((await qrFields()).get("60")).toBe("Hong Kong");

    const refused = await expectFailure(
      saveFps({ merchant_name_en: "Chan Kee 茶莊", merchant_city: "Sham Shui Po District" }, 2),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      "methods.fps.merchant_name_en": ["printable-ascii-only"],
      "methods.fps.merchant_city": ["max-length:15"],
    });
    const tooLong = await expectFailure(
      saveFps({ merchant_name_en: "Chan Kee Tea House Limited" }, 2),
      400,
      "invalid-payload",
    );
    expect(tooLong.fields).toEqual({ "methods.fps.merchant_name_en": ["max-length:25"] });

    await saveFps({ merchant_name_en: "Chan Kee Tea House", merchant_city: "Sham Shui Po" }, 2);
    const fields = await qrFields();
    expect(fields.get("59")).toBe("Chan Kee Tea House");
    expect(fields.get("60")).toBe("Sham Shui Po");
    expect(Object.fromEntries(readTlv(fields.get("64")!))).toMatchObject({ "00": "ZH", "01": storeName.slice(0, 25) });
    expect((await client.get_store_setting_data_by_application_key(key)).data.payment.methods.fps).toMatchObject({
      merchant_name_en: "Chan Kee Tea House",
      merchant_city: "Sham Shui Po",
    });
  });

  it("sends the payment reminder after 1 to 719 hours, always before unpaid orders are cancelled", async () => {
    const { store, client, key } = await merchant("embedded");
    const save = (hours: Partial<PaymentInput>, version: number) =>
      client.update_store_payment_setting_data_by_application_key(payment(store.applicationKey, { ...hours, version }));
    for (const [hours, message] of [
      [{ unpaid_order_reminder_hours: 0 }, { unpaid_order_reminder_hours: ["number-range:1:719"] }],
      [{ unpaid_order_reminder_hours: 48 }, { unpaid_order_reminder_hours: ["reminder-not-before-cancel:48"] }],
      [
        { unpaid_order_cancel_hours: 12, unpaid_order_reminder_hours: 24 },
        { unpaid_order_reminder_hours: ["reminder-not-before-cancel:12"] },
      ],
    ] as const) {
      expect((await expectFailure(save(hours, 1), 400, "invalid-payload")).fields).toEqual(message);
    }
    await save({ unpaid_order_cancel_hours: 72, unpaid_order_reminder_hours: 24 }, 1);
    expect((await client.get_store_setting_data_by_application_key(key)).data.payment).toMatchObject({
      unpaid_order_cancel_hours: 72,
      unpaid_order_reminder_hours: 24,
    });
    const [entry] = (await logOf(store.applicationKey)).reverse();
    expect(entry.changes).toMatchObject({ unpaid_order_reminder_hours: [null, 24] });
    // The database holds the rule too, whatever writes the row.
    const cancelSooner = storeD1()
      .prepare("UPDATE store_setting SET unpaid_order_cancel_hours = 24 WHERE application_key = ?")
      .bind(store.applicationKey);
    await expect(cancelSooner.run()).rejects.toThrow(/store_setting_unpaid_order_reminder_hours/);
    await save({ unpaid_order_reminder_hours: undefined }, 2);
    expect((await client.get_store_setting_data_by_application_key(key)).data.payment.unpaid_order_reminder_hours).toBe(
      null,
    );
  });

  it("reads an FPS account saved before the rule as it was, and checks it at the next save", async () => {
    const { store, client, key } = await merchant("embedded");
    const fps = { enabled: true, account_id: "FPS 12345678", requires_proof: true };
    await db()
      .update(storeSettings)
      .set({ paymentMethods: { cash: { enabled: true }, fps } })
      .where(eq(storeSettings.applicationKey, store.applicationKey));
    const { payment: read } = (await client.get_store_setting_data_by_application_key(key)).data;
    expect(read.methods.fps).toMatchObject({ ...fps, bank_code: null });

    const refused = await expectFailure(
      client.update_store_payment_setting_data_by_application_key({
        ...payment(store.applicationKey),
        methods: { ...read.methods, fps: { ...read.methods.fps } },
        version: read.version,
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ "methods.fps.account_id": ["fps-identifier-invalid"] });
  });

  it("switches on cash dollar and VIP only when the plan has them, and checks the birthday coupon", async () => {
    const limited = await merchant("embedded");
    const refused = await expectFailure(
      limited.client.update_store_promotion_setting_data_by_application_key(promotion(limited.store.applicationKey)),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      cash_dollar_enabled: ["plan-has-no-cash-dollar"],
      vip_enabled: ["plan-has-no-vip"],
    });

    const { store, client, key } = await merchant("embedded", { hasCashDollar: true, hasVip: true });
    for (const [type, amount] of [
      ["percentage", 0],
      ["percentage", 101],
      ["cash", 0],
    ] as const) {
      const failure = await expectFailure(
        client.update_store_promotion_setting_data_by_application_key(
          promotion(store.applicationKey, { birthday_coupon_type: type, birthday_coupon_amount: amount }),
        ),
        400,
        "invalid-payload",
      );
      expect(failure.fields).toEqual({ birthday_coupon_amount: ["invalid-birthday-coupon-type-or-amount"] });
    }
    const halfRule = await expectFailure(
      client.update_store_promotion_setting_data_by_application_key(
        promotion(store.applicationKey, { vip_upgrade_days: null }),
      ),
      400,
      "invalid-payload",
    );
    expect(halfRule.fields).toEqual({ vip_upgrade_days: ["force-input"] });

    await client.update_store_promotion_setting_data_by_application_key(promotion(store.applicationKey));
    const { application_key: _key, version: _version, ...saved } = promotion(store.applicationKey);
    expect((await client.get_store_setting_data_by_application_key(key)).data.promotion).toEqual({
      ...saved,
      version: 2,
    });
  });

  it("is made with every store, however the store is made", async () => {
    const staff = await createProviderStaff(db());
    const client = clientOver("embedded", await signIn("embedded", staff.email, staff.password));
    const { data } = await client.add_store_account_data({
      store_name: `Settings ${crypto.randomUUID().slice(0, 8)}`,
      email: `settings-${crypto.randomUUID().slice(0, 8)}@example.test`,
      accept_language: ["zh-HK"],
      accept_currency: ["HKD"],
      password: "store-pass-1",
    });
    const [row] = await (
      await whereStoreLives(data.application_key)
    )
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.applicationKey, data.application_key));
    expect(row).toMatchObject({ paymentVersion: 1, deliveryVersion: 1, promotionVersion: 1, cardFeeBasisPoints: 0 });
  });
});
