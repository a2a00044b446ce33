import { and, asc, count, desc, eq, getTableColumns, gt, gte, lt, ne, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { hongKongDate, hongKongDayStart, hongKongTime } from "../../contract/dates";
import {
  MAX_CALENDAR_RECORDS,
  MAX_RENTING_MEMBER_MATCHES,
  MAX_RENTING_PRODUCT_CHOICES,
  STATUS_BEFORE,
  type RentingProductChoice,
  type RentingProductRecord,
  type RentingRecordRecord,
} from "./contract";
import { contains } from "../../backend/db/like";
import { memberMatchesQuery, toMemberMatch } from "../../backend/member-picks";
import type { StoreScope } from "../../backend/db/scope";
import { members, rentingProducts, rentingRecords, storeAccounts } from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { namesOf, type RecordName } from "../../backend/log";
import { defineStoreCrud } from "../../backend/crud";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { lateFeeFor, rentFor } from "../../backend/renting-price";
import { errorText } from "../../backend/unique";
import { payLinkFor } from "../../backend/pay-link";
import { sendPayLink } from "../../backend/pay-link-mail";

type ProductFields = Omit<Payload<"add_renting_product_data">, "application_key">;
type ProductRow = typeof rentingProducts.$inferSelect;
type RecordRow = typeof rentingRecords.$inferSelect;

const PRODUCT_DATA_TYPE = "renting_product_data";
const RECORD_DATA_TYPE = "renting_record_data";

// ---------------------------------------------------------------------------------------------
// Products

const PRODUCT_SORT_COLUMNS = {
  create_date: rentingProducts.createdAt,
  name: sql`${rentingProducts.nameZhHk} COLLATE NOCASE`,
  price_per_day: rentingProducts.pricePerDayCents,
} as const;

const productColumns = (input: ProductFields) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  descriptionZhHk: input.description_zh_hk ?? "",
  descriptionEn: input.description_en ?? "",
  images: input.images,
  unitsOwned: input.units_owned,
  pricePerDayCents: input.price_per_day_cents,
  pricePerWeekCents: input.price_per_week_cents,
  pricePerMonthCents: input.price_per_month_cents,
  depositCents: input.deposit_cents,
  lateFeePerDayCents: input.late_fee_per_day_cents,
  status: input.status,
});

const productRecord = (row: ProductRow): RentingProductRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt"], add: { create_date: row.createdAt } });

const productChoice = (row: ProductRow): RentingProductChoice => ({
  id: row.id,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  units_owned: row.unitsOwned,
  price_per_day_cents: row.pricePerDayCents,
  price_per_week_cents: row.pricePerWeekCents,
  price_per_month_cents: row.pricePerMonthCents,
  deposit_cents: row.depositCents,
});

const productLogged = (columns: Partial<ReturnType<typeof productColumns>>) =>
  snakeCased(columns, {
    pick: [
      "nameZhHk",
      "nameEn",
      "descriptionZhHk",
      "descriptionEn",
      "images",
      "unitsOwned",
      "pricePerDayCents",
      "pricePerWeekCents",
      "pricePerMonthCents",
      "depositCents",
      "lateFeePerDayCents",
      "status",
    ],
  });

const productById = (store: StoreScope, id: number) =>
  store.select(rentingProducts, eq(rentingProducts.id, id)).limit(1);

/** List, get, add and edit: renting products have no delete action. */
const productCrud = defineStoreCrud({
  entity: "renting_product",
  table: rentingProducts,
  module: "renting",
  dataType: PRODUCT_DATA_TYPE,
  toColumns: productColumns,
  toRecord: productRecord,
  toLogged: productLogged,
  nameOf: namesOf,
  uploads: ({ images }) => Object.fromEntries(images.map((url, slot) => [`images[${slot}]`, url])),
});

/** The product a payload names, or 404 (renting-product-not-found beside its field). */
function foundProduct(rows: ProductRow[]): ProductRow {
  const [row] = rows;
  if (!row) throw new ActionError(404, "not-found", { product_id: ["renting-product-not-found"] });
  return row;
}

const pricesOf = (product: ProductRow) => ({
  perDayCents: product.pricePerDayCents,
  perWeekCents: product.pricePerWeekCents,
  perMonthCents: product.pricePerMonthCents,
});

/** Rent and deposit of `units` over the range, at the product's prices now. */
function chargeOf(product: ProductRow, units: number, startsAt: string, endsAt: string) {
  const charge = rentFor(startsAt, endsAt, pricesOf(product));
  return { charge, rentCents: charge.cents * units, depositCents: product.depositCents * units };
}

// ---------------------------------------------------------------------------------------------
// Records

const RECORD_SORT_COLUMNS = {
  starts_at: rentingRecords.startsAt,
  create_date: rentingRecords.createdAt,
} as const;

/** The record's product names and member code beside it: one lookup by primary key per row. */
const recordFields = (store: StoreScope) => ({
  ...getTableColumns(rentingRecords),
  productNameZhHk: sql<string>`(select ${rentingProducts.nameZhHk} from ${rentingProducts} where ${store.where(rentingProducts, eq(rentingProducts.id, rentingRecords.productId))})`,
  productNameEn: sql<string>`(select ${rentingProducts.nameEn} from ${rentingProducts} where ${store.where(rentingProducts, eq(rentingProducts.id, rentingRecords.productId))})`,
  lateFeePerDayCents: sql<number>`(select ${rentingProducts.lateFeePerDayCents} from ${rentingProducts} where ${store.where(rentingProducts, eq(rentingProducts.id, rentingRecords.productId))})`,
  memberCode: sql<
    string | null
  >`(select ${members.memberCode} from ${members} where ${store.where(members, eq(members.id, rentingRecords.memberId))})`,
});
type ListedRow = RecordRow & {
  productNameZhHk: string;
  productNameEn: string;
  lateFeePerDayCents: number;
  memberCode: string | null;
};

const toRecord = (row: ListedRow): RentingRecordRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "productNameZhHk", "productNameEn", "lateFeePerDayCents", "createdAt"],
    add: { product: { name_zh_hk: row.productNameZhHk, name_en: row.productNameEn }, create_date: row.createdAt },
  });

const recordById = (store: StoreScope, id: number) =>
  store.selectFields(rentingRecords, recordFields(store), eq(rentingRecords.id, id)).limit(1);

/** What the customer still owes by a pay link: the deposit of a booked rental; null otherwise. */
const owedCents = (row: Pick<RecordRow, "status" | "depositCents">) =>
  row.status === "success" && row.depositCents > 0 ? row.depositCents : null;

const recordLogged = (row: Partial<RecordRow>) => ({
  product_id: row.productId,
  member_id: row.memberId,
  customer_name: row.customerName,
  customer_phone: row.customerPhone,
  customer_email: row.customerEmail,
  units: row.units,
  starts_at: row.startsAt,
  ends_at: row.endsAt,
  rent_cents: row.rentCents,
  deposit_cents: row.depositCents,
  note: row.note,
});

/** "陳大文 · 帳篷 2026-03-02 10:00": the customer and the product, as the log names a rental. */
const rentalName = (customer: string, product: { nameZhHk: string; nameEn: string }, startsAt: string): RecordName => ({
  zhHk: `${customer} · ${product.nameZhHk} ${hongKongTime(startsAt)}`,
  en: `${customer} · ${product.nameEn || product.nameZhHk} ${hongKongTime(startsAt)}`,
});

const memberById = (store: StoreScope, id: number | null) =>
  store
    .selectFields(
      members,
      { id: members.id, name: members.name, phone: members.phone, email: members.email },
      eq(members.id, id ?? 0),
    )
    .limit(1);
type MemberRow = Awaited<ReturnType<typeof memberById>>[number];

/** The customer fields: a member's own, or the guest's as typed. */
function customerOf(
  input: { member_id: number | null; customer_name?: string; customer_phone?: string; customer_email?: string },
  memberRows: MemberRow[],
) {
  if (input.member_id === null) {
    return {
      memberId: null,
      customerName: input.customer_name ?? "",
      customerPhone: input.customer_phone ?? "",
      customerEmail: input.customer_email ?? "",
    };
  }
  const member = memberRows[0];
  if (!member) throw new ActionError(404, "not-found", { member_id: ["member-not-found"] });
  return {
    memberId: member.id,
    customerName: member.name,
    customerPhone: member.phone ?? "",
    customerEmail: member.email,
  };
}

/** The database's refusals of a rental's insert or change, by the trigger that refused it. */
function rethrowRentingRefusal(error: unknown): never {
  const text = errorText(error);
  if (text.includes("renting_units_unavailable")) {
    throw new ActionError(409, "renting-units-unavailable", { units: ["renting-units-unavailable"] });
  }
  if (text.includes("renting_product_unrentable")) {
    throw new ActionError(409, "renting-product-unrentable", { product_id: ["renting-product-unrentable"] });
  }
  if (text.includes("renting_record_closed")) throw new ActionError(409, "renting-record-closed");
  rethrowStaleVersion(error);
}

/** Whether a rental still holds its units (booked or picked up). */
const holdsUnits = (status: RecordRow["status"]) => status === "success" || status === "rented";

/**
 * Each Hong Kong day of the month with the most units held at one moment of it. Over half-open ranges
 * the most are out at the day's start or at a rental's start within the day.
 */
function dailyBookedUnits(month: string, records: RecordRow[]) {
  const first = `${month}-01`;
  const holding = records.filter((record) => holdsUnits(record.status));
  const days: { date: string; booked_units: number }[] = [];
  for (let offset = 0; ; offset++) {
    const dayStart = hongKongDayStart(first, offset);
    const date = new Date(Date.parse(dayStart) + 8 * 3_600_000).toISOString().slice(0, 10);
    if (!date.startsWith(month)) break;
    const dayEnd = hongKongDayStart(first, offset + 1);
    const moments = [
      dayStart,
      ...holding.map((record) => record.startsAt).filter((at) => at > dayStart && at < dayEnd),
    ];
    const held = (at: string) =>
      holding
        .filter((record) => record.startsAt <= at && record.endsAt > at)
        .reduce((sum, record) => sum + record.units, 0);
    days.push({ date, booked_units: Math.max(...moments.map(held)) });
  }
  return days;
}

export const rentingActions = [
  productCrud.list({
    search: [rentingProducts.nameZhHk, rentingProducts.nameEn],
    sorts: PRODUCT_SORT_COLUMNS,
    filter: ({ status }) => (status === undefined ? undefined : eq(rentingProducts.status, status)),
  }),
  productCrud.get(),
  productCrud.add(),
  productCrud.edit({
    refusal: (error) => {
      if (errorText(error).includes("renting_units_unavailable")) {
        throw new ActionError(409, "renting-units-unavailable", { units_owned: ["renting-units-unavailable"] });
      }
    },
  }),

  defineAction("get_renting_calendar_data_by_application_key", "store:renting:read", {
    reads: ({ product_id, month }, { store }) => {
      const from = hongKongDayStart(`${month}-01`);
      const next = new Date(Date.parse(`${month}-01T00:00:00Z`));
      next.setUTCMonth(next.getUTCMonth() + 1);
      const until = hongKongDayStart(next.toISOString().slice(0, 10));
      return [
        productById(store, product_id),
        store
          .selectFields(
            rentingRecords,
            recordFields(store),
            eq(rentingRecords.productId, product_id),
            lt(rentingRecords.startsAt, until),
            gt(rentingRecords.endsAt, from),
            ne(rentingRecords.status, "cancelled"),
          )
          .orderBy(asc(rentingRecords.startsAt), asc(rentingRecords.id))
          .limit(MAX_CALENDAR_RECORDS),
      ] as const;
    },
    handler: async ({ month }, _context, [products, records]) => ({
      product: productChoice(foundProduct(products)),
      days: dailyBookedUnits(month, records),
      records: records.map(toRecord),
    }),
  }),

  defineAction("get_renting_record_data_and_total_number_by_sorting_and_limit", "store:renting:read", {
    reads: ({ product_id }, { store }) => [productById(store, product_id ?? 0)] as const,
    handler: async (input, { store }, [products]) => {
      if (input.product_id !== undefined) foundProduct(products);
      const matching = and(
        contains([rentingRecords.customerName, rentingRecords.customerPhone], input.keyword),
        input.status === undefined ? undefined : eq(rentingRecords.status, input.status),
        input.product_id === undefined ? undefined : eq(rentingRecords.productId, input.product_id),
        input.date_from === undefined ? undefined : gte(rentingRecords.startsAt, hongKongDayStart(input.date_from)),
        input.date_to === undefined ? undefined : lt(rentingRecords.startsAt, hongKongDayStart(input.date_to, 1)),
      );
      return pagedList(
        store,
        input,
        {
          rows: store.selectFields(rentingRecords, recordFields(store), matching),
          count: store.selectFields(rentingRecords, { total: count() }, matching),
          sortBy: RECORD_SORT_COLUMNS[input.sorting],
          id: rentingRecords.id,
        },
        toRecord,
      );
    },
  }),

  defineAction("get_renting_record_data_by_application_key_and_id", "store:renting:read", {
    reads: ({ id }, { store }) => [recordById(store, id)] as const,
    handler: async ({ returned_at }, { now, env }, [rows]) => {
      const row = found(rows);
      const owed = owedCents(row);
      const returnedAt = returned_at ?? now.toISOString();
      const late = lateFeeFor(row.endsAt, returnedAt, row.lateFeePerDayCents, row.units);
      return {
        ...toRecord(row),
        late_fee_per_day_cents: row.lateFeePerDayCents,
        return_preview:
          row.status === "rented"
            ? { returned_at: returnedAt, late_days: late.lateDays, late_fee_cents: late.cents }
            : null,
        pay_link:
          owed === null
            ? null
            : await payLinkFor(
                env.SESSION_SECRET,
                { applicationKey: row.applicationKey, kind: "rental", id: row.id, amountCents: owed },
                now,
              ),
      };
    },
  }),

  defineAction("add_renting_record_pay_link_email_data", "store:renting:write", {
    reads: ({ id }, { store }) =>
      [recordById(store, id), store.selectFields(storeAccounts, { name: storeAccounts.storeName }).limit(1)] as const,
    handler: async ({ id, language }, context, [rows, [account]]) => {
      const row = found(rows);
      return sendPayLink(context, {
        kind: "rental",
        id,
        amountCents: owedCents(row),
        to: row.customerEmail,
        name: row.customerName,
        storeName: account?.name ?? "",
        purpose: { kind: "rental", id, product: { zh_hk: row.productNameZhHk, en: row.productNameEn } },
        language,
        log: {
          dataType: RECORD_DATA_TYPE,
          recordName: rentalName(
            row.customerName,
            { nameZhHk: row.productNameZhHk, nameEn: row.productNameEn },
            row.startsAt,
          ),
        },
      });
    },
  }),

  defineAction("get_renting_record_option_data_list_by_application_key", "store:renting:read", {
    reads: ({ keyword }, { store }) =>
      [
        store
          .select(rentingProducts, eq(rentingProducts.status, "rentable"))
          .orderBy(desc(rentingProducts.createdAt), desc(rentingProducts.id))
          .limit(MAX_RENTING_PRODUCT_CHOICES),
        memberMatchesQuery(store, keyword, MAX_RENTING_MEMBER_MATCHES),
      ] as const,
    handler: async (_input, _context, [products, matches]) => ({
      products: products.map(productChoice),
      members: matches.map(toMemberMatch),
    }),
  }),

  defineAction("get_renting_price_data_by_application_key", "store:renting:read", {
    reads: ({ product_id }, { store }) => [productById(store, product_id)] as const,
    handler: async ({ units, starts_at, ends_at }, _context, [products]) => {
      const { charge, rentCents, depositCents } = chargeOf(foundProduct(products), units, starts_at, ends_at);
      return {
        days: charge.days,
        months: charge.months,
        weeks: charge.weeks,
        extra_days: charge.extraDays,
        rent_cents: rentCents,
        deposit_cents: depositCents,
      };
    },
  }),

  defineAction("add_renting_record_data", "store:renting:write", {
    reads: ({ product_id, member_id }, { store }) =>
      [productById(store, product_id), memberById(store, member_id)] as const,
    handler: async (input, { store, caller, now }, [products, memberRows]) => {
      const product = foundProduct(products);
      if (product.status !== "rentable") {
        throw new ActionError(409, "renting-product-unrentable", { product_id: ["renting-product-unrentable"] });
      }
      if (hongKongDate(new Date(input.starts_at)) < hongKongDate(now) && !input.confirm_outside_rules) {
        throw new ActionError(409, "renting-start-passed", { starts_at: ["renting-start-passed"] });
      }
      const customer = customerOf(input, memberRows);
      const { rentCents, depositCents } = chargeOf(product, input.units, input.starts_at, input.ends_at);
      const values = {
        productId: product.id,
        ...customer,
        units: input.units,
        startsAt: input.starts_at,
        endsAt: input.ends_at,
        rentCents,
        depositCents,
        note: input.note ?? "",
        actorEmail: caller.email,
      };
      const [[added]] = await store
        .batch([
          store.insert(rentingRecords, [values]).returning({ id: rentingRecords.id }),
          store.log(caller, now, {
            action: "add",
            dataType: RECORD_DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: rentalName(customer.customerName, product, values.startsAt),
            before: null,
            after: { ...recordLogged(values), status: "success" },
          }),
        ])
        .catch(rethrowRentingRefusal);
      return { id: added.id };
    },
  }),

  defineAction("update_renting_record_data_by_application_key_and_id", "store:renting:write", {
    reads: ({ id, member_id }, { store }) =>
      [
        recordById(store, id),
        store
          .select(
            rentingProducts,
            eq(
              rentingProducts.id,
              sql`(select ${rentingRecords.productId} from ${rentingRecords} where ${store.where(rentingRecords, eq(rentingRecords.id, id))})`,
            ),
          )
          .limit(1),
        memberById(store, member_id),
      ] as const,
    handler: async (input, { store, caller, now }, [rows, products, memberRows]) => {
      const record = found(rows);
      if (record.status !== "success") throw new ActionError(409, "renting-record-closed");
      const product = found(products);
      const customer = customerOf(input, memberRows);
      const { rentCents, depositCents } = chargeOf(product, input.units, input.starts_at, input.ends_at);
      const values = {
        ...customer,
        units: input.units,
        startsAt: input.starts_at,
        endsAt: input.ends_at,
        rentCents,
        depositCents,
        note: input.note ?? "",
      };
      await store
        .batch([
          store.update(
            rentingRecords,
            { ...values, actorEmail: caller.email, version: nextVersion(rentingRecords.version, input.version) },
            eq(rentingRecords.id, record.id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: RECORD_DATA_TYPE,
            recordId: record.id,
            recordName: rentalName(values.customerName, product, values.startsAt),
            before: recordLogged(record),
            after: recordLogged({ ...record, ...values }),
          }),
        ])
        .catch(rethrowRentingRefusal);
      return null;
    },
  }),

  /**
   * A move of the rental's status, over the version the page showed: of two moves at once one is saved.
   * The return charges the late fee at the product's late fee per day; the settlement refunds the deposit.
   */
  defineAction("update_renting_record_status_data_by_application_key_and_id", "store:renting:write", {
    reads: ({ id }, { store }) => [recordById(store, id)] as const,
    handler: async (input, { store, caller, now }, [rows]) => {
      const record = found(rows);
      if (record.status === "completed" || record.status === "cancelled") {
        throw new ActionError(409, "renting-record-closed");
      }
      if (record.version !== input.version) throw new ActionError(409, "edited-elsewhere");
      if (record.status !== STATUS_BEFORE[input.status]) {
        throw new ActionError(409, "renting-transition-not-allowed");
      }
      const at = now.toISOString();
      const change = moveOf(input, record, at);
      await store
        .batch([
          store.update(
            rentingRecords,
            {
              status: input.status,
              ...change,
              actorEmail: caller.email,
              version: nextVersion(rentingRecords.version, input.version),
            },
            eq(rentingRecords.id, record.id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: RECORD_DATA_TYPE,
            recordId: record.id,
            recordName: rentalName(
              record.customerName,
              { nameZhHk: record.productNameZhHk, nameEn: record.productNameEn },
              record.startsAt,
            ),
            before: {
              status: record.status,
              returned_at: record.returnedAt,
              late_fee_cents: record.lateFeeCents,
              deposit_refunded_cents: record.depositRefundedCents,
              deposit_deduction_note: record.depositDeductionNote,
            },
            after: {
              status: input.status,
              returned_at: change.returnedAt ?? record.returnedAt,
              late_fee_cents: change.lateFeeCents ?? record.lateFeeCents,
              deposit_refunded_cents: change.depositRefundedCents ?? record.depositRefundedCents,
              deposit_deduction_note: change.depositDeductionNote ?? record.depositDeductionNote,
            },
          }),
        ])
        .catch(rethrowRentingRefusal);
      return null;
    },
  }),
];

/** The columns a status move sets besides the status, with its own checks. */
function moveOf(
  input: Payload<"update_renting_record_status_data_by_application_key_and_id">,
  record: ListedRow,
  at: string,
): {
  pickedUpAt?: string;
  returnedAt?: string;
  lateFeeCents?: number;
  completedAt?: string;
  depositRefundedCents?: number;
  depositDeductionNote?: string;
  cancelledAt?: string;
} {
  switch (input.status) {
    case "rented":
      return { pickedUpAt: at };
    case "cancelled":
      return { cancelledAt: at };
    case "returned": {
      const returnedAt = input.returned_at ?? at;
      if (returnedAt <= record.startsAt) {
        throw new ActionError(400, "invalid-payload", { returned_at: ["end-date-before-start"] });
      }
      const late = lateFeeFor(record.endsAt, returnedAt, record.lateFeePerDayCents, record.units);
      return { returnedAt, lateFeeCents: late.cents };
    }
    case "completed": {
      const refunded = input.deposit_refunded_cents ?? record.depositCents;
      if (refunded > record.depositCents) {
        throw new ActionError(400, "invalid-payload", { deposit_refunded_cents: ["format-not-match"] });
      }
      const note = input.deposit_deduction_note ?? "";
      if (refunded < record.depositCents && note === "") {
        throw new ActionError(400, "invalid-payload", { deposit_deduction_note: ["force-input"] });
      }
      return { completedAt: at, depositRefundedCents: refunded, depositDeductionNote: note };
    }
  }
}
