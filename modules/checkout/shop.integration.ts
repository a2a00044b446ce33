/** What the checkout tests share: a store that sells, order lines, a recording card gateway, outcomes. */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { ActionFailure, createActionClient, type ActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { addOnProducts, cashDollarRecords, productAddOns, storeSettings } from "../../backend/db/schema";
import type { PaymentGateway } from "../../backend/payment-gateway";
import { createAddOn, createLocation, createProduct, type StoreOptions } from "../../tests/helpers/factories";
import { db, merchant, type TransportName } from "../../tests/integration/wire";

export const uuid = () => crypto.randomUUID();
export const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
export const DISTRICT_CHARGES = { hk: 30_00, kln: 35_00, nt: 40_00, island: 60_00 };
export const PICKUP = "Shop 1, 1 Example Street";

/**
 * A store that sells: cash, card (3.5 % fee), FPS (with proof) and PayPal on; shop delivery (free from
 * HK$500) and self pickup on; VIP and cash dollar on at the given redeem rate.
 */
export async function shop(
  transport: TransportName,
  { redeemRate = 100, ...options }: StoreOptions & { redeemRate?: number } = {},
) {
  const seller = await merchant(transport, { hasVip: true, hasCashDollar: true, cashDollarEnabled: true, ...options });
  await db()
    .update(storeSettings)
    .set({
      paymentMethods: {
        cash: { enabled: true },
        credit_card: { enabled: true },
        fps: { enabled: true, account_id: "1234567", requires_proof: true },
        paypal: { enabled: true, account_id: "shop@example.com" },
      },
      cardFeeBasisPoints: 350,
      deliveryMethods: {
        shop_delivery: { enabled: true, charge_cents: DISTRICT_CHARGES, free_delivery_amount_cents: 500_00 },
        self_pickup: { enabled: true },
      },
      vipEnabled: true,
      cashDollarRedeemRate: redeemRate,
    })
    .where(eq(storeSettings.applicationKey, seller.store.applicationKey));
  await createLocation(db(), seller.store.applicationKey, { addressZhHk: PICKUP, isPickupPoint: true });
  const key = seller.key;
  const product = (overrides: Parameters<typeof createProduct>[2] = {}) =>
    createProduct(db(), key.application_key, { stock: 100, ...overrides });
  return { ...seller, product };
}

export const line = (product: { productCode: string }, quantity = 1, add_on_product_ids: number[] = []) => ({
  product_code: product.productCode,
  quantity,
  add_on_product_ids,
});

export const toKln = {
  method: "shop_delivery",
  receiver_name: "Chan",
  receiver_phone: "91234567",
  address: "1 Nathan Road",
  district: "kln",
} as const;

export async function addOnFor(applicationKey: string, productId: number, priceCents: number) {
  const addOn = await createAddOn(db(), applicationKey);
  await db().update(addOnProducts).set({ priceCents, unlimitedInventory: true }).where(eq(addOnProducts.id, addOn.id));
  await db().insert(productAddOns).values({ applicationKey, productId, addOnProductId: addOn.id });
  return addOn;
}

/** Gives a member cash dollar the way staff do, so the ledger holds it. */
export async function giveCashDollar(
  client: ActionClient,
  applicationKey: string,
  memberId: number,
  amountCents: number,
) {
  await client.add_cash_dollar_record_data({
    application_key: applicationKey,
    member_id: memberId,
    amount_cents: amountCents,
    reason: "Test",
  });
}

/** The store's website calling in-process from one address, its cards charged through this gateway. */
export const websiteAt = (clientAddress: string, paymentGateway?: PaymentGateway) =>
  createActionClient((request) => handleActionRequest(request, env, { clientAddress, paymentGateway }));

/**
 * A gateway that records its charges and refunds. It answers the charges once `together` of them are asked,
 * so that many submissions are past their reads before any of them writes.
 */
export function recordingGateway(together = 1) {
  const charged: string[] = [];
  const refunded: string[] = [];
  let allAsked = () => {};
  const asked = new Promise<void>((resolve) => (allAsked = resolve));
  const gateway: PaymentGateway = {
    async charge() {
      const reference = `charge_${charged.length + 1}`;
      charged.push(reference);
      if (charged.length === together) allAsked();
      await asked;
      return { ok: true, reference };
    },
    async refund({ reference }) {
      refunded.push(reference);
    },
  };
  return { gateway, charged, refunded };
}

export const ledgerOf = (memberId: number) =>
  db()
    .select({
      action: cashDollarRecords.action,
      amount: cashDollarRecords.amountCents,
      order: cashDollarRecords.orderId,
    })
    .from(cashDollarRecords)
    .where(eq(cashDollarRecords.memberId, memberId))
    .orderBy(cashDollarRecords.id);

export const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

export const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }),
    {},
  );
