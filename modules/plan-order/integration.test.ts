import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planPromotionCodes, plans, purchasedPlans } from "../../backend/db/schema";
import { hongKongDate } from "../../contract/dates";
import { createPlanPromotionCode, createProviderStaff, createStore } from "../../tests/helpers/factories";
import {
  clientOver,
  control,
  db,
  expectFailure,
  logOf,
  merchant,
  signIn,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8).toUpperCase();

function day(offset = 0) {
  return new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

async function staffClient(transport: TransportName) {
  const staff = await createProviderStaff(db());
  return clientOver(transport, await signIn(transport, staff.email, staff.password));
}

/** A store and a paid plan of HK$1,000.00 to order for it. */
async function storeAndPlan() {
  const store = await createStore(db());
  const [plan] = await control()
    .insert(plans)
    .values({ nameZhHk: "專業", nameEn: "Pro", planType: "paid", priceCents: 100_000, periodDays: 30 })
    .returning();
  return { store, plan };
}

const order = (applicationKey: string, planId: number, promotion_code?: string) => ({
  application_key: applicationKey,
  plan_id: planId,
  plan_type: "paid" as const,
  store_payment_id: "INV-1",
  start_date: day(40),
  expiry_date: day(70),
  promotion_code,
});

describe.each(TRANSPORT_NAMES)("plan promotion codes and plan orders over the %s transport", (transport) => {
  it("adds, lists and edits a code, refusing a used one (any case) and a stale version", async () => {
    const client = await staffClient(transport);
    const code = `SPRING${unique()}`;
    const input = {
      code: code.toLowerCase(),
      discount_type: "cash" as const,
      cash_off_cents: 5000,
      valid_from: day(),
      valid_to: day(30),
      usage_limit: 3,
    };
    const { data } = await client.add_plan_promotion_code_data(input);
    const { data: record } = await client.get_plan_promotion_code_data_by_id({ id: data.id });
    expect(record).toMatchObject({ code, cash_off_cents: 5000, percent_off: null, usage_limit: 3, times_used: 0 });

    const list = await client.get_plan_promotion_code_data_and_total_number_by_sorting_and_limit({ keyword: code });
    expect(list.data.map((row) => row.id)).toEqual([data.id]);

    const used = await expectFailure(client.add_plan_promotion_code_data(input), 409, "promotion-code-used");
    expect(used.fields).toEqual({ code: ["promotion-code-used"] });

    await client.update_plan_promotion_code_data_by_id({
      ...input,
      id: data.id,
      percent_off: 20,
      discount_type: "percentage",
      version: 1,
    });
    await expectFailure(
      client.update_plan_promotion_code_data_by_id({ ...input, id: data.id, version: 1 }),
      409,
      "edited-elsewhere",
    );
    const { data: edited } = await client.get_plan_promotion_code_data_by_id({ id: data.id });
    expect(edited).toMatchObject({ percent_off: 20, cash_off_cents: null, version: 2 });
  });

  it("refuses a discount without its amount and a percentage over 100", async () => {
    const client = await staffClient(transport);
    const base = { code: `X${unique()}`, valid_from: day(), valid_to: day(1) };
    const missing = await expectFailure(
      client.add_plan_promotion_code_data({ ...base, discount_type: "percentage" }),
      400,
      "invalid-payload",
    );
    expect(missing.fields).toMatchObject({ percent_off: ["force-input"] });
    await expectFailure(
      client.add_plan_promotion_code_data({ ...base, discount_type: "percentage", percent_off: 101 }),
      400,
      "invalid-payload",
    );
  });

  it("orders a plan with a code: the price before and after are kept, the use counted and logged", async () => {
    const client = await staffClient(transport);
    const { store, plan } = await storeAndPlan();
    const code = await createPlanPromotionCode(db(), { discountValue: 15, planIds: [plan.id] });
    const { data } = await client.add_purchased_plan_data(
      order(store.applicationKey, plan.id, code.code.toLowerCase()),
    );

    const [row] = await db().select().from(purchasedPlans).where(eq(purchasedPlans.id, data.id));
    expect(row).toMatchObject({ priceBeforeCents: 100_000, priceCents: 85_000, promotionCode: code.code });
    const [after] = await control().select().from(planPromotionCodes).where(eq(planPromotionCodes.id, code.id));
    expect(after.timesUsed).toBe(1);
    const log = await logOf(store.applicationKey);
    expect(log.at(-1)!.changes.price_cents).toEqual([null, 85_000]);

    // Without a code the plan's price; a cash code never goes below zero.
    const plain = await client.add_purchased_plan_data(order(store.applicationKey, plan.id));
    const big = await createPlanPromotionCode(db(), { discountType: "cash", discountValue: 999_999 });
    const free = await client.add_purchased_plan_data(order(store.applicationKey, plan.id, big.code));
    const rows = await db()
      .select()
      .from(purchasedPlans)
      .where(eq(purchasedPlans.applicationKey, store.applicationKey));
    expect(rows.find((r) => r.id === plain.data.id)).toMatchObject({ priceCents: 100_000, promotionCode: null });
    expect(rows.find((r) => r.id === free.data.id)).toMatchObject({ priceCents: 0, priceBeforeCents: 100_000 });
  });

  it("refuses a code unknown, disabled, outside its dates, used up or for another plan, beside the field", async () => {
    const client = await staffClient(transport);
    const { store, plan } = await storeAndPlan();
    const cases = [
      ["NOSUCHCODE", "promotion-code-invalid"],
      [(await createPlanPromotionCode(db(), { disabled: true })).code, "promotion-code-invalid"],
      [
        (await createPlanPromotionCode(db(), { validFrom: day(1), validTo: day(5) })).code,
        "promotion-code-outside-dates",
      ],
      [
        (await createPlanPromotionCode(db(), { validFrom: day(-5), validTo: day(-1) })).code,
        "promotion-code-outside-dates",
      ],
      [(await createPlanPromotionCode(db(), { usageLimit: 2, timesUsed: 2 })).code, "promotion-code-used-up"],
      [(await createPlanPromotionCode(db(), { planIds: [plan.id + 1000] })).code, "promotion-code-not-for-plan"],
    ] as const;
    for (const [code, message] of cases) {
      const failure = await expectFailure(
        client.add_purchased_plan_data(order(store.applicationKey, plan.id, code)),
        400,
        "invalid-payload",
      );
      expect(failure.fields, code).toEqual({ promotion_code: [message] });
    }
    const rows = await db()
      .select()
      .from(purchasedPlans)
      .where(eq(purchasedPlans.applicationKey, store.applicationKey));
    expect(rows).toHaveLength(1);
  });

  it("lists every store's orders with status, search, status and date filters", async () => {
    const client = await staffClient(transport);
    const { store, plan } = await storeAndPlan();
    const { data } = await client.add_purchased_plan_data(order(store.applicationKey, plan.id));
    const search = await client.get_purchased_plan_data_and_total_number_by_sorting_and_limit({
      keyword: store.storeName,
    });
    expect(search.extra.total_number).toBe(2);
    expect(search.data.map((row) => [row.id, row.status])).toEqual([
      [data.id, "upcoming"],
      [expect.any(Number), "current"],
    ]);
    expect(search.data[0]).toMatchObject({ store_name: store.storeName, price_cents: 100_000 });

    const upcoming = await client.get_purchased_plan_data_and_total_number_by_sorting_and_limit({
      keyword: store.applicationKey,
      status: "upcoming",
      start_from: day(40),
      start_to: day(40),
    });
    expect(upcoming.data.map((row) => row.id)).toEqual([data.id]);
    const current = await client.get_purchased_plan_data_and_total_number_by_sorting_and_limit({
      keyword: store.applicationKey,
      status: "current",
    });
    expect(current.data).toHaveLength(1);
    expect(current.data[0].start_date <= hongKongDate(new Date())).toBe(true);
  });

  it("shows the merchant's own purchase records with their amounts", async () => {
    const { client, key } = await merchant(transport);
    const { data } = await client.get_purchased_plan_data_list_by_application_key(key);
    expect(data[0]).toMatchObject({ status: "current", price_cents: 0, price_before_cents: 0, promotion_code: null });
  });
});

describe("a plan promotion code's usage limit", () => {
  it("lets exactly one of concurrent orders use a code with a limit of 1", async () => {
    const client = await staffClient("embedded");
    const { store, plan } = await storeAndPlan();
    const code = await createPlanPromotionCode(db(), { usageLimit: 1 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => client.add_purchased_plan_data(order(store.applicationKey, plan.id, code.code))),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [after] = await control().select().from(planPromotionCodes).where(eq(planPromotionCodes.id, code.id));
    expect(after.timesUsed).toBe(1);
    const rows = await db()
      .select()
      .from(purchasedPlans)
      .where(eq(purchasedPlans.applicationKey, store.applicationKey));
    expect(rows.filter((row) => row.promotionCode === code.code)).toHaveLength(1);
  });
});
