import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { rentingRecords } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { createMember, createRentingProduct } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES, type TransportName } from "../../tests/integration/wire";

/** The UTC instant of a Hong Kong time, as the pages send a datetime-local field. */
const hk = (local: string) => new Date(Date.parse(`${local}:00+08:00`)).toISOString();

/** A store with a product of `units` units at HK$100/day, HK$500/week, HK$200 deposit and HK$50/day late fee. */
async function rentalShop(transport: TransportName, units = 1) {
  const shop = await merchant(transport);
  const applicationKey = shop.store.applicationKey;
  const product = await createRentingProduct(db(), applicationKey, { unitsOwned: units });
  const book = (overrides: Partial<PayloadInput<"add_renting_record_data">> = {}) =>
    shop.client.add_renting_record_data({
      ...shop.key,
      product_id: product.id,
      units: 1,
      starts_at: hk("2030-03-01T10:00"),
      ends_at: hk("2030-03-03T10:00"),
      customer_name: "陳大文",
      customer_phone: "91234567",
      ...overrides,
    });
  const record = (id: number) => shop.client.get_renting_record_data_by_application_key_and_id({ ...shop.key, id });
  const move = (
    id: number,
    version: number,
    status: PayloadInput<"update_renting_record_status_data_by_application_key_and_id">["status"],
    extra: Partial<PayloadInput<"update_renting_record_status_data_by_application_key_and_id">> = {},
  ) =>
    shop.client.update_renting_record_status_data_by_application_key_and_id({
      ...shop.key,
      id,
      version,
      status,
      ...extra,
    });
  return { ...shop, applicationKey, product, book, record, move };
}

const productPayload = {
  name_zh_hk: "單車",
  name_en: "Bicycle",
  units_owned: 3,
  price_per_day_cents: 8_000,
  price_per_week_cents: 40_000,
  deposit_cents: 50_000,
  late_fee_per_day_cents: 3_000,
};

describe.each(TRANSPORT_NAMES)("renting over the %s transport", (transport) => {
  it("adds, edits and lists products; a stale edit is refused with one log entry kept", async () => {
    const s = await rentalShop(transport);
    const { data: added } = await s.client.add_renting_product_data({ ...s.key, ...productPayload });
    await s.client.update_renting_product_data_by_application_key_and_id({
      ...s.key,
      id: added.id,
      ...productPayload,
      price_per_month_cents: 120_000,
      status: "unrentable",
      version: 1,
    });
    await expectFailure(
      s.client.update_renting_product_data_by_application_key_and_id({
        ...s.key,
        id: added.id,
        ...productPayload,
        version: 1,
      }),
      409,
      "edited-elsewhere",
    );
    const { data: product } = await s.client.get_renting_product_data_by_application_key_and_id({
      ...s.key,
      id: added.id,
    });
    expect(product).toMatchObject({ price_per_month_cents: 120_000, status: "unrentable", version: 2 });
    const { data: unrentable } = await s.client.get_renting_product_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      keyword: "bicy",
      status: "unrentable",
    });
    expect(unrentable.map((row) => row.id)).toEqual([added.id]);
    const log = (await logOf(s.applicationKey)).filter((entry) => entry.data_type === "renting_product_data");
    expect(log.map((entry) => entry.action)).toEqual(["add", "edit"]);
    expect(log[1].changes).toMatchObject({
      status: ["rentable", "unrentable"],
      price_per_month_cents: [null, 120_000],
    });
  });

  it("charges the cheapest mix of prices for the units, and takes the deposit per unit", async () => {
    const s = await rentalShop(transport, 5);
    // 6 days at HK$100 would be HK$600: a week at HK$500 is cheaper; two units double it.
    const range = { starts_at: hk("2030-03-01T10:00"), ends_at: hk("2030-03-07T10:00") };
    const { data: price } = await s.client.get_renting_price_data_by_application_key({
      ...s.key,
      product_id: s.product.id,
      units: 2,
      ...range,
    });
    expect(price).toEqual({ days: 6, months: 0, weeks: 1, extra_days: 0, rent_cents: 100_000, deposit_cents: 40_000 });
    const { data: booked } = await s.book({ units: 2, ...range });
    const { data: record } = await s.record(booked.id);
    expect(record).toMatchObject({
      status: "success",
      rent_cents: 100_000,
      deposit_cents: 40_000,
      starts_at: "2030-03-01T02:00:00.000Z",
      customer_name: "陳大文",
    });
  });

  it("allows back-to-back rentals over [from, to) and refuses an overlap beside the units", async () => {
    const s = await rentalShop(transport);
    await s.book({ starts_at: hk("2030-03-01T10:00"), ends_at: hk("2030-03-03T10:00") });
    await s.book({ starts_at: hk("2030-03-03T10:00"), ends_at: hk("2030-03-05T10:00") });
    await s.book({ starts_at: hk("2030-02-27T10:00"), ends_at: hk("2030-03-01T10:00") });
    const refused = await expectFailure(
      s.book({ starts_at: hk("2030-03-02T10:00"), ends_at: hk("2030-03-02T12:00") }),
      409,
      "renting-units-unavailable",
    );
    expect(refused.fields).toEqual({ units: ["renting-units-unavailable"] });
    await expectFailure(
      s.book({ starts_at: hk("2030-02-20T10:00"), ends_at: hk("2030-03-10T10:00") }),
      409,
      "renting-units-unavailable",
    );
  });

  it("moves a rental through pick-up, a late return and a settlement with a deduction", async () => {
    const s = await rentalShop(transport);
    const member = await createMember(db(), s.applicationKey);
    const { data: booked } = await s.book({ member_id: member.id, customer_name: undefined, units: 1 });
    await s.move(booked.id, 1, "rented");
    await expectFailure(s.move(booked.id, 1, "returned"), 409, "edited-elsewhere");
    await expectFailure(s.move(booked.id, 2, "completed"), 409, "renting-transition-not-allowed");
    // Ends 2030-03-03 10:00 HKT; back 25 hours later: two started days of HK$50.
    const { data: preview } = await s.client.get_renting_record_data_by_application_key_and_id({
      ...s.key,
      id: booked.id,
      returned_at: hk("2030-03-04T11:00"),
    });
    expect(preview.return_preview).toEqual({
      returned_at: "2030-03-04T03:00:00.000Z",
      late_days: 2,
      late_fee_cents: 10_000,
    });
    await s.move(booked.id, 2, "returned", { returned_at: hk("2030-03-04T11:00") });
    const noReason = await expectFailure(
      s.move(booked.id, 3, "completed", { deposit_refunded_cents: 15_000 }),
      400,
      "invalid-payload",
    );
    expect(noReason.fields).toEqual({ deposit_deduction_note: ["force-input"] });
    await s.move(booked.id, 3, "completed", {
      deposit_refunded_cents: 15_000,
      deposit_deduction_note: "Torn groundsheet",
    });
    const { data: record } = await s.record(booked.id);
    expect(record).toMatchObject({
      status: "completed",
      member_id: member.id,
      customer_name: member.name,
      late_fee_cents: 10_000,
      deposit_refunded_cents: 15_000,
      deposit_deduction_note: "Torn groundsheet",
      returned_at: "2030-03-04T03:00:00.000Z",
      return_preview: null,
    });
    await expectFailure(s.move(booked.id, 4, "cancelled"), 409, "renting-record-closed");
    const log = (await logOf(s.applicationKey)).filter((entry) => entry.data_type === "renting_record_data");
    expect(log.map((entry) => entry.changes.status?.[1])).toEqual(["success", "rented", "returned", "completed"]);
  });

  it("edits a booked rental over its version, pricing it again; an overlap or a stale version is refused", async () => {
    const s = await rentalShop(transport);
    const { data: first } = await s.book();
    await s.book({ starts_at: hk("2030-03-05T10:00"), ends_at: hk("2030-03-06T10:00") });
    const edit = (overrides: Partial<PayloadInput<"update_renting_record_data_by_application_key_and_id">>) =>
      s.client.update_renting_record_data_by_application_key_and_id({
        ...s.key,
        id: first.id,
        units: 1,
        starts_at: hk("2030-03-01T10:00"),
        ends_at: hk("2030-03-04T10:00"),
        customer_name: "陳大文",
        customer_phone: "91234567",
        version: 1,
        ...overrides,
      });
    await expectFailure(edit({ ends_at: hk("2030-03-05T11:00") }), 409, "renting-units-unavailable");
    await edit({});
    await expectFailure(edit({}), 409, "edited-elsewhere");
    const { data: record } = await s.record(first.id);
    expect(record).toMatchObject({ rent_cents: 30_000, ends_at: "2030-03-04T02:00:00.000Z", version: 2 });
  });

  it("refuses an unrentable product, and units owned below what rentals hold", async () => {
    const s = await rentalShop(transport, 2);
    await s.book({ units: 2 });
    await expectFailure(
      s.client.update_renting_product_data_by_application_key_and_id({
        ...s.key,
        id: s.product.id,
        ...productPayload,
        units_owned: 1,
        version: 1,
      }),
      409,
      "renting-units-unavailable",
    );
    const closed = await createRentingProduct(db(), s.applicationKey, { status: "unrentable" });
    await expectFailure(s.book({ product_id: closed.id }), 409, "renting-product-unrentable");
  });
});

describe("renting", () => {
  it("books the last unit once of 20 bookings at the same moment", async () => {
    const s = await rentalShop("embedded");
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.book().then(
          () => "booked",
          (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "booked")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== "booked")).toEqual(Array(19).fill("409 renting-units-unavailable"));
    const rows = await db().select().from(rentingRecords).where(eq(rentingRecords.productId, s.product.id));
    expect(rows).toHaveLength(1);
  });

  it("shows each day's most units held at one moment in the product's calendar", async () => {
    const s = await rentalShop("embedded", 3);
    // 1 unit 1–3 March, 2 units from 3 March 10:00 (back to back): 3 March never holds more than 2.
    await s.book({ starts_at: hk("2030-03-01T10:00"), ends_at: hk("2030-03-03T10:00") });
    await s.book({ units: 2, starts_at: hk("2030-03-03T10:00"), ends_at: hk("2030-03-04T09:00") });
    const { data: cancelled } = await s.book({ starts_at: hk("2030-03-10T10:00"), ends_at: hk("2030-03-11T10:00") });
    await s.move(cancelled.id, 1, "cancelled");
    const { data: calendar } = await s.client.get_renting_calendar_data_by_application_key({
      ...s.key,
      product_id: s.product.id,
      month: "2030-03",
    });
    expect(calendar.days).toHaveLength(31);
    expect(calendar.days.slice(0, 5).map((day) => day.booked_units)).toEqual([1, 1, 2, 2, 0]);
    expect(calendar.days[9].booked_units).toBe(0);
    expect(calendar.records.map((record) => record.status)).toEqual(["success", "success"]);
  });

  it("refuses a rental starting before today (Hong Kong) beside its start, unless confirmed", async () => {
    const s = await rentalShop("embedded", 2);
    const todayHk = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${todayHk}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const range = { starts_at: hk(`${yesterday}T23:00`), ends_at: hk(`${todayHk}T18:00`) };
    const refused = await expectFailure(s.book(range), 409, "renting-start-passed");
    expect(refused.fields).toEqual({ starts_at: ["renting-start-passed"] });
    const { data } = await s.book({ ...range, confirm_outside_rules: true });
    expect((await s.record(data.id)).data.starts_at).toBe(range.starts_at);
    // Earlier today is today: no confirmation asked.
    const { data: earlier } = await s.book({ starts_at: hk(`${todayHk}T00:00`), ends_at: hk(`${todayHk}T01:00`) });
    expect(earlier.id).toBeGreaterThan(data.id);
  });
});
