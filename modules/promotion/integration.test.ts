import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PayloadInput } from "../../contract/actions";
import { couponRedemptionStatements, rethrowCouponRefused } from "../../backend/coupons";
import { couponRedemptions, coupons } from "../../backend/db/schema";
import { forStore } from "../../backend/db/scope";
import { ActionError } from "../../backend/errors";
import { createCoupon, createMember } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES } from "../../tests/integration/wire";

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const code = () => crypto.randomUUID().replaceAll("-", "").slice(0, 5).toUpperCase();

function newCoupon(overrides: Partial<PayloadInput<"add_coupon_data">> = {}) {
  return {
    title_zh_hk: "九折優惠",
    title_en: "10% off",
    code: code().toLowerCase(),
    usage: "reusable",
    audience: "all",
    discount_type: "percentage",
    percent_off: 10,
    starts_at: at(-DAY),
    expires_at: at(30 * DAY),
    ...overrides,
  } as const;
}

/** Redeems a coupon in a batch of its own, as an order's batch would. */
async function redeem(
  applicationKey: string,
  coupon: { id: number; usage: "once" | "reusable" },
  memberId: number | null,
) {
  const store = forStore(db(), applicationKey);
  return store
    .batch([...couponRedemptionStatements(store, { coupon, memberId, discountCents: 100 })])
    .catch(rethrowCouponRefused)
    .then(
      () => "ok",
      (error: unknown) => (error instanceof ActionError ? `${error.status} ${error.message}` : String(error)),
    );
}

describe.each(TRANSPORT_NAMES)("coupon actions over the %s transport", (transport) => {
  it("adds, lists, reads, edits and deletes a coupon, logging every write", async () => {
    const { store, client, key } = await merchant(transport);
    const [first, second] = await Promise.all([
      createMember(db(), store.applicationKey),
      createMember(db(), store.applicationKey),
    ]);
    const input = newCoupon({
      percent_off: 12.5,
      audience: "specific",
      members: [first.memberCode.toLowerCase(), second.email.toUpperCase()],
      minimum_subtotal_cents: 5_000,
      usage_limit: 3,
    });
    const { data: added } = await client.add_coupon_data({ ...key, ...input });

    const { data } = await client.get_coupon_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({
      percent_off: 12.5,
      code: input.code.toUpperCase(),
      status: "active",
      cash_off_cents: null,
      minimum_subtotal_cents: 5_000,
      usage_limit: 3,
      times_used: 0,
      source: "manual",
      redemptions: [],
      version: 1,
    });
    expect(data.members.map((member) => member.id)).toEqual([first.id, second.id]);
    const [stored] = await db().select().from(coupons).where(eq(coupons.id, added.id));
    expect(stored.discountValue).toBe(12_50);

    // Another case of the same code is the same code.
    const taken = await expectFailure(
      client.add_coupon_data({ ...key, ...newCoupon({ code: input.code.toUpperCase() }) }),
      409,
      "coupon-code-used",
    );
    expect(taken.fields).toEqual({ code: ["coupon-code-used"] });

    const found = await client.get_coupon_data_and_total_number_by_sorting_and_limit({
      ...key,
      keyword: input.code.slice(1, 4),
      status: "active",
    });
    expect(found.data.map((coupon) => coupon.id)).toEqual([added.id]);
    expect(found.extra.total_number).toBe(1);

    await client.update_coupon_data_by_application_key_and_id({
      ...key,
      ...newCoupon({
        code: input.code,
        discount_type: "cash",
        percent_off: undefined,
        cash_off_cents: 2_500,
        disabled: true,
      }),
      id: added.id,
      version: data.version,
    });
    expect((await client.get_coupon_data_by_application_key_and_id({ ...key, id: added.id })).data).toMatchObject({
      discount_type: "cash",
      cash_off_cents: 2_500,
      status: "disabled",
      members: [],
      version: 2,
    });

    await client.delete_coupon_data_by_application_key_and_id({ ...key, id: added.id });
    await expectFailure(client.get_coupon_data_by_application_key_and_id({ ...key, id: added.id }), 404, "not-found");

    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "coupon_data", String(added.id)],
      ["edit", "coupon_data", String(added.id)],
      ["delete", "coupon_data", String(added.id)],
    ]);
    expect(log[1].changes).toMatchObject({
      disabled: [false, true],
      cash_off_cents: [null, 2_500],
      members: [`${first.memberCode}, ${second.memberCode}`, ""],
    });
  });

  it("filters the list by status against now", async () => {
    const { store, client, key } = await merchant(transport);
    const ids = {
      active: (await createCoupon(db(), store.applicationKey)).id,
      scheduled: (await createCoupon(db(), store.applicationKey, { startsAt: at(DAY), expiresAt: at(2 * DAY) })).id,
      expired: (await createCoupon(db(), store.applicationKey, { startsAt: at(-2 * DAY), expiresAt: at(-DAY) })).id,
      disabled: (await createCoupon(db(), store.applicationKey, { disabled: true })).id,
      used_up: (await createCoupon(db(), store.applicationKey, { usageLimit: 2, timesUsed: 2 })).id,
    };
    for (const [status, id] of Object.entries(ids)) {
      const { data } = await client.get_coupon_data_and_total_number_by_sorting_and_limit({
        ...key,
        status: status as keyof typeof ids,
      });
      expect(data.map((coupon) => [coupon.id, coupon.status])).toEqual([[id, status]]);
    }
  });

  it("filters the list by who made the coupon: the store, or the birthday job", async () => {
    const { store, client, key } = await merchant(transport);
    const member = await createMember(db(), store.applicationKey);
    const manual = await createCoupon(db(), store.applicationKey);
    const birthday = await createCoupon(db(), store.applicationKey, {
      source: "birthday",
      issuedFor: "2026-12",
      birthdayMemberId: member.id,
      usage: "once",
      audience: "specific",
    });
    for (const [source, id] of [
      ["manual", manual.id],
      ["birthday", birthday.id],
    ] as const) {
      const { data, extra } = await client.get_coupon_data_and_total_number_by_sorting_and_limit({ ...key, source });
      expect(data.map((coupon) => [coupon.id, coupon.source])).toEqual([[id, source]]);
      expect(extra.total_number).toBe(1);
    }
  });

  it("refuses bad input beside its field, unknown members, a stale version and deleting a used coupon", async () => {
    const { store, client, key } = await merchant(transport);
    const tomorrow = at(DAY);
    const rules = await expectFailure(
      client.add_coupon_data({
        ...key,
        ...newCoupon({
          code: "AB-1",
          audience: "specific",
          percent_off: undefined,
          starts_at: tomorrow,
          expires_at: tomorrow,
        }),
      }),
      400,
      "invalid-payload",
    );
    expect(rules.fields).toEqual({
      code: ["format-not-match"],
      members: ["force-input"],
      expires_at: ["expiry-not-after-start"],
      percent_off: ["force-input"],
    });
    for (const percent_off of [0, 100.01, 12.345]) {
      const range = await expectFailure(
        client.add_coupon_data({ ...key, ...newCoupon({ percent_off }) }),
        400,
        "invalid-payload",
      );
      expect(range.fields).toEqual({ percent_off: ["percent-off-range"] });
    }
    const unknown = await expectFailure(
      client.add_coupon_data({ ...key, ...newCoupon({ audience: "specific", members: ["M99999", "nobody@x.test"] }) }),
      400,
      "invalid-payload",
    );
    expect(unknown.fields).toEqual({ members: ["member-not-found:M99999", "member-not-found:nobody@x.test"] });

    const coupon = await createCoupon(db(), store.applicationKey, { usageLimit: 5 });
    const edit = { ...key, ...newCoupon({ code: coupon.code }), id: coupon.id, version: 1 };
    await client.update_coupon_data_by_application_key_and_id(edit);
    await expectFailure(client.update_coupon_data_by_application_key_and_id(edit), 409, "edited-elsewhere");
    expect(await logOf(store.applicationKey)).toHaveLength(1);

    expect(await redeem(store.applicationKey, coupon, null)).toBe("ok");
    expect(await redeem(store.applicationKey, coupon, null)).toBe("ok");
    const below = await expectFailure(
      client.update_coupon_data_by_application_key_and_id({ ...edit, usage_limit: 1, version: 2 }),
      400,
      "invalid-payload",
    );
    expect(below.fields).toEqual({ usage_limit: ["minimum-number:1"] });
    await expectFailure(
      client.delete_coupon_data_by_application_key_and_id({ ...key, id: coupon.id }),
      409,
      "coupon-in-use",
    );
    const { data } = await client.get_coupon_data_by_application_key_and_id({ ...key, id: coupon.id });
    expect(data).toMatchObject({ times_used: 2, usage_limit: null });
    expect(data.redemptions.map((redemption) => [redemption.member, redemption.discount_cents])).toEqual([
      [null, 100],
      [null, 100],
    ]);
  });

  it("checks a code: each reason it cannot be used, and the discount when it can", async () => {
    const { store, client, key } = await merchant(transport);
    const member = await createMember(db(), store.applicationKey);
    const other = await createMember(db(), store.applicationKey);
    const make = (overrides: Parameters<typeof createCoupon>[2] = {}) =>
      createCoupon(db(), store.applicationKey, overrides);
    const check = async (
      couponCode: string,
      overrides: Partial<PayloadInput<"get_coupon_check_data_by_application_key">> = {},
    ) =>
      (
        await client.get_coupon_check_data_by_application_key({
          ...key,
          code: couponCode,
          subtotal_cents: 10_000,
          ...overrides,
        })
      ).data;
    const refused = (message: string) => ({ usable: false, message });

    const plain = await make();
    expect(await check(plain.code.toLowerCase())).toEqual({ usable: true, discount_cents: 1_000 });
    expect(await check(plain.code, { subtotal_cents: 1_005 })).toEqual({ usable: true, discount_cents: 101 });
    const cash = await make({ discountType: "cash", discountValue: 5_000 });
    expect(await check(cash.code, { subtotal_cents: 3_000 })).toEqual({ usable: true, discount_cents: 3_000 });

    expect(await check("ZZZZZ")).toEqual(refused("coupon-not-found"));
    expect(await check((await make({ disabled: true })).code)).toEqual(refused("coupon-disabled"));
    expect(await check((await make({ startsAt: at(DAY), expiresAt: at(2 * DAY) })).code)).toEqual(
      refused("coupon-not-started"),
    );
    expect(await check((await make({ startsAt: at(-2 * DAY), expiresAt: at(-DAY) })).code)).toEqual(
      refused("coupon-expired"),
    );
    expect(await check((await make({ usageLimit: 1, timesUsed: 1 })).code)).toEqual(refused("coupon-used-up"));
    expect(await check(plain.code, { uses_cash_dollar: true })).toEqual(refused("coupon-or-cash-dollar-only"));
    const once = await make({ usage: "once" });
    expect(await check(once.code)).toEqual(refused("coupon-must-select-user"));
    expect(await redeem(store.applicationKey, once, member.id)).toBe("ok");
    expect(await check(once.code, { member_id: member.id })).toEqual(refused("coupon-used"));
    expect(await check(once.code, { member_id: other.id })).toEqual({ usable: true, discount_cents: 1_000 });
    const { data: specific } = await client.add_coupon_data({
      ...key,
      ...newCoupon({ audience: "specific", members: [member.phone!] }),
    });
    const specificCode = (await client.get_coupon_data_by_application_key_and_id({ ...key, id: specific.id })).data
      .code;
    expect(await check(specificCode)).toEqual(refused("coupon-must-select-user"));
    expect(await check(specificCode, { member_id: other.id })).toEqual(refused("coupon-user-not-allowed"));
    expect(await check(specificCode, { member_id: member.id })).toEqual({ usable: true, discount_cents: 1_000 });
    const minimum = await make({ minimumSubtotalCents: 10_001 });
    expect(await check(minimum.code)).toEqual(refused("minimum-subtotal-not-met"));
    await expectFailure(check(plain.code, { member_id: 999_999_999 }), 404, "not-found");
  });
});

describe("concurrent redemptions", () => {
  it("let a member use a once-coupon exactly once: 20 racing batches, 1 redeemed, 19 refused", async () => {
    const { store } = await merchant("embedded");
    const member = await createMember(db(), store.applicationKey);
    const coupon = await createCoupon(db(), store.applicationKey, { usage: "once" });

    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => redeem(store.applicationKey, coupon, member.id)),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "409 coupon-used")).toHaveLength(19);
    const rows = await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    const [after] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect({ rows: rows.length, used: after.timesUsed }).toEqual({ rows: 1, used: 1 });
  });

  it("never pass the usage limit: 30 members racing for a coupon of 5 uses, 5 redeemed", async () => {
    const { store, client, key } = await merchant("embedded");
    const coupon = await createCoupon(db(), store.applicationKey, { usageLimit: 5 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => createMember(db(), store.applicationKey)));

    const outcomes = await Promise.all(buyers.map((buyer) => redeem(store.applicationKey, coupon, buyer.id)));
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === "409 coupon-used-up")).toHaveLength(25);
    const { data } = await client.get_coupon_data_by_application_key_and_id({ ...key, id: coupon.id });
    expect({ used: data.times_used, rows: data.redemptions.length, status: data.status }).toEqual({
      used: 5,
      rows: 5,
      status: "used_up",
    });
  });
});
