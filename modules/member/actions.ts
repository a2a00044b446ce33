import { desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import { MEMBER_COUPONS_SHOWN, type MemberDetail, type MemberRecord } from "./contract";
import { storeCreditActions, storeCreditOf } from "./store-credit";
import { cashDollarOn, cashDollarSettingQuery, cashDollarStatements } from "../../backend/cash-dollar";
import { couponStatus } from "../../backend/coupons";
import { currentPlanQuery } from "../../backend/current-plan";
import { chunks } from "../../backend/db/chunks";
import type { StoreScope } from "../../backend/db/scope";
import { couponMembers, couponRedemptions, coupons, members } from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { defineStoreCrud } from "../../backend/crud";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { rethrowUniqueViolation } from "../../backend/unique";

type MemberFields = Omit<Payload<"add_member_data">, "application_key">;
type MemberRow = typeof members.$inferSelect;
type PlanRow = Awaited<ReturnType<typeof currentPlanQuery>>[number];

const DATA_TYPE = "member_data";

const SORT_COLUMNS = {
  create_date: members.createdAt,
  registration_date: members.registrationDate,
  name: sql`${members.name} COLLATE NOCASE`,
} as const;

/** The database judges e-mails and phones taken, so two racing saves cannot both win. */
const UNIQUE_CONFLICTS = {
  "member.email": { message: "email-used", field: "email" },
  "member.phone": { message: "phone-used", field: "phone" },
} as const;

function toColumns(input: MemberFields, now: Date) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    registrationDate: input.registration_date ?? hongKongDate(now),
    level: input.level,
    birthdayMonth: input.birthday_month,
    marketingConsent: input.marketing_consent,
    disabled: input.disabled,
    note: input.note,
    deliveryAddress: input.delivery_address,
    deliveryDistrict: input.delivery_district,
  };
}

const toRecord = (row: MemberRow): MemberRecord =>
  snakeCased(row, { omit: ["applicationKey", "memberNumber", "createdAt"], add: { create_date: row.createdAt } });

/** The fields as the payload names them, so the log shows only real changes. */
const toLogged = (columns: ReturnType<typeof toColumns>) =>
  snakeCased(columns, {
    pick: [
      "name",
      "email",
      "phone",
      "registrationDate",
      "level",
      "birthdayMonth",
      "marketingConsent",
      "disabled",
      "note",
      "deliveryAddress",
      "deliveryDistrict",
    ],
  });

const memberById = (store: StoreScope, id: number) => store.select(members, eq(members.id, id)).limit(1);

/** The coupons issued to the member (birthday coupons and coupons for chosen members), newest first. */
const couponsOfMember = (store: StoreScope, memberId: number) =>
  store
    .selectFields(
      coupons,
      {
        id: coupons.id,
        code: coupons.code,
        titleZhHk: coupons.titleZhHk,
        titleEn: coupons.titleEn,
        source: coupons.source,
        disabled: coupons.disabled,
        startsAt: coupons.startsAt,
        expiresAt: coupons.expiresAt,
        usageLimit: coupons.usageLimit,
        timesUsed: coupons.timesUsed,
        used: sql<number>`exists (select 1 from ${couponRedemptions} where ${store.where(
          couponRedemptions,
          eq(couponRedemptions.memberId, memberId),
          eq(couponRedemptions.couponId, coupons.id),
        )})`,
      },
      inArray(
        coupons.id,
        store.selectFields(couponMembers, { id: couponMembers.couponId }, eq(couponMembers.memberId, memberId)),
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(MEMBER_COUPONS_SHOWN);

/** VIP only when the store's current plan has it; a member already VIP keeps the level. */
function checkLevel(level: MemberFields["level"], plan: PlanRow | undefined, before?: MemberRow) {
  if (level === "vip" && !plan?.hasVip && before?.level !== "vip") {
    throw new ActionError(400, "invalid-payload", { level: ["plan-has-no-vip"] });
  }
}

/** The store's next member number, given inside the insert itself (the unique index keeps it one per member). */
const nextMemberNumber = (store: StoreScope) =>
  sql`(select coalesce(max(${members.memberNumber}), 0) + 1 from ${members} where ${members.applicationKey} = ${store.applicationKey})`;
const nextMemberCode = (store: StoreScope) =>
  sql`(select printf('M%05d', coalesce(max(${members.memberNumber}), 0) + 1) from ${members} where ${members.applicationKey} = ${store.applicationKey})`;

/** The welcome credit of a member the same batch inserts, found by its e-mail (unique in the store). */
function welcomeStatements(
  store: StoreScope,
  caller: Parameters<typeof cashDollarStatements>[1],
  email: string,
  welcomeCents: number,
) {
  if (welcomeCents <= 0) return [];
  // last_insert_rowid() moves with the log's insert, so the new member is found by its e-mail.
  const memberId = sql<number>`(select ${members.id} from ${members} where ${store.where(members, eq(members.email, email))})`;
  return cashDollarStatements(store, caller, { memberId, amountCents: welcomeCents, action: "welcome_cash_dollar" });
}

/** Only the list: a member's other actions check the plan's levels, codes and welcome credit. */
const listed = defineStoreCrud({ entity: "member", table: members, module: "member", toRecord });

export const memberActions = [
  listed.list({
    search: [members.name, members.email, members.phone, members.memberCode],
    sorts: SORT_COLUMNS,
    filter: (input) => [
      input.level === undefined ? undefined : eq(members.level, input.level),
      input.birthday_month === undefined ? undefined : eq(members.birthdayMonth, input.birthday_month),
      input.marketing_consent === undefined ? undefined : eq(members.marketingConsent, input.marketing_consent),
      input.disabled === undefined ? undefined : eq(members.disabled, input.disabled),
    ],
  }),

  defineAction("get_member_data_by_application_key_and_id", "store:member:read", {
    reads: ({ id }, { store }) =>
      [memberById(store, id), couponsOfMember(store, id), storeCreditOf(store, id)] as const,
    handler: async (_input, { now }, [rows, couponRows, [credit]]): Promise<MemberDetail> => ({
      ...toRecord(found(rows)),
      store_credit_cents: credit?.balanceCents ?? 0,
      coupons: couponRows.map((coupon) => ({
        id: coupon.id,
        code: coupon.code,
        title_zh_hk: coupon.titleZhHk,
        title_en: coupon.titleEn,
        source: coupon.source,
        status: couponStatus(coupon, now),
        used: Boolean(coupon.used),
        expires_at: coupon.expiresAt,
      })),
    }),
  }),

  /**
   * The member, its log entry and, when cash dollar is on with a welcome amount, the welcome credit
   * (ledger row and balance): one batch, so a member gets the welcome cash dollar once, with the add.
   */
  defineAction("add_member_data", "store:member:write", {
    reads: (_input, { store, now }) => [currentPlanQuery(store, now), cashDollarSettingQuery(store)] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [[plan], [setting]]) => {
      checkLevel(input.level, plan);
      const columns = toColumns(input, now);
      const welcomeCents = cashDollarOn(plan, setting) ? (setting?.welcomeCents ?? 0) : 0;
      const [[added]] = await store
        .batch([
          store
            .insert(members, [{ ...columns, memberNumber: nextMemberNumber(store), memberCode: nextMemberCode(store) }])
            .returning({ id: members.id, memberCode: members.memberCode }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: oneName(columns.name),
            before: null,
            after: toLogged(columns),
          }),
          ...welcomeStatements(store, caller, columns.email, welcomeCents),
        ])
        .catch((error) => rethrowUniqueViolation(error, UNIQUE_CONFLICTS));
      return { id: added.id, member_code: added.memberCode };
    },
  }),

  defineAction("update_member_data_by_application_key_and_id", "store:member:write", {
    reads: ({ id }, { store, now }) => [memberById(store, id), currentPlanQuery(store, now)] as const,
    handler: async ({ application_key: _key, id, version, ...input }, { store, caller, now }, [rows, [plan]]) => {
      const before = found(rows);
      checkLevel(input.level, plan, before);
      // A blank registration date keeps the one the member has.
      const columns = toColumns(
        { ...input, registration_date: input.registration_date ?? before.registrationDate },
        now,
      );
      await store
        .batch([
          store.update(members, { ...columns, version: nextVersion(members.version, version) }, eq(members.id, id)),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: oneName(columns.name),
            before: toLogged(before),
            after: toLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion)
        .catch((error) => rethrowUniqueViolation(error, UNIQUE_CONFLICTS));
      return null;
    },
  }),

  /**
   * The spreadsheet import, all rows or none, in one batch: a row whose e-mail is a member's updates
   * that member (version + 1, so an open form of theirs turns stale; a blank registration date keeps
   * theirs), any other adds a member with the store's next code and, when cash dollar is on, the welcome
   * credit. Every refusal is named by row (`rows.<index>.<field>`) before anything is written.
   */
  defineAction("add_member_data_in_batch", "store:member:write", {
    reads: ({ rows }, { store, now }) =>
      [
        currentPlanQuery(store, now),
        cashDollarSettingQuery(store),
        ...chunks(rows, 40).map((chunk) => {
          const phones = chunk.flatMap((row) => (row.phone ? [row.phone] : []));
          return store.select(
            members,
            or(
              inArray(
                members.email,
                chunk.map((row) => row.email),
              ),
              phones.length ? inArray(members.phone, phones) : undefined,
            ),
          );
        }),
      ] as const,
    handler: async ({ rows }, { store, caller, now }, [[plan], [setting], ...taken]) => {
      const existing = taken.flat();
      const byEmail = new Map(existing.map((row) => [row.email, row]));
      const byPhone = new Map(existing.flatMap((row) => (row.phone ? [[row.phone, row] as const] : [])));
      const fields: Record<string, string[]> = {};
      for (const [index, row] of rows.entries()) {
        const before = byEmail.get(row.email);
        if (row.level === "vip" && !plan?.hasVip && before?.level !== "vip") {
          fields[`rows.${index}.level`] = ["plan-has-no-vip"];
        }
        const phoneOwner = row.phone ? byPhone.get(row.phone) : undefined;
        if (phoneOwner && phoneOwner.id !== before?.id) fields[`rows.${index}.phone`] = ["phone-used"];
      }
      if (Object.keys(fields).length > 0) throw new ActionError(409, "invalid-payload", fields);
      const welcomeCents = cashDollarOn(plan, setting) ? (setting?.welcomeCents ?? 0) : 0;
      const statements = rows.flatMap((row) => {
        const before = byEmail.get(row.email);
        if (before) {
          const columns = toColumns(
            { ...row, registration_date: row.registration_date ?? before.registrationDate },
            now,
          );
          return [
            store.update(members, { ...columns, version: sql`${members.version} + 1` }, eq(members.id, before.id)),
            store.log(caller, now, {
              action: "edit",
              dataType: DATA_TYPE,
              recordId: before.id,
              recordName: oneName(columns.name),
              before: toLogged(before),
              after: toLogged(columns),
            }),
          ];
        }
        const columns = toColumns(row, now);
        return [
          store.insert(members, [
            { ...columns, memberNumber: nextMemberNumber(store), memberCode: nextMemberCode(store) },
          ]),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: oneName(columns.name),
            before: null,
            after: toLogged(columns),
          }),
          ...welcomeStatements(store, caller, columns.email, welcomeCents),
        ];
      });
      await store
        .batch(statements as [(typeof statements)[number], ...typeof statements])
        .catch((error) => rethrowUniqueViolation(error, UNIQUE_CONFLICTS));
      const updated = rows.filter((row) => byEmail.has(row.email)).length;
      return { added: rows.length - updated, updated };
    },
  }),

  ...storeCreditActions,
];
